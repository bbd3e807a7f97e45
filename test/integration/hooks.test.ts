/**
 * The reference's hook scripts, end to end: `readers.scan.on_scan` (with the token scanned in `scanned`, before it
 * launches; a failure drops the scan), `readers.scan.on_remove` (hold mode, before the exit; a failure keeps the
 * media running) and `launchers.on_media_start` (after media starts). Tokens come from a fake reader below the
 * driver seam; the hooks call a loopback HTTP stand-in, which is what they are seen by.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { HistoryEntry } from "../../src/core/wire/index.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { type FakeReaderService, startFakeReaderService } from "../fixtures/fake-reader-service.ts";
import { startHttpStandIn, type HttpStandIn } from "../fixtures/http-standin.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type TestService } from "../fixtures/service.ts";

let svc: TestService;
let env: FakeReaderService | undefined;
let client: RpcClient;
let web: HttpStandIn;
let emu: { script: string; record: string };
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);
const reader = () => driver.reader("/dev/fake0");

const history = async () => (await client.call<{ entries: HistoryEntry[] }>("tokens.history")).entries;
const seen = () => web.requests.map((r) => r.path);
const setScan = (patch: { on_scan?: string; on_remove?: string }) =>
  svc.app.config.update((d) => {
    Object.assign(d.readers.scan, patch);
  });

beforeAll(async () => {
  web = await startHttpStandIn((req, res) => {
    res.statusCode = req.path.includes("deny") ? 403 : 200;
    res.end("ok");
  });
  env = await startFakeReaderService({
    prefix: "tapserve-hooks-",
    files: ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md"],
    driver,
    emulatorId: "HookEmu",
    configure: (config) => {
      config.readers!.scan = { mode: "hold", exit_delay: 0, on_scan: `**http.get:${web.url}/scan/[[scanned.id]]`, on_remove: `**http.get:${web.url}/removed` };
      config.launchers!.on_media_start = `**http.get:${web.url}/started/[[active_media.system_id]]`;
      config.zapscript = { allow_http: ["127.0.0.1"] };
    },
  });
  ({ svc, client, emu } = env);
});

afterAll(async () => {
  await env?.stop();
  await web?.close();
});

describe("hooks", () => {
  test("on_scan runs first with the token scanned; the token launches; on_media_start runs after the media started", async () => {
    reader().present({ uid: "04aa01", text: "Genesis/Sonic.md" });
    await waitFor(() => existsSync(emu.record), "the emulator");
    expect(readFileSync(emu.record, "utf8")).toContain("Sonic.md");
    await waitFor(() => seen().includes("/started/Genesis") || undefined, "on_media_start");
    expect(seen()).toEqual(["/scan/04aa01", "/started/Genesis"]);
    const entries = await history();
    expect(entries[0]).toMatchObject({ type: "hook", success: true, text: expect.stringContaining("/started/") });
    expect(entries[1]).toMatchObject({ uid: "04aa01", text: "Genesis/Sonic.md", success: true });
  });

  test("on_remove runs in hold mode before the exit, which then stops the media", async () => {
    reader().remove();
    await waitFor(() => seen().includes("/removed") || undefined, "on_remove");
    await waitFor(async () => (await client.call("media.active")) === null || undefined, "the media to stop");
  });

  test("a failing on_scan drops the scan: nothing launches and no history entry is written", async () => {
    rmSync(emu.record, { force: true });
    web.requests.length = 0;
    const before = (await history()).length;
    setScan({ on_scan: `**http.get:${web.url}/deny/[[scanned.id]]` });
    reader().present({ uid: "04bb02", text: "Genesis/Streets.md" });
    await waitFor(() => seen().includes("/deny/04bb02") || undefined, "on_scan");
    reader().remove();
    setScan({ on_scan: "" });
    reader().present({ uid: "04cc03", text: "Genesis/Sonic.md" });
    await waitFor(() => existsSync(emu.record), "the emulator");
    expect(readFileSync(emu.record, "utf8")).toContain("Sonic.md");
    const added = (await history()).slice(0, (await history()).length - before);
    expect(added.some((e) => e.uid === "04bb02")).toBe(false);
  });

  test("a failing on_remove keeps the media running", async () => {
    setScan({ on_remove: `**http.get:${web.url}/deny-removal` });
    reader().remove();
    await waitFor(() => readFileSync(join(svc.dataDir, "service.log"), "utf8").includes("readers.scan.on_remove failed") || undefined, "on_remove to fail");
    expect(seen()).toContain("/deny-removal");
    expect(await client.call("media.active")).toMatchObject({ systemId: "Genesis" });
  });
});
