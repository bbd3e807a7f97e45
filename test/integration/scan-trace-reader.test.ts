/**
 * Scan traces of tokens from a reader (below the driver seam): the trace names the reader and its driver, and a
 * token the launch guard held says so once it ran.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ScanTrace } from "../../src/core/wire/trace.ts";
import type { HistoryEntry } from "../../src/core/wire/index.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { readerServiceConfig } from "../fixtures/reader-service-config.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);

const history = async () => (await client.call<{ entries: HistoryEntry[] }>("tokens.history")).entries;

/** A user taps a card with `text` on it; resolves with the history entry it left. */
async function tap(uid: string, text: string, after: () => Promise<void> = async () => {}): Promise<{ entry: HistoryEntry; trace: ScanTrace }> {
  const before = (await history()).length;
  const reader = driver.reader("/dev/fake0");
  reader.remove();
  reader.present({ uid, text });
  await after();
  const entry = await waitFor(async () => {
    const all = await history();
    return all.length > before ? all[0] : undefined;
  }, "history entry");
  return { entry, trace: ScanTrace.assert(entry.trace) };
}

async function launched(): Promise<string> {
  const rec = await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8").split("\n"), "the emulator's record");
  rmSync(emu.record);
  return rec[1] ?? "";
}

beforeAll(async () => {
  root = tempDir("tapserve-trace-reader-");
  writeFiles(root, ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md"]);
  emu = writeEmulator(join(root, "emu"));
  driver.plug("/dev/fake0");
  svc = await startService({
    configToml: readerServiceConfig({ readers: { autoDetect: true }, root, emulator: { id: "GuardEmu", script: emu.script, extensions: [".md"] } }),
    app: { drivers: () => [driver] },
  });
  client = await svc.connect();
  await waitFor(async () => (await client.call<{ readers: unknown[] }>("readers")).readers.length > 0, "the fake reader");
});

afterAll(async () => {
  await client?.call("stop").catch(() => {});
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("scan trace from a reader", () => {
  test("names the reader and its driver, what was read and the launcher", async () => {
    const { trace } = await tap("a1b2", "Genesis/Sonic.md");
    expect(await launched()).toEndWith("Sonic.md");
    const [reader] = (await client.call<{ readers: Array<{ readerId: string }> }>("readers")).readers;
    expect(trace).toMatchObject({ source: "reader", readerId: reader!.readerId, driver: "fakenfc", held: false, ok: true });
    expect(trace.read).toMatchObject({ uid: "a1b2", text: "Genesis/Sonic.md" });
    expect(trace.steps[0]).toMatchObject({ command: "launch", outcome: "ok", launcher: "GuardEmu" });
  });

  test("a token the launch guard held says so once confirmed", async () => {
    await client.call("settings.update", { launchGuardEnabled: true, launchGuardTimeout: -1, launchGuardRequireConfirm: true });
    const { entry, trace } = await tap("c3d4", "Genesis/Streets.md", async () => {
      await waitFor(() => client.notifications.find((n) => n.method === "tokens.staged"), "tokens.staged");
      await client.call("confirm");
    });
    expect(entry.success).toBe(true);
    expect(await launched()).toEndWith("Streets.md");
    expect(trace).toMatchObject({ held: true, ok: true, steps: [{ launcher: "GuardEmu" }] });
    expect(trace.reason).toBeUndefined();
  });
});
