import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import type { HistoryEntry as Entry } from "../../src/core/wire/index.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";

let root: string;
let svc: TestService;
let client: RpcClient;
let emu: { script: string; record: string };
let stubborn: { script: string; record: string };
let brief: { script: string; record: string };

const RFC3339_FRACTION = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d)$/;

async function history(): Promise<Entry[]> {
  return (await client.call<{ entries: Entry[] }>("tokens.history")).entries;
}

beforeAll(async () => {
  root = tempDir("tapserve-launch-");
  writeFiles(root, ["roms/SNES/Some Game.sfc", "roms/SNES/Stubborn.smc", "roms/NES/Brief.nes", "roms/SNES/Other.sfc"]);
  emu = writeEmulator(join(root, "emu"));
  stubborn = writeEmulator(join(root, "stubborn"), { ignoreTerm: true });
  brief = writeEmulator(join(root, "brief"), { exitAfter: 0.2 });
  svc = await startService({
    configToml: [
      "[launchers]",
      `index_root = ["${root}/roms"]`,
      "retroarch = false",
      "[[launchers.custom]]",
      'id = "TestEmu"',
      'extensions = [".sfc"]',
      `command = ["${emu.script}", "--rom", "{path}"]`,
      "[[launchers.custom]]",
      'id = "Stubborn"',
      'extensions = ["smc"]',
      `command = ["${stubborn.script}", "{path}"]`,
      "[[launchers.custom]]",
      'id = "Brief"',
      'extensions = [".nes"]',
      `command = ["${brief.script}", "{path}"]`,
      "",
    ].join("\n"),
  });
  client = await svc.connect();
});

afterAll(async () => {
  await client.call("stop");
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("launch → custom launcher → media.active → stop", () => {
  test("a relative path starts the launcher's real process with the resolved path", async () => {
    rmSync(emu.record, { force: true });
    const started = client.waitForNotification<Record<string, unknown>>("media.started", (p) => p.mediaName === "Some Game");
    const launching = client.waitForNotification<Record<string, unknown>>("launching", (p) => p.text === "SNES/Some Game.sfc");
    expect(await client.call("launch", "SNES/Some Game.sfc")).toBeNull();
    expect(await launching).toEqual({ type: "", uid: "", text: "SNES/Some Game.sfc", data: "" });
    // the system comes from the media index's catalog (folder SNES, extension .sfc)
    expect(await started).toEqual({ systemId: "SNES", systemName: expect.any(String), mediaPath: join(root, "roms/SNES/Some Game.sfc"), mediaName: "Some Game", slot: "primary" });

    const [pid, ...args] = readFileSync(await waitFor(() => existsSync(emu.record) && emu.record, "emulator record"), "utf8").trim().split("\n");
    expect(args).toEqual(["--rom", join(root, "roms/SNES/Some Game.sfc")]);
    expect(isAlive(Number(pid))).toBe(true);

    const active = await client.call<Record<string, unknown>>("media.active");
    expect(active).toEqual({
      launcherId: "TestEmu",
      systemId: "SNES",
      systemName: expect.any(String),
      mediaPath: join(root, "roms/SNES/Some Game.sfc"),
      mediaName: "Some Game",
      started: expect.stringMatching(RFC3339_FRACTION),
      zapScript: "SNES/Some Game.sfc",
    });

    const stopped = client.waitForNotification<Record<string, unknown>>("media.stopped", (p) => p.mediaName === "Some Game");
    expect(await client.call("stop")).toBeNull();
    expect(await stopped).toEqual({
      systemId: "SNES",
      systemName: expect.any(String),
      mediaPath: join(root, "roms/SNES/Some Game.sfc"),
      mediaName: "Some Game",
      launcherId: "TestEmu",
      elapsed: expect.any(Number),
      slot: "primary",
    });
    expect(isAlive(Number(pid))).toBe(false);
    expect(await client.call("media.active")).toBeNull();

    const [entry] = await history();
    // the fields the reference's clients read; `id` and `trace` are additions (test/integration/scan-trace.test.ts)
    expect(entry).toEqual({ type: "", uid: "", text: "SNES/Some Game.sfc", data: "", success: true, time: expect.stringMatching(RFC3339_FRACTION), id: expect.any(Number), trace: expect.any(Object) });
  });

  test("stop with nothing running answers null", async () => {
    expect(await client.call("media.active")).toBeNull();
    expect(await client.call("stop")).toBeNull();
  });

  test("a process that ignores SIGTERM is killed after the grace period", async () => {
    rmSync(stubborn.record, { force: true });
    await client.call("launch", "SNES/Stubborn.smc");
    const [pid] = readFileSync(await waitFor(() => existsSync(stubborn.record) && stubborn.record, "record"), "utf8").split("\n");
    expect(isAlive(Number(pid))).toBe(true);
    expect(await client.call("stop")).toBeNull();
    expect(isAlive(Number(pid))).toBe(false);
    expect(await client.call("media.active")).toBeNull();
  });

  test("media that exits by itself is announced as stopped", async () => {
    const stopped = client.waitForNotification<Record<string, unknown>>("media.stopped", (p) => p.mediaName === "Brief");
    await client.call("launch", "NES/Brief.nes");
    expect((await stopped).launcherId).toBe("Brief");
    expect(await client.call("media.active")).toBeNull();
  });

  test("a new launch stops the running media first", async () => {
    rmSync(emu.record, { force: true });
    await client.call("launch", "SNES/Some Game.sfc");
    const [pid] = readFileSync(await waitFor(() => existsSync(emu.record) && emu.record, "record"), "utf8").split("\n");
    const stopped = client.waitForNotification<Record<string, unknown>>("media.stopped", (p) => p.mediaName === "Some Game");
    const started = client.waitForNotification<Record<string, unknown>>("media.started", (p) => p.mediaName === "Other");
    await client.call("launch", "SNES/Other.sfc");
    await stopped;
    await started;
    expect(isAlive(Number(pid))).toBe(false);
    expect((await client.call<Record<string, unknown>>("media.active"))?.mediaName).toBe("Other");
    await client.call("stop");
  });

  test("the launcher can be chosen with ?launcher=, and absolute paths work", async () => {
    // a .sfc file, which TestEmu would take by its extension: ?launcher= makes Brief start it
    rmSync(brief.record, { force: true });
    const stopped = client.waitForNotification<Record<string, unknown>>("media.stopped", (p) => p.mediaName === "Other" && p.launcherId === "Brief");
    await client.call("launch", `${root}/roms/SNES/Other.sfc?launcher=Brief`);
    expect(await stopped).toMatchObject({ launcherId: "Brief", mediaPath: `${root}/roms/SNES/Other.sfc` });
    const [, ...args] = (await waitFor(() => existsSync(brief.record) && readFileSync(brief.record, "utf8"), "Brief to start")).trim().split("\n");
    expect(args).toEqual([`${root}/roms/SNES/Other.sfc`]);
  });
});

describe("history records failures", () => {
  test.each([
    ["SNES/Missing.sfc", "media not found"],
    ["**nosuch.command:1", "unknown command"],
    ['**echo:"unterminated', "unmatched quote"],
    ["SNES/README.txt", "no launcher"],
    ["**delay:soon", "milliseconds"],
    ["**execute:/bin/true", "allow_execute"],
    ["**input.keyboard:{f1}", "not supported"],
    ["**input.keyboard:abc", "input key not allowed: a"],
    ["**launch.random:SNES", "no indexed media for SNES"],
    ["@SNES/Some Game", 'no media of SNES indexed to find "Some Game" in'],
  ])("%p → success false, and the reason is kept", async (text, reason) => {
    if (text === "SNES/README.txt") writeFiles(join(root, "roms"), ["SNES/README.txt"]);
    const entry = await launchAndWait(client, text);
    expect(entry).toMatchObject({ text, success: false });
    expect(entry).not.toHaveProperty("error"); // the reason stays on the device
    expect(svc.app.running().launch.history(1)[0]).toMatchObject({ text, success: false, error: expect.stringContaining(reason) });
  });

  test("a script runs its commands in order and stops at the first failure", async () => {
    const entry = await launchAndWait(client, "**echo:one||**delay:10||**nosuch||SNES/Some Game.sfc");
    expect(entry.success).toBe(false);
    expect(await client.call("media.active")).toBeNull();
  });

  test("tokens run one at a time in arrival order", async () => {
    const before = (await history()).length;
    const texts = ["**delay:150||**echo:a", "**echo:b", "**delay:50||**echo:c", "**echo:d"];
    for (const t of texts) client.sendRaw(JSON.stringify({ jsonrpc: "2.0", method: "launch", params: t }));
    const entries = await waitFor(async () => {
      const e = await history();
      return e.length >= before + texts.length ? e : undefined;
    }, "four entries");
    expect(entries.slice(0, texts.length).map((e) => e.text).reverse()).toEqual(texts);
    expect(entries.slice(0, texts.length).every((e) => e.success)).toBe(true);
  });

  test("the alias history answers the same entries, newest first", async () => {
    const a = await client.call<{ entries: Entry[] }>("history");
    const b = await client.call<{ entries: Entry[] }>("tokens.history");
    expect(a).toEqual(b);
    const times = a.entries.map((e) => e.time);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe("launch params", () => {
  test.each([[{}], [{ uid: "", text: "  " }], [{ type: "nfc" }], [{ text: 5 }], [null], [42], [{ data: "xyz" }], [{ data: "abc" }]])(
    "%p is refused with -32602",
    async (params) => {
      const r = await client.request("launch", params);
      expect(r.error?.code).toBe(-32602);
    },
  );

  test("object params: type, uid and data are recorded; data is normalised to lowercase hex", async () => {
    const entry = await launchAndWait(client, { type: "ntag215", uid: "04:11:22", text: "**echo:x", data: "DE:AD be ef", extra: true });
    expect(entry).toMatchObject({ type: "ntag215", uid: "04:11:22", text: "**echo:x", data: "deadbeef", success: true });
  });

  test("a uid-only token without a mapping is recorded as failed", async () => {
    const entry = await launchAndWait(client, { uid: "04ffff" });
    expect(entry).toMatchObject({ uid: "04ffff", text: "", success: false });
  });
});

describe("service shutdown", () => {
  test("running media outlives a service restart", async () => {
    const dataDir = tempDir("tapserve-restart-");
    const other = await startService({
      dataDir,
      configToml: `[launchers]\nindex_root = ["${root}/roms"]\nretroarch = false\n[[launchers.custom]]\nid = "TestEmu"\nextensions = [".sfc"]\ncommand = ["${emu.script}", "{path}"]\n`,
    });
    rmSync(emu.record, { force: true });
    const c = await other.connect();
    await c.call("launch", "SNES/Other.sfc");
    const [pid] = readFileSync(await waitFor(() => existsSync(emu.record) && emu.record, "record"), "utf8").split("\n");
    await other.stop();
    expect(isAlive(Number(pid))).toBe(true);
    process.kill(-Number(pid), "SIGKILL");
    await waitFor(() => !isAlive(Number(pid)), "emulator gone");
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("launch queue bound", () => {
  test("launches beyond the queue's capacity are refused as busy, then accepted again once it drains", async () => {
    const codes: Array<number | undefined> = [];
    const replies = [];
    for (let i = 0; i < 40; i++) replies.push(client.request("launch", i === 0 ? "**delay:300" : `**echo:${i}`));
    for (const r of await Promise.all(replies)) codes.push(r.error?.code);
    expect(codes.filter((c) => c === 1002).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === undefined).length).toBeGreaterThanOrEqual(32);
    await waitFor(async () => (await client.request("launch", "**echo:after")).error === undefined, "queue drained");
  });
});
