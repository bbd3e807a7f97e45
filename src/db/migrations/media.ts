import type { Migration } from "../migrate.ts";

/**
 * Schema of the media index (`media.db`). The file is rebuildable: an index run writes a complete new file and
 * swaps it in, so these tables are only ever filled by the index builder. Append only; never edit a shipped step.
 *
 * - `systems`: one row per indexed system; its media have the contiguous ids first_id..last_id.
 * - `dirs`: folders (or folders inside a .zip) holding media: absolute path and compressed `<SystemId>/<path>`.
 * - `media`: one row per file (its folder and file name; the name is the file name without its extension). Its
 *   system is the one whose id range holds it.
 * - `words`: each distinct lowercased name word with the delta-varint list of the media ids holding it.
 * - `words_fts`: trigram index over `words.word` (rowid = words.id), to find the words containing a query word.
 * - `tags`, `system_tags`, `title_order`: see version 3.
 */
export const mediaMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "init",
    sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE systems (
        id INTEGER PRIMARY KEY,
        system TEXT NOT NULL UNIQUE,
        first_id INTEGER NOT NULL,
        last_id INTEGER NOT NULL,
        count INTEGER NOT NULL,
        indexed_at TEXT NOT NULL
      );
      CREATE TABLE dirs (id INTEGER PRIMARY KEY, abs TEXT NOT NULL, rel TEXT NOT NULL);
      CREATE INDEX dirs_rel ON dirs (rel);
      CREATE TABLE media (id INTEGER PRIMARY KEY, system INTEGER NOT NULL, dir INTEGER NOT NULL, file TEXT NOT NULL);
      CREATE TABLE words (id INTEGER PRIMARY KEY, word TEXT NOT NULL, count INTEGER NOT NULL, postings BLOB NOT NULL);
      CREATE VIRTUAL TABLE words_fts USING fts5(word, content='', columnsize=0, tokenize='trigram case_sensitive 1');
    `,
  },
  {
    // media rows lose their system column (the systems' id ranges tell it). An index written before this step
    // stops being complete: the service reports no index and asks to index again, which writes a new file.
    version: 2,
    name: "media without system",
    sql: `
      DELETE FROM meta WHERE key = 'complete';
      DROP TABLE media;
      CREATE TABLE media (id INTEGER PRIMARY KEY, dir INTEGER NOT NULL, file TEXT NOT NULL);
    `,
  },
  {
    // titles and file-name tags per media (`tags`: its `type:value` tags, space separated); `tags` the media of
    // each tag as a delta-varint list; `system_tags` which tags each system holds; `title_order` the media ids
    // sorted by lowercased title (one blob of int32), the order search results are ranked and listed in.
    version: 3,
    name: "titles and tags",
    sql: `
      DELETE FROM meta WHERE key = 'complete';
      DROP TABLE media;
      CREATE TABLE media (id INTEGER PRIMARY KEY, dir INTEGER NOT NULL, file TEXT NOT NULL, title TEXT NOT NULL, tags TEXT NOT NULL);
      CREATE TABLE tags (id INTEGER PRIMARY KEY, tag TEXT NOT NULL UNIQUE, count INTEGER NOT NULL, postings BLOB NOT NULL);
      CREATE TABLE system_tags (system INTEGER NOT NULL, tag INTEGER NOT NULL, PRIMARY KEY (system, tag)) WITHOUT ROWID;
      CREATE TABLE title_order (id INTEGER PRIMARY KEY, ids BLOB NOT NULL);
    `,
  },
  {
    // scraped metadata (src/service/scrape/meta-store.ts), keyed by what survives a new index file: title-level
    // by system and lowercased title, media-level (artwork) by absolute file path; `meta_scraped` which media each
    // scraper has done. An index run carries these rows into the file it swaps in; the index itself stays valid.
    version: 4,
    name: "scraped metadata",
    sql: `
      CREATE TABLE meta_titles (system TEXT NOT NULL, title TEXT NOT NULL, prop TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (system, title, prop)) WITHOUT ROWID;
      CREATE TABLE meta_media (path TEXT NOT NULL, prop TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (path, prop)) WITHOUT ROWID;
      CREATE TABLE meta_scraped (path TEXT NOT NULL, scraper TEXT NOT NULL, PRIMARY KEY (path, scraper)) WITHOUT ROWID;
    `,
  },
  {
    // the folders (and archives) each index run walked, with their mtime and entry count: the next run skips
    // those unchanged (src/service/media/folder-records.ts). An older index has none and is walked in full.
    version: 5,
    name: "walked folders",
    sql: `
      CREATE TABLE folders (system TEXT NOT NULL, abs TEXT NOT NULL, mtime REAL NOT NULL, entries INTEGER NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (system, abs)) WITHOUT ROWID;
    `,
  },
  {
    // the scrape run going on (`scrape_run`: its request and the systems it finished, as JSON under key "run";
    // `scrape_done`: files a forced run has written), so a run cut off by a restart goes on where it stopped
    version: 6,
    name: "scrape run",
    sql: `
      CREATE TABLE scrape_run (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE scrape_done (path TEXT PRIMARY KEY) WITHOUT ROWID;
    `,
  },
  {
    // each walked folder's ctime (ms; -1: none kept): a folder whose ctime is as recorded has not changed since,
    // so a re-index need not count its entries (src/service/media/walker.ts). Older records have none.
    version: 7,
    name: "walked folders' ctime",
    sql: `ALTER TABLE folders ADD COLUMN ctime REAL NOT NULL DEFAULT -1;`,
  },
  {
    // a media row's title and tags may be NULL: then they are what parseMediaName makes of its file name
    // (src/core/media/row-names.ts). An index run stores them only where they do not follow from the name (a
    // platform's title, a store game's name taken whole): binding two texts per file was a third of its writes.
    // The rows of an index written before are copied as they are (their stored values read the same).
    version: 8,
    name: "titles and tags from file names",
    sql: `
      CREATE TABLE media_v8 (id INTEGER PRIMARY KEY, dir INTEGER NOT NULL, file TEXT NOT NULL, title TEXT, tags TEXT);
      INSERT INTO media_v8 (id, dir, file, title, tags) SELECT id, dir, file, title, tags FROM media;
      DROP TABLE media;
      ALTER TABLE media_v8 RENAME TO media;
    `,
  },
  {
    // each media id's place in the title order, beside the order (src/core/media/title-order.ts): the first search
    // reads it instead of working it out. NULL in an index written before: there it is worked out as before.
    version: 9,
    name: "title ranks",
    sql: `ALTER TABLE title_order ADD COLUMN ranks BLOB;`,
  },
];
