/**
 * What the phone app and scripts see of "what plays": media.active.update (a script tells the service), the
 * media.control actions, and the play-session history (media.history, .latest, .top) in the user database.
 * The service's clock is manual, so play times are exact.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MediaHistoryLatestResult, MediaHistoryResult, MediaHistoryTopResult } from "../../src/core/wire/media-history.ts";
import { ActiveMedia } from "../../src/core/wire/media.ts";
import { ManualClock } from "../fakes/clock.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
let c: RpcClient;
const T0 = Date.parse("2026-03-01T10:00:00Z");
const clock = new ManualClock(T0);

beforeAll(async () => {
  svc = await startService({ app: { clock } });
  c = await svc.connect("/api/v0.1");
});
afterAll(async () => {
  await svc.stop();
});

const play = async (systemId: string, name: string, seconds: number) => {
  const started = c.waitForNotification<{ mediaName: string }>("media.started", (p) => p.mediaName === name);
  expect(await c.call("media.active.update", { systemId, mediaPath: `/roms/${systemId}/${name}.bin`, mediaName: name })).toBeNull();
  await started;
  await clock.advance(seconds * 1000);
};

describe("media.active.update", () => {
  test("sets the active media (media.started) and clears it without params (media.stopped)", async () => {
    expect(MediaHistoryLatestResult.assert(await c.call("media.history.latest"))).toEqual({ entry: null });
    expect(await c.call("media.history")).toEqual({ entries: [] });
    await play("SNES", "Zelda", 90);
    const active = ActiveMedia.assert(await c.call("media.active"));
    expect(active).toMatchObject({ systemId: "SNES", systemName: "SNES", mediaName: "Zelda", mediaPath: "/roms/SNES/Zelda.bin", launcherId: "" });
    const stopped = c.waitForNotification<{ mediaName: string; elapsed: number }>("media.stopped", (p) => p.mediaName === "Zelda");
    expect(await c.call("media.active.update")).toBeNull();
    expect((await stopped).elapsed).toBe(90);
    expect(await c.call("media.active")).toBeNull();
  });

  test("an unknown system or a partial request is refused and changes nothing", async () => {
    for (const params of [{ systemId: "Nope", mediaPath: "/x", mediaName: "x" }, { systemId: "SNES" }, { systemId: "SNES", mediaPath: "", mediaName: "x" }]) {
      expect((await c.request("media.active.update", params)).error?.code).toBe(-32602);
    }
    expect(await c.call("media.active")).toBeNull();
  });
});

describe("media.control", () => {
  test("stop stops; the reference's other actions answer 1005 with the reason; unknown actions -32602", async () => {
    await play("Genesis", "Sonic", 5);
    const pause = await c.request("media.control", { action: "pause" });
    expect(pause.error?.code).toBe(1005);
    expect(pause.error?.message).toContain('"pause" is not supported');
    expect((await c.request("media.control", { action: "dance" })).error?.code).toBe(-32602);
    expect(await c.call("media.control", { action: "stop" })).toBeNull();
    expect(await c.call("media.active")).toBeNull();
  });
});

describe("media.history", () => {
  test("sessions newest first with play time; pages through a cursor; distinct and system filters", async () => {
    await play("SNES", "Zelda", 30);
    await play("SNES", "Mario", 10); // replacing Zelda ends its session
    await c.call("media.active.update");
    const all = MediaHistoryResult.assert(await c.call("media.history"));
    expect(all.entries.map((e) => [e.mediaName, e.playTime])).toEqual([["Mario", 10], ["Zelda", 30], ["Sonic", 5], ["Zelda", 90]]);
    expect(all.entries[3]).toEqual({
      systemId: "SNES", systemName: "SNES", mediaName: "Zelda", mediaPath: "/roms/SNES/Zelda.bin", launcherId: "",
      startedAt: "2026-03-01T10:00:00Z", endedAt: "2026-03-01T10:01:30Z", playTime: 90, hasCover: false,
    });
    expect(all.pagination).toEqual({ nextCursor: null, hasNextPage: false, pageSize: 25 });

    const first = MediaHistoryResult.assert(await c.call("media.history", { limit: 3 }));
    expect(first.entries.length).toBe(3);
    expect(first.pagination?.hasNextPage).toBe(true);
    const rest = MediaHistoryResult.assert(await c.call("media.history", { limit: 3, cursor: first.pagination!.nextCursor }));
    expect(rest.entries.map((e) => e.playTime)).toEqual([90]);

    const distinct = MediaHistoryResult.assert(await c.call("media.history", { distinctMedia: true, systems: ["SNES"] }));
    expect(distinct.entries.map((e) => e.mediaName)).toEqual(["Mario", "Zelda"]);
    expect((await c.request("media.history", { limit: 0 })).error?.code).toBe(-32602);
    expect((await c.request("media.history", { systems: ["snes!"] })).error?.code).toBe(-32602);
    expect((await c.request("media.history", { cursor: "!!" })).error?.code).toBe(-32602);
  });

  test("latest is the newest session; top sums play time per media", async () => {
    const latest = MediaHistoryLatestResult.assert(await c.call("media.history.latest"));
    expect(latest.entry).toMatchObject({ mediaName: "Mario", systemId: "SNES", launcherId: "" });
    const top = MediaHistoryTopResult.assert(await c.call("media.history.top"));
    expect(top.entries.map((e) => [e.mediaName, e.totalPlayTime, e.sessionCount])).toEqual([["Zelda", 120, 2], ["Mario", 10, 1], ["Sonic", 5, 1]]);
    const since = MediaHistoryTopResult.assert(await c.call("media.history.top", { since: "2026-03-01T10:01:35Z", limit: 2 }));
    expect(since.entries.map((e) => [e.mediaName, e.totalPlayTime])).toEqual([["Zelda", 30], ["Mario", 10]]);
    expect((await c.request("media.history.top", { since: "yesterday" })).error?.code).toBe(-32602);
  });
});

describe("launchers", () => {
  test("lists this device's launchers sorted by system, then id; refresh picks up a new custom launcher", async () => {
    const { LaunchersResult } = await import("../../src/core/wire/launchers.ts");
    const { readFileSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const before = LaunchersResult.assert(await c.call("launchers")).launchers;
    expect(before.every((l) => l.available)).toBe(true);
    const path = join(svc.dataDir, "config.toml");
    const { parse, stringify } = await import("smol-toml");
    const cfg = parse(readFileSync(path, "utf8")) as { launchers: { custom: unknown[] } };
    cfg.launchers.custom.push({ id: "zz-emu", systems: ["SNES"], command: ["/bin/true", "{path}"] });
    writeFileSync(path, stringify(cfg));
    expect(await c.call("launchers.refresh")).toBeNull();
    const after = LaunchersResult.assert(await c.call("launchers")).launchers;
    expect(after.map((l) => l.id)).toContain("zz-emu");
    expect(after.length).toBe(before.length + 1);
    const keys = after.map((l) => `${l.systemId ?? ""}\u0000${l.id}`);
    expect(keys).toEqual([...keys].sort());
  });
});
