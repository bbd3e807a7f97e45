import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { userMigrations } from "../../src/db/migrations/user.ts";
import { openDatabase } from "../../src/db/open.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { ManualClock } from "../fakes/clock.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";

/**
 * User database v10: `media_history` (v4) and `play_sessions` (v6) become one table. A real v9 file, populated as
 * those versions wrote it, is opened by the service; what media.history answered and what playtime counted must
 * both still be there, a play recorded by both now one row.
 */
const T = Date.UTC(2026, 4, 1, 18, 0, 0);
const MIN = 60_000;
let dirs: string[] = [];
let services: TestService[] = [];
afterEach(async () => {
  for (const s of services) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  services = [];
  dirs = [];
});

/** A v9 user database with three plays in the history and three games in playtime's table. */
function v9Database(dir: string): void {
  const db = openDatabase(bunRuntime, join(dir, "user.db"), { durability: "full", journal: "wal", migrations: userMigrations.filter((m) => m.version <= 9) });
  expect(db.prepare("PRAGMA user_version").get<{ user_version: number }>()!.user_version).toBe(9);
  const history = db.prepare(
    "INSERT INTO media_history (id, system_id, system_name, media_name, media_path, launcher_id, started_at, ended_at, play_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  history.run(5, "SNES", "Super Nintendo", "Super Mario World", "SNES/smw.sfc", "WebEmu", T, T + 30 * MIN, 1800);
  history.run(6, "Genesis", "Mega Drive", "Sonic", "Genesis/sonic.md", "WebEmu", T + 40 * MIN, T + 50 * MIN, 600);
  history.run(7, "NES", "NES", "Zelda", "NES/zelda.nes", "", T + 60 * MIN, null, 0); // never stopped (a crash)
  const sessions = db.prepare("INSERT INTO play_sessions (profile_id, started, ended, open, system_id, media_name) VALUES (?, ?, ?, ?, ?, ?)");
  sessions.run("kid", T + 300, T + 20 * MIN, 0, "SNES", "Super Mario World"); // the same play as history 5
  sessions.run("kid2", T + 20 * MIN, T + 30 * MIN, 0, "", ""); // the rest of it after a profile switch
  sessions.run("", T + 40 * MIN + 100, T + 50 * MIN, 0, "Genesis", "Sonic"); // history 6
  sessions.run("", T + 2 * 60 * MIN, T + 2 * 60 * MIN + 5 * MIN, 1, "PSX", "Crash"); // not in the history; still open
  db.close();
}

describe("user database v10: one play table", () => {
  test("a populated v9 file migrates with nothing lost: history as before, playtime's games, twins as one row", async () => {
    const dir = tempDir("tapserve-plays-");
    dirs.push(dir);
    v9Database(dir);
    const clock = new ManualClock(T + 3 * 60 * MIN);
    const svc = await startService({ dataDir: dir, configToml: "[readers]\nauto_detect = false\n", app: { clock } });
    services.push(svc);
    const client = await svc.connect();

    const page = await client.call<{ entries: Array<Record<string, unknown>> }>("media.history", { limit: 10 });
    expect(page.entries.map((e) => [e.mediaName, e.systemName, e.mediaPath, e.launcherId, e.startedAt, e.endedAt, e.playTime])).toEqual([
      ["Zelda", "NES", "NES/zelda.nes", "", "2026-05-01T19:00:00Z", undefined, 0],
      ["Sonic", "Mega Drive", "Genesis/sonic.md", "WebEmu", "2026-05-01T18:40:00Z", "2026-05-01T18:50:00Z", 600],
      ["Super Mario World", "Super Nintendo", "SNES/smw.sfc", "WebEmu", "2026-05-01T18:00:00Z", "2026-05-01T18:30:00Z", 1800],
    ]);
    const top = await client.call<unknown>("media.history.top", { limit: 5 });
    expect(JSON.stringify(top)).toContain('"totalPlayTime":1800');
    await svc.stop();
    services = [];

    const db = bunRuntime.openDatabase(join(dir, "user.db"));
    try {
      expect(db.prepare("PRAGMA user_version").get<{ user_version: number }>()!.user_version).toBeGreaterThanOrEqual(10); // v10 and any later migration ran
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('media_history', 'play_sessions', 'plays')").all<{ name: string }>();
      expect(tables.map((t) => t.name)).toEqual(["plays"]);
      const rows = db.prepare("SELECT id, profile_id, system_id, media_name, started, ended, open, listed, timed FROM plays ORDER BY started").all<Record<string, number | string>>();
      expect(rows).toEqual([
        { id: 5, profile_id: "kid", system_id: "SNES", media_name: "Super Mario World", started: T, ended: T + 20 * MIN, open: 0, listed: 1, timed: 1 },
        { id: expect.any(Number), profile_id: "kid2", system_id: "", media_name: "", started: T + 20 * MIN, ended: T + 30 * MIN, open: 0, listed: 0, timed: 1 },
        { id: 6, profile_id: "", system_id: "Genesis", media_name: "Sonic", started: T + 40 * MIN, ended: T + 50 * MIN, open: 0, listed: 1, timed: 1 },
        { id: 7, profile_id: "", system_id: "NES", media_name: "Zelda", started: T + 60 * MIN, ended: T + 60 * MIN, open: 0, listed: 1, timed: 0 },
        // closed at its last beat by playtime at start, as before
        { id: expect.any(Number), profile_id: "", system_id: "PSX", media_name: "Crash", started: T + 2 * 60 * MIN, ended: T + 2 * 60 * MIN + 5 * MIN, open: 0, listed: 0, timed: 1 },
      ]);
    } finally {
      db.close();
    }
  });

  test("a play from now on is one row, listed by the history and counted by playtime", async () => {
    const dir = tempDir("tapserve-plays-");
    dirs.push(dir);
    const clock = new ManualClock(T);
    const svc = await startService({ dataDir: dir, configToml: "[readers]\nauto_detect = false\n", app: { clock } });
    services.push(svc);
    const client = await svc.connect();
    await client.call("media.active.update", { systemId: "SNES", mediaPath: "/roms/SNES/Game.sfc", mediaName: "Game" });
    await clock.advance(10 * MIN);
    await client.call("media.active.update", null);
    const page = await client.call<{ entries: Array<{ mediaName: string; playTime: number; endedAt?: string }> }>("media.history", { limit: 10 });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ mediaName: "Game", playTime: 600, endedAt: "2026-05-01T18:10:00Z" });
    await svc.stop();
    services = [];
    const db = bunRuntime.openDatabase(join(dir, "user.db"));
    try {
      const rows = db.prepare("SELECT media_name, started, ended, open, listed, timed FROM plays").all();
      expect(rows).toEqual([{ media_name: "Game", started: T, ended: T + 10 * MIN, open: 0, listed: 1, timed: 1 }]);
    } finally {
      db.close();
    }
  });
});
