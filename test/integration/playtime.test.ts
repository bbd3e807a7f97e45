import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { PlaytimeLimits, PlaytimeStatus } from "../../src/core/wire/index.ts";
import { ManualClock } from "../fakes/clock.ts";
import { launchAndWait } from "../fixtures/launch-and-wait.ts";
import { isAlive, waitFor, writeEmulator, writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * Parental controls end to end: a 1-minute session limit, a real launcher process, the manual clock. The
 * warning, the limit, the media stopped, launches refused until the session reset gap has passed, and the
 * usage still counted after a restart on the same data folder.
 */

const MIN = 60_000;
const clock = new ManualClock(Date.UTC(2026, 4, 10, 12));
let root: string;
let emu: { script: string; record: string };
let svc: TestService;
let client: RpcClient;

const check = <T>(schema: type.Any, value: T): T => {
  const out = schema(value);
  if (out instanceof type.errors) throw new Error(out.summary);
  return value;
};
const status = async () => check(PlaytimeStatus, await client.call<typeof PlaytimeStatus.infer>("playtime"));
const config = () =>
  [
    "[launchers]",
    `index_root = ["${root}/roms"]`,
    "retroarch = false",
    "[[launchers.custom]]",
    'id = "TestEmu"',
    'extensions = [".sfc"]',
    `command = ["${emu.script}", "{path}"]`,
    "[playtime.limits]",
    "enabled = true",
    'session = "1m"',
    'session_reset = "5m"',
    "",
  ].join("\n");

async function start(): Promise<void> {
  svc = await startService({ dataDir: join(root, "data"), app: { clock } });
  client = await svc.connect();
}

async function launchGame(): Promise<number> {
  rmSync(emu.record, { force: true });
  const started = client.waitForNotification("media.started", () => true);
  await client.call("launch", "SNES/Game.sfc");
  await started;
  return Number(readFileSync(await waitFor(() => existsSync(emu.record) && emu.record, "emulator record"), "utf8").split("\n")[0]);
}

beforeAll(async () => {
  root = tempDir("tapserve-playtime-");
  writeFiles(root, ["roms/SNES/Game.sfc"]);
  emu = writeEmulator(join(root, "emu"));
  await Bun.write(join(root, "data", "config.toml"), config());
  await start();
});
afterAll(async () => {
  await client.call("stop");
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("playtime limits", () => {
  test("the limits as configured, in the reference's shape", async () => {
    expect(check(PlaytimeLimits, await client.call("settings.playtime.limits"))).toEqual({ enabled: true, session: "1m0s", sessionReset: "5m0s", warnings: ["5m0s", "2m0s", "1m0s"], retention: 365 });
    expect(await status()).toEqual({ state: "reset", sessionActive: false, limitsEnabled: true });
  });

  test("a game runs: warned before the limit, stopped at it", async () => {
    const warning = client.waitForNotification("playtime.limit.warning");
    const pid = await launchGame();
    expect(await warning).toEqual({ interval: "1m0s", remaining: "1m0s" });
    expect(await status()).toMatchObject({ state: "active", sessionActive: true, sessionDuration: "0s", sessionRemaining: "1m0s", sessionStarted: new Date(clock.now()).toISOString() });

    await clock.advance(30_000);
    expect(await status()).toMatchObject({ state: "active", sessionDuration: "30s", sessionRemaining: "30s" });
    expect(client.notifications.filter((n) => n.method === "playtime.limit.reached")).toEqual([]);

    const reached = client.waitForNotification("playtime.limit.reached");
    const stopped = client.waitForNotification("media.stopped");
    await clock.advance(30_000);
    expect(await reached).toEqual({ reason: "session" });
    await stopped;
    // the owner finds it in the inbox too
    const { messages } = await client.call<{ messages: Array<{ title: string }> }>("inbox");
    expect(messages[0]?.title).toBe("The session playtime limit was reached");
    await waitFor(() => !isAlive(pid), "the game's process to end");
    expect(await client.call("media.active")).toBeNull();
    expect(await status()).toEqual({ state: "cooldown", sessionActive: false, limitsEnabled: true, sessionDuration: "1m0s", sessionCumulativeTime: "1m0s", sessionRemaining: "0s", cooldownRemaining: "5m0s" });
  });

  test("a new launch is refused with the reason until the session resets", async () => {
    client.notifications.length = 0;
    rmSync(emu.record, { force: true });
    const reached = client.waitForNotification("playtime.limit.reached");
    expect(await launchAndWait(client, "SNES/Game.sfc")).toMatchObject({ success: false, text: "SNES/Game.sfc" });
    expect(await reached).toEqual({ reason: "session" });
    expect(existsSync(emu.record)).toBe(false);
    expect(client.notifications.some((n) => n.method === "media.started")).toBe(false);
  });

  test("after a restart on the same data folder the session's play still counts", async () => {
    await clock.advance(2 * MIN);
    await svc.stop();
    await start();
    expect(await status()).toMatchObject({ state: "cooldown", sessionCumulativeTime: "1m0s", cooldownRemaining: "3m0s" });
    rmSync(emu.record, { force: true });
    const reached = client.waitForNotification("playtime.limit.reached");
    expect(await launchAndWait(client, "SNES/Game.sfc")).toMatchObject({ success: false });
    expect(await reached).toEqual({ reason: "session" });
    expect(existsSync(emu.record)).toBe(false);
  });

  test("after the reset gap launches work again", async () => {
    await clock.advance(3 * MIN);
    expect(await status()).toEqual({ state: "reset", sessionActive: false, limitsEnabled: true });
    const pid = await launchGame();
    expect(isAlive(pid)).toBe(true);
    client.notifications.length = 0;
    const stopped = client.waitForNotification("media.stopped");
    await clock.advance(10_000);
    await client.call("stop");
    await stopped;
  });

  test("daily usage counts every game of today; updates are validated whole and saved", async () => {
    const bad = (await client.request("settings.playtime.limits.update", { daily: "soon", warnings: ["1m", "x"], retention: -1 })).error;
    expect(bad?.code).toBe(-32602);
    for (const field of ["daily", "warnings", "retention"]) expect(bad?.message).toContain(field);
    expect(await client.call("settings.playtime.limits.update", { daily: "2h", warnings: ["10m", "1m"] })).toBeNull();
    expect(await client.call("settings.playtime.limits")).toMatchObject({ daily: "2h0m0s", warnings: ["10m0s", "1m0s"] });
    expect(await status()).toMatchObject({ dailyUsageToday: "1m10s", dailyRemaining: "1h58m50s" });
    expect(readFileSync(join(root, "data", "config.toml"), "utf8")).toMatch(/daily = "2h"/);
  });

  test("an active profile's own limits replace the global ones", async () => {
    await client.call("profiles.new", { name: "Parent", pin: "2468" });
    const kid = await client.call<{ profileId: string }>("profiles.new", { name: "Kid", limitsEnabled: true, sessionLimit: "10m", dailyLimit: "0" });
    await client.call("profiles.switch", { profileId: kid.profileId });
    const s = await status();
    expect(s.dailyRemaining).toBeUndefined(); // "0": no daily limit for this profile
    expect(s.limitsEnabled).toBe(true);
    client.notifications.length = 0;
    const warning = client.waitForNotification("playtime.limit.warning");
    await launchGame();
    expect(await status()).toMatchObject({ state: "active", sessionRemaining: "10m0s" });
    await clock.advance(9 * MIN);
    expect(await warning).toEqual({ interval: "10m0s", remaining: "10m0s" });
    const reached = client.waitForNotification("playtime.limit.reached");
    await clock.advance(MIN);
    expect(await reached).toEqual({ reason: "session" });
  });
});
