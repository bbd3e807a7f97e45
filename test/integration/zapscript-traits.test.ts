/**
 * ZapScript traits (`#key=value`, `**traits:{…}`) end to end, as the reference treats them: they are data of the
 * script, not commands. A tag with traits runs its commands (the traits are not launched as a path), a tag with
 * only traits runs nothing and succeeds, a bad trait name alone is an invalid script. Tokens come from a fake reader
 * below the driver seam; `tapserve parse` shows the traits.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import type { HistoryEntry } from "../../src/core/wire/index.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { type FakeReaderService, startFakeReaderService } from "../fixtures/fake-reader-service.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type TestService } from "../fixtures/service.ts";

const ROOT = join(import.meta.dir, "../..");
let svc: TestService;
let env: FakeReaderService | undefined;
let client: RpcClient;
let emu: { script: string; record: string };
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);
const reader = () => driver.reader("/dev/fake0");
const history = async () => (await client.call<{ entries: HistoryEntry[] }>("tokens.history")).entries;

/** Presents a tag, waits for its history entry, takes the tag off again. */
async function tap(uid: string, text: string): Promise<HistoryEntry> {
  reader().present({ uid, text });
  const entry = await waitFor(async () => (await history()).find((e) => e.uid === uid), `the history entry of ${uid}`);
  reader().remove();
  return entry;
}

beforeAll(async () => {
  env = await startFakeReaderService({ prefix: "tapserve-traits-", files: ["roms/Genesis/Sonic.md"], driver, emulatorId: "TraitsEmu" });
  ({ svc, client, emu } = env);
});

afterAll(async () => {
  await env?.stop();
});

describe("traits", () => {
  test("a tag with traits runs its commands: the traits are not part of what launches", async () => {
    const entry = await tap("04a001", '#character=mario #level=5 #tags=[a,"b c"]||Genesis/Sonic.md||**traits:{"x":1}');
    expect(entry).toMatchObject({ success: true, trace: { ok: true } });
    await waitFor(() => existsSync(emu.record), "the emulator");
    expect(readFileSync(emu.record, "utf8")).toContain("Sonic.md");
    expect(await client.call("media.active")).toMatchObject({ systemId: "Genesis" });
  });

  test("a tag holding only traits runs nothing and succeeds", async () => {
    await client.call("stop");
    rmSync(emu.record, { force: true });
    const entry = await tap("04a002", "#level=5 #active");
    expect(entry).toMatchObject({ success: true, trace: { ok: true } });
    expect(existsSync(emu.record)).toBe(false);
  });

  test("a bad trait name alone is an invalid script; beside a command it is dropped", async () => {
    const bad = await tap("04a003", "#my-trait=x");
    expect(bad).toMatchObject({ success: false, trace: { reason: "invalid_script", error: expect.stringContaining("invalid trait key") } }); // the reference parser's words
    const beside = await tap("04a004", "#my-trait=x||Genesis/Sonic.md");
    expect(beside).toMatchObject({ success: true });
    await waitFor(() => existsSync(emu.record), "the emulator");
  });

  test("tapserve parse shows the traits beside the commands", () => {
    const r = spawnSync(join(ROOT, "node_modules/.bin/bun"), [join(ROOT, "src/main.ts"), "parse", "#Level=5 #name='A b'||**echo:hi"], { encoding: "utf8", timeout: 20_000 });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ commands: [{ name: "echo", args: ["hi"] }], traits: { level: 5, name: "A b" } });
  });
});
