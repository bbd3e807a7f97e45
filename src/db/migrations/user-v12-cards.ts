/**
 * User database v12: card sets and the tag write queue (issue 42). A set is an ordered list of games (a game may
 * be there more than once); each item keeps what its label and tag need (title, system, tags, its title script
 * fixed when added), so it survives a re-index. `card_queue` is the one write queue: its set, state and each
 * game's outcome (JSON, src/core/cards/queue-state.ts QueueData), so a restart resumes at the next game.
 * Times in ms since the epoch.
 */
export const userV12Cards = {
  version: 12,
  name: "card sets",
  sql: `
    CREATE TABLE card_sets (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      script_kind TEXT NOT NULL CHECK (script_kind IN ('title', 'path')),
      created INTEGER NOT NULL,
      updated INTEGER NOT NULL
    );
    CREATE TABLE card_set_items (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      set_id INTEGER NOT NULL REFERENCES card_sets(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      system_id TEXT NOT NULL,
      system_name TEXT NOT NULL,
      path TEXT NOT NULL,
      title TEXT NOT NULL,
      tags TEXT NOT NULL DEFAULT '[]',
      title_script TEXT NOT NULL,
      added INTEGER NOT NULL
    );
    CREATE INDEX card_set_items_by_set ON card_set_items (set_id, position);
    CREATE TABLE card_queue (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      set_id INTEGER NOT NULL REFERENCES card_sets(id) ON DELETE CASCADE,
      data TEXT NOT NULL,
      updated INTEGER NOT NULL
    );
  `,
};
