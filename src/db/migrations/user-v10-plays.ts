/**
 * User database v10: the two play tables become one, `plays`, one row per play. `media_history` (v4, what
 * media.history lists) and `play_sessions` (v6, what playtime counts) recorded the same plays twice; a row of
 * each that names the same media started within 2 s of the other becomes one row. Nothing is dropped: a history
 * row without a playtime twin keeps `timed = 0`, a playtime row without a history twin (a profile switch in the
 * middle of a game opens one without media) keeps `listed = 0`.
 *
 * Columns (times in ms since the epoch): `started` (the history's start where it has one: a twin's two starts
 * differ by less than 2 s); `ended` and `open` are playtime's (`ended` moves forward while the game runs, `open`
 * is 1 until it stops), so what playtime counted is unchanged; `stopped` and `play_time` (seconds) are the
 * history's, NULL and 0 until the play stops; `listed`: a play of the history; `timed`: counted by playtime.
 */
export const userV10Plays = {
  version: 10,
  name: "one play table",
  sql: `
    CREATE TABLE plays (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id TEXT NOT NULL DEFAULT '',
      system_id TEXT NOT NULL DEFAULT '',
      system_name TEXT NOT NULL DEFAULT '',
      media_name TEXT NOT NULL DEFAULT '',
      media_path TEXT NOT NULL DEFAULT '',
      launcher_id TEXT NOT NULL DEFAULT '',
      started INTEGER NOT NULL,
      ended INTEGER NOT NULL,
      open INTEGER NOT NULL DEFAULT 1,
      stopped INTEGER,
      play_time INTEGER NOT NULL DEFAULT 0,
      listed INTEGER NOT NULL DEFAULT 0,
      timed INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO plays (id, system_id, system_name, media_name, media_path, launcher_id, started, ended, open, stopped, play_time, listed, timed)
      SELECT id, system_id, system_name, media_name, media_path, launcher_id, started_at, COALESCE(ended_at, started_at), 0, ended_at,
             play_time, 1, 0
      FROM media_history ORDER BY id;
    CREATE TEMP TABLE play_twins AS
      SELECT s.id AS sid, (
        SELECT p.id FROM plays p
        WHERE p.system_id = s.system_id AND p.media_name = s.media_name AND s.media_name <> '' AND abs(p.started - s.started) <= 2000
        ORDER BY abs(p.started - s.started), p.id LIMIT 1
      ) AS pid
      FROM play_sessions s;
    UPDATE play_twins SET pid = NULL
      WHERE pid IS NOT NULL AND sid <> (SELECT min(t.sid) FROM play_twins t WHERE t.pid = play_twins.pid);
    UPDATE plays SET
      timed = 1,
      profile_id = (SELECT s.profile_id FROM play_twins t JOIN play_sessions s ON s.id = t.sid WHERE t.pid = plays.id),
      open = (SELECT s.open FROM play_twins t JOIN play_sessions s ON s.id = t.sid WHERE t.pid = plays.id),
      ended = (SELECT s.ended FROM play_twins t JOIN play_sessions s ON s.id = t.sid WHERE t.pid = plays.id)
    WHERE id IN (SELECT pid FROM play_twins WHERE pid IS NOT NULL);
    INSERT INTO plays (profile_id, system_id, media_name, started, ended, open, listed, timed)
      SELECT s.profile_id, s.system_id, s.media_name, s.started, s.ended, s.open, 0, 1
      FROM play_sessions s JOIN play_twins t ON t.sid = s.id WHERE t.pid IS NULL ORDER BY s.id;
    DROP TABLE play_twins;
    DROP TABLE media_history;
    DROP TABLE play_sessions;
    CREATE INDEX plays_listed ON plays (listed, system_id, id);
    CREATE INDEX plays_timed ON plays (timed, ended);
  `,
};
