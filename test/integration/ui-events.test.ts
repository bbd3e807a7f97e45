/**
 * UI events (`ui`, `ui.respond`, `ui.changed`, issue 44) through the whole service: a reader (below the driver seam)
 * scans tokens while a real emulator process runs, so the launch guard asks "Change game?"; a client that follows
 * `ui.changed` answers it. The event's expiry runs on a manual clock. Backups show a loader while they run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { ManualClock } from "../fakes/clock.ts";
import { FakeReaderDriver } from "../fakes/reader-driver.ts";
import { type FakeReaderService, startFakeReaderService } from "../fixtures/fake-reader-service.ts";
import { waitFor } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { UiState } from "../../src/core/wire/ui.ts";

let env: FakeReaderService | undefined;
let client: RpcClient;
let emu: { script: string; record: string };
const clock = new ManualClock(Date.parse("2026-11-25T12:00:00Z"));
const driver = new FakeReaderDriver("fakenfc", true, ["removable"]);

const mark = () => client.notifications.length;
const states = (from: number): UiState[] => client.notifications.slice(from).filter((n) => n.method === "ui.changed").map((n) => UiState.assert(n.params));
const since = (from: number, method: string) => client.notifications.slice(from).filter((n) => n.method === method);

/** The next ui.changed after `from` that satisfies `pick`. */
async function changed(from: number, pick: (s: UiState) => boolean, what: string): Promise<UiState> {
  return await waitFor(() => states(from).find(pick), what);
}
const opened = (from: number) => changed(from, (s) => s.events.length > 0, "an open UI event");

const tap = (uid: string, text: string) => env!.tap(uid, text);
const launchedGame = () => env!.launchedGame();
const playing = () => env!.playing();
const startWith = (uid: string, game: string) => env!.startWith(uid, game);

beforeAll(async () => {
  env = await startFakeReaderService({
    prefix: "tapserve-ui-",
    files: ["roms/Genesis/Sonic.md", "roms/Genesis/Streets.md", "roms/Genesis/Comix.md"],
    driver,
    emulatorId: "UiEmu",
    app: { clock },
  });
  ({ client, emu } = env);
  await client.call("settings.update", { launchGuardEnabled: true, launchGuardTimeout: 10, launchGuardDelay: 2, launchGuardRequireConfirm: false });
});

afterAll(async () => {
  await env?.stop();
});

beforeEach(async () => {
  // nothing left open from the test before
  const s = UiState.assert(await client.call("ui"));
  expect(s.events).toEqual([]);
});

describe("the launch guard's \"Change game?\" as a UI event", () => {
  test("a staged scan opens a dismissible confirm with the token's text and the guard's timeout; ui answers the same state", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("b2", "Genesis/Streets.md");
    const state = await opened(from);
    const event = state.events[0]!;
    expect(event).toMatchObject({ kind: "confirm", title: "Change game?", message: "Genesis/Streets.md", dismissible: true });
    expect(Date.parse(event.expiresAt!) - Date.parse(event.createdAt)).toBe(10_000);
    expect(since(from, "tokens.staged")).toHaveLength(1);
    expect(await client.call("ui")).toEqual({ ...state, resolved: [] });
    // answered as the reference's clients do: confirm through ui.respond launches it like `confirm`
    expect(await client.call("ui.respond", { id: event.id, action: "confirm" })).toBeNull();
    expect(await launchedGame()).toEndWith("Streets.md");
    await waitFor(async () => (await playing()) === "Streets", "Streets playing");
    const done = await changed(from, (s) => s.resolved.length > 0, "the resolution");
    expect(done.events).toEqual([]);
    expect(done.resolved).toEqual([{ id: event.id, outcome: "confirmed" }]);
    expect(done.revision).toBeGreaterThan(state.revision);
    // the token is gone: confirm has nothing, a second answer is stale
    expect((await client.request("confirm")).error?.code).toBe(1001);
    expect((await client.request("ui.respond", { id: event.id, action: "confirm" })).error?.code).toBe(1001);
  });

  test("dismissing it drops the token: nothing launches and confirm answers 1001, as after any drop", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    const event = (await opened(from)).events[0]!;
    expect(await client.call("ui.respond", { id: event.id, action: "dismiss" })).toBeNull();
    expect((await changed(from, (s) => s.resolved.length > 0, "the resolution")).resolved).toEqual([{ id: event.id, outcome: "dismissed" }]);
    expect((await client.request("confirm")).error?.code).toBe(1001);
    expect(since(from, "launching")).toEqual([]);
    expect(await playing()).toBe("Sonic");
    expect(existsSync(emu.record)).toBe(false);
  });

  test("confirm (the guard's own method) resolves the UI event as confirmed", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    const event = (await opened(from)).events[0]!;
    expect(await client.call("confirm")).toBeNull();
    expect(await launchedGame()).toEndWith("Comix.md");
    expect((await changed(from, (s) => s.resolved.length > 0, "the resolution")).resolved).toEqual([{ id: event.id, outcome: "confirmed" }]);
    expect(UiState.assert(await client.call("ui")).events).toEqual([]);
  });

  test("nobody answers: at the timeout the event resolves timed_out and the token is dropped", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    const event = (await opened(from)).events[0]!;
    await clock.advance(9_999);
    expect(states(from).some((s) => s.resolved.length > 0)).toBe(false);
    await clock.advance(1);
    expect((await changed(from, (s) => s.resolved.length > 0, "the timeout")).resolved).toEqual([{ id: event.id, outcome: "timed_out" }]);
    expect((await client.request("confirm")).error?.code).toBe(1001);
    const late = await client.request("ui.respond", { id: event.id, action: "confirm" });
    expect(late.error?.code).toBe(1001);
    expect(await playing()).toBe("Sonic");
  });

  test("a re-tap during the delay restarts the event's expiry (same event, later expiresAt)", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    const first = (await opened(from)).events[0]!;
    await clock.advance(1_000);
    const again = mark();
    tap("c3", "Genesis/Comix.md");
    const moved = await changed(again, (s) => s.events[0]?.expiresAt !== first.expiresAt, "the new expiry");
    expect(moved.events[0]!.id).toBe(first.id);
    expect(Date.parse(moved.events[0]!.expiresAt!) - Date.parse(first.expiresAt!)).toBe(1_000);
    await client.call("ui.respond", { id: first.id, action: "dismiss" });
  });

  test("a second scan supersedes the first event; only the second token launches", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    const first = (await opened(from)).events[0]!;
    const next = mark();
    tap("b2", "Genesis/Streets.md");
    const second = await changed(next, (s) => s.events.length > 0 && s.events[0]!.id !== first.id, "the second event");
    expect(second.resolved).toEqual([{ id: first.id, outcome: "superseded" }]);
    expect(second.events[0]!.message).toBe("Genesis/Streets.md");
    expect((await client.request("ui.respond", { id: first.id, action: "confirm" })).error?.code).toBe(1001);
    await client.call("ui.respond", { id: second.events[0]!.id, action: "confirm" });
    expect(await launchedGame()).toEndWith("Streets.md");
  });

  test("answers that do not fit are refused with the reason; bad params are -32602", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    const event = (await opened(from)).events[0]!;
    const select = await client.request("ui.respond", { id: event.id, action: "select", choiceId: "x" });
    expect(select.error?.code).toBe(-32602);
    expect(select.error?.message).toContain("no choices");
    expect((await client.request("ui.respond", { id: event.id, action: "launch" })).error?.code).toBe(-32602);
    expect((await client.request("ui.respond", { action: "confirm" })).error?.code).toBe(-32602);
    expect((await client.request("ui.respond", { id: "nope", action: "confirm" })).error?.code).toBe(1001);
    expect(UiState.assert(await client.call("ui")).events.map((e) => e.id)).toEqual([event.id]);
    await client.call("ui.respond", { id: event.id, action: "dismiss" });
  });

  test("when the media stops, the event resolves cancelled", async () => {
    await startWith("a1", "Sonic");
    const from = mark();
    tap("c3", "Genesis/Comix.md");
    const event = (await opened(from)).events[0]!;
    await client.call("stop");
    await waitFor(() => since(from, "media.stopped").length > 0, "media.stopped");
    tap("e1", "**echo:after"); // the next scan finds the staged token's media gone
    expect((await changed(from, (s) => s.resolved.length > 0, "the cancel")).resolved).toEqual([{ id: event.id, outcome: "cancelled" }]);
  });
});

describe("long operations", () => {
  test("a backup shows a loader while it runs, completed when it ends", async () => {
    const from = mark();
    await client.call("settings.backup");
    const loader = await opened(from);
    expect(loader.events[0]).toMatchObject({ kind: "loader", title: "Creating a backup", dismissible: false });
    expect(loader.events[0]!.expiresAt).toBeUndefined();
    const done = await changed(from, (s) => s.resolved.length > 0, "the loader's end");
    expect(done.resolved).toEqual([{ id: loader.events[0]!.id, outcome: "completed" }]);
    expect((await client.request("ui.respond", { id: loader.events[0]!.id, action: "dismiss" })).error?.code).toBe(1001);
  });
});
