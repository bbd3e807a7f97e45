import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ScanTrace } from "../../src/core/wire/trace.ts";
import type { HistoryEntry } from "../../src/core/wire/index.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { recordingRuntime } from "../fixtures/launch-core.ts";
import { waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import { runChild } from "../fixtures/process.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
/** Every program the service started (the runtime's spawn seam, wrapped). */
const spawned: string[][] = [];

const history = async () => (await client.call<{ entries: HistoryEntry[] }>("tokens.history")).entries;

/** Runs a launch to its end and returns its history entry's trace, checked against the wire schema. */
async function traced(params: unknown): Promise<{ entry: HistoryEntry; trace: ScanTrace }> {
  const entry = await launchAndWait(client, params);
  const trace = ScanTrace.assert(entry.trace);
  return { entry, trace };
}

beforeAll(async () => {
  root = tempDir("tapserve-trace-");
  writeFiles(root, ["roms/SNES/Game.sfc", "roms/SNES/Odd.xyz", "roms/GBA/Broken.gba"]);
  emu = writeEmulator(join(root, "emu"));
  const runtime = recordingRuntime(spawned);
  svc = await startService({
    configToml: [
      "[launchers]",
      `index_root = ["${root}/roms"]`,
      "retroarch = false",
      "[[launchers.custom]]",
      'id = "NesOnly"',
      'extensions = [".nes"]',
      `command = ["${emu.script}", "{path}"]`,
      "[[launchers.custom]]",
      'id = "TestEmu"',
      'extensions = [".sfc"]',
      `command = ["${emu.script}", "--rom", "{path}"]`,
      "[[launchers.custom]]",
      'id = "Broken"',
      'extensions = [".gba"]',
      `command = ["${root}/no-such-emulator", "{path}"]`,
      "",
    ].join("\n"),
    app: { runtime },
  });
  client = await svc.connect();
});

afterAll(async () => {
  await client.call("stop");
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("scan trace", () => {
  test("a successful launch names the launcher chosen and the ones passed over", async () => {
    const { entry, trace } = await traced("SNES/Game.sfc");
    expect(entry.success).toBe(true);
    expect(entry.id).toBeNumber();
    expect(trace).toMatchObject({ source: "api", ok: true, held: false, script: "SNES/Game.sfc" });
    expect(trace.mapping).toBeUndefined();
    expect(trace.reason).toBeUndefined();
    expect(trace.commands).toEqual([{ name: "launch", args: ["SNES/Game.sfc"], advArgs: {} }]);
    expect(trace.steps).toEqual([
      {
        command: "launch",
        args: ["SNES/Game.sfc"],
        outcome: "ok",
        ms: expect.any(Number),
        target: join(root, "roms/SNES/Game.sfc"),
        launcher: "TestEmu",
        refused: [{ id: "NesOnly", why: expect.stringContaining("does not handle .sfc files") }],
        pid: expect.any(Number),
      },
    ]);
    // the process the trace names is the one the launcher started
    const [pid] = readFileSync(await waitFor(() => existsSync(emu.record) && emu.record, "emulator record"), "utf8").split("\n");
    expect(trace.steps[0]!.pid).toBe(Number(pid));
    // the same trace by id
    expect(await client.call("tokens.trace", { id: entry.id })).toEqual({ id: entry.id, trace });
  });

  test("a file no launcher takes: reason no_launcher, every launcher refused", async () => {
    const { entry, trace } = await traced("SNES/Odd.xyz");
    expect(entry.success).toBe(false);
    expect(trace.ok).toBe(false);
    expect(trace.reason).toBe("no_launcher");
    expect(trace.steps[0]!.outcome).toBe("failed");
    expect(trace.steps[0]!.launcher).toBeUndefined();
    // every launcher of the device, in priority order (the custom ones first; then Kodi's, Steam … on Linux)
    expect(trace.steps[0]!.refused!.map((r) => r.id).slice(0, 3)).toEqual(["NesOnly", "TestEmu", "Broken"]);
    const all = (await client.call<{ launchers: { id: string }[] }>("launchers")).launchers.map((l) => l.id);
    expect(trace.steps[0]!.refused!.map((r) => r.id).sort()).toEqual(all.sort());
    expect(trace.steps[0]!.refused![1]!.why).toContain(".xyz");
  });

  test("a launcher that cannot start the media: launcher_failed, the launcher named", async () => {
    const { trace } = await traced("GBA/Broken.gba");
    expect(trace).toMatchObject({ ok: false, reason: "launcher_failed" });
    expect(trace.steps[0]).toMatchObject({ command: "launch", outcome: "failed", launcher: "Broken" });
    expect(trace.error).toContain("Broken");
  });

  test("a file under no root: media_not_found; an unknown command: unknown_command", async () => {
    const missing = (await traced("SNES/Missing.sfc")).trace;
    expect(missing.reason).toBe("media_not_found");
    expect(missing.error).toContain("media not found");
    const unknown = (await traced("**echo:hi||**no.such:1")).trace;
    expect(unknown.reason).toBe("unknown_command");
    expect(unknown.steps.map((s) => [s.command, s.outcome])).toEqual([
      ["echo", "ok"],
      ["no.such", "failed"],
    ]);
  });

  test("a mapped UID names its mapping; an unmapped blank tag: none matched, no_script", async () => {
    const { id } = await client.call<{ id: number }>("mappings.new", { enabled: true, label: "my card", type: "uid", match: "exact", pattern: "04aabbcc", override: "**echo:mapped" });
    const mapped = (await traced({ uid: "04:AA:BB:CC" })).trace;
    expect(mapped.ok).toBe(true);
    expect(mapped.read.uid).toBe("04:AA:BB:CC");
    expect(mapped.mapping).toEqual({ id, label: "my card", type: "uid", match: "exact", pattern: "04aabbcc" });
    expect(mapped.script).toBe("**echo:mapped");
    expect(mapped.steps.map((s) => s.command)).toEqual(["echo"]);

    const blank = (await traced({ uid: "0499" })).trace;
    expect(blank).toMatchObject({ ok: false, reason: "no_script", steps: [] });
    expect(blank.mapping).toBeUndefined();
  });

  test("URLs lose their credentials and query strings", async () => {
    const { trace } = await traced("**http.get:http://joe:hunter2@127.0.0.1:9/x?token=abc123");
    const json = JSON.stringify(trace);
    expect(json).not.toContain("hunter2");
    expect(json).not.toContain("abc123");
    expect(trace.read.text).toBe("**http.get:http://***@127.0.0.1:9/x?…");
    // the script parser reads the query as an advanced argument: unknown ones keep no value
    expect(trace.commands[0]).toEqual({ name: "http.get", args: ["http://***@127.0.0.1:9/x"], advArgs: { token: "…" } });
    expect(trace.ok).toBe(false);
    expect(trace.reason).toBe("command_failed");
  });

  test("history entries keep answering the old fields; tokens.trace of an unknown id is not found", async () => {
    for (const e of await history()) expect(Object.keys(e).sort()).toEqual(expect.arrayContaining(["data", "success", "text", "time", "type", "uid"]));
    expect((await client.request("tokens.trace", { id: 999_999 })).error).toBeDefined();
  });
});

describe("dry run", () => {
  test("returns the trace of what would happen, starts nothing, writes no history", async () => {
    await client.call("stop");
    const before = (await history()).length;
    const spawnsBefore = spawned.length;
    rmSync(emu.record, { force: true });
    const dry = ScanTrace.assert(await client.call("launch", { text: "SNES/Game.sfc||**delay:10", dryRun: true }));
    expect(dry).toMatchObject({ dryRun: true, ok: true, script: "SNES/Game.sfc||**delay:10" });
    expect(dry.steps.map((s) => [s.command, s.outcome, s.launcher])).toEqual([
      ["launch", "ok", "TestEmu"],
      ["delay", "skipped", undefined],
    ]);
    expect(spawned.length).toBe(spawnsBefore);
    expect(existsSync(emu.record)).toBe(false);
    expect((await history()).length).toBe(before);
    expect(await client.call("media.active")).toBeNull();

    // the real launch's trace says the same about the launch step
    const real = (await traced("SNES/Game.sfc")).trace;
    const { ms: _a, ...dryStep } = dry.steps[0]!;
    const { ms: _b, pid, ...realStep } = real.steps[0]!;
    expect(pid).toBeNumber();
    expect(realStep).toEqual(dryStep);
    await waitFor(() => existsSync(emu.record) && readFileSync(emu.record, "utf8"), "emulator started");
  });

  test("run with dryRun, failing: the reason without a history entry", async () => {
    const before = (await history()).length;
    const dry = ScanTrace.assert(await client.call("run", { text: "SNES/Odd.xyz", dryRun: true }));
    expect(dry).toMatchObject({ ok: false, reason: "no_launcher", dryRun: true });
    expect((await history()).length).toBe(before);
  });
});

describe("CLI", () => {
  test("tapserve why prints the latest trace; parse --explain a dry run", async () => {
    await traced("SNES/Odd.xyz");
    const why = runChild(["why", "--port", String(svc.port)]);
    expect((await why.exited).code).toBe(0);
    expect(why.output()).toContain("failed [no_launcher]");
    expect(why.output()).toContain("refused:  TestEmu");

    const explain = runChild(["parse", "--explain", "SNES/Game.sfc", "--port", String(svc.port)]);
    expect((await explain.exited).code).toBe(0);
    expect(explain.output()).toContain("dry run");
    expect(explain.output()).toContain("launcher: TestEmu");
  });
});
