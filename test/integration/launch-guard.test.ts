/**
 * The launch guard (`readers.scan.launch_guard`, the phone app's launchGuard* settings) through the whole
 * service: a reader (below the driver seam) scans tokens, a real emulator process runs, the guard's timers run on
 * a manual clock, and everything is observed as a client sees it: notifications, `media`, `confirm`, `settings`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ManualClock, settle } from "../fakes/clock.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { type FakeReaderService, startFakeReaderService } from "../fixtures/fake-reader-service.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { type TestService } from "../fixtures/service.ts";

type Params = Record<string, unknown>;

let svc: TestService;
let env: FakeReaderService | undefined;
let client: RpcClient;
let emu: { script: string; record: string };
const clock = new ManualClock(Date.parse("2026-11-25T12:00:00Z"));
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);

const mark = () => client.notifications.length;
const since = (from: number, method: string) => client.notifications.slice(from).filter((n) => n.method === method).map((n) => n.params as Params);
async function next(method: string, from: number): Promise<Params> {
  const hit = await waitFor(() => client.notifications.slice(from).find((n) => n.method === method), method);
  return hit.params as Params;
}

const tap = (uid: string, text: string) => env!.tap(uid, text);
const launchedGame = () => env!.launchedGame();
const playing = () => env!.playing();
const startWith = (uid: string, game: string) => env!.startWith(uid, game);

beforeAll(async () => {
  env = await startFakeReaderService({
    prefix: "tapserve-guard-",
    files: ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md", "roms/Genesis/Comix.md"],
    driver,
    emulatorId: "GuardEmu",
    app: { clock },
  });
  ({ svc, client, emu } = env);
  await client.call("settings.update", { launchGuardEnabled: true, launchGuardTimeout: 10, launchGuardDelay: 2, launchGuardRequireConfirm: false });
});

afterAll(async () => {
  await env?.stop();
});

beforeEach(async () => {
  await client.call("settings.update", { launchGuardRequireConfirm: false });
});

describe("launch guard", () => {
  test("settings show the phone app's launchGuard* values (effective timeout and delay) and take updates", async () => {
    const s = await client.call<Params>("settings");
    expect(s).toMatchObject({ launchGuardEnabled: true, launchGuardTimeout: 10, launchGuardDelay: 2, launchGuardRequireConfirm: false });
    await client.call("settings.update", { launchGuardTimeout: 0, launchGuardDelay: 30 });
    // 0 is the reference's default of 15 s; a delay as long as the timeout becomes half of it
    expect(await client.call<Params>("settings")).toMatchObject({ launchGuardTimeout: 15, launchGuardDelay: 7.5 });
    await client.call("settings.update", { launchGuardTimeout: -1 });
    expect(await client.call<Params>("settings")).toMatchObject({ launchGuardTimeout: -1, launchGuardDelay: 0 });
    const bad = await client.request("settings.update", { launchGuardTimeout: -5, launchGuardDelay: "2" });
    expect(bad.error?.code).toBe(-32602);
    expect(bad.error?.message).toContain("launchGuardTimeout");
    expect(bad.error?.message).toContain("launchGuardDelay");
    await client.call("settings.update", { launchGuardTimeout: 10, launchGuardDelay: 2 });
    expect(readFileSync(join(svc.dataDir, "config.toml"), "utf8")).toMatch(/\[readers\.scan\.launch_guard\][^[]*enabled = true/);
  });

  test("while media runs, a scan is staged, not launched; a re-tap during the delay restarts it; after tokens.staged.ready a re-tap launches", async () => {
    await startWith("a1", "Sonic");
    let from = mark();
    tap("b2", "Genesis/Streets.md");
    const staged = await next("tokens.staged", from);
    expect(staged).toMatchObject({ uid: "b2", text: "Genesis/Streets.md" });
    expect(typeof staged.scanTime).toBe("string");
    expect(since(from, "launching")).toEqual([]);
    expect(await playing()).toBe("Sonic");

    await clock.advance(1500);
    from = mark();
    tap("b2", "Genesis/Streets.md"); // too early: the delay starts again
    await client.call("version");
    await clock.advance(1500); // 3 s after staging, 1.5 s after the re-tap: not ready yet
    await client.call("version");
    expect(since(from, "tokens.staged.ready")).toEqual([]);
    expect(since(from, "launching")).toEqual([]);
    await clock.advance(500);
    expect(await next("tokens.staged.ready", from)).toMatchObject({ uid: "b2", text: "Genesis/Streets.md" });
    expect(await playing()).toBe("Sonic");

    from = mark();
    tap("b2", "Genesis/Streets.md");
    expect(await launchedGame()).toEndWith("Streets.md");
    expect(since(from, "tokens.staged")).toEqual([]);
    await waitFor(async () => (await playing()) === "Streets", "Streets playing");
  });

  test("scripts that do not disturb the running media pass straight through", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("e1", "**echo:hello");
    expect((await next("launching", from)).text).toBe("**echo:hello");
    expect(since(from, "tokens.staged")).toEqual([]);
    expect(await playing()).toBe("Sonic");
  });

  test("a staged token that nobody confirms is dropped after the timeout; confirm then answers 1001", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    await next("tokens.staged", from);
    await clock.advance(10_000);
    const res = await client.request("confirm");
    expect(res.error?.code).toBe(1001);
    expect(res.error?.message).toContain("no staged token");
    expect(await playing()).toBe("Sonic");
  });

  test("confirm launches the staged token at once, without waiting for the delay", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    await next("tokens.staged", from);
    expect(await client.call("confirm")).toBeNull();
    expect(await launchedGame()).toEndWith("Comix.md");
    await waitFor(async () => (await playing()) === "Comix", "Comix playing");
  });

  test("when the media stops, the staged token is dropped", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    await next("tokens.staged", from);
    await client.call("stop");
    await next("media.stopped", from);
    expect((await client.request("confirm")).error?.code).toBe(1001);
    expect(existsSync(emu.record)).toBe(false);
  });

  test("with launchGuardRequireConfirm, a re-tap never launches; only confirm does", async () => {
    await startWith("a1", "Sonic");
    await client.call("settings.update", { launchGuardRequireConfirm: true });
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    await next("tokens.staged", from);
    await clock.advance(2000);
    await next("tokens.staged.ready", from);
    tap("c3", "Genesis/Comix.md");
    await client.call("version");
    expect(since(from, "launching")).toEqual([]);
    expect(await playing()).toBe("Sonic");
    await client.call("confirm");
    expect(await launchedGame()).toEndWith("Comix.md");
  });

  test("launches from a client are never held; with the guard off, scans launch at once", async () => {
    await startWith("a1", "Sonic");
    let from = mark();
    await client.call("launch", { text: "Genesis/Streets.md" });
    expect(await launchedGame()).toEndWith("Streets.md");
    expect(since(from, "tokens.staged")).toEqual([]);
    await client.call("settings.update", { launchGuardEnabled: false });
    from = mark();
    tap("c3", "Genesis/Comix.md");
    expect(await launchedGame()).toEndWith("Comix.md");
    expect(since(from, "tokens.staged")).toEqual([]);
    await settle();
  });
});
