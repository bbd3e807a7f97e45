import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import type { MediaItem as Media, IndexingStatus as Status } from "../../src/core/wire/index.ts";

/**
 * The media index through the whole service: a real ROM tree (several systems, nested folders, unicode and
 * bracketed names, things a walk must skip), `media.index` over WebSocket with its progress notifications,
 * then every rule of `media.search`, `systems` and `media`.
 */
let root: string;
let svc: TestService;
let c: RpcClient;
const FILES = [
  "SNES/Super Mario World (USA).sfc",
  "SNES/RPG/Chrono Trigger (USA) [!].sfc",
  "SNES/RPG/Deep/Seiken Densetsu 3 (Japan) {T+Eng}.smc",
  "SNES/Super Metroid (Japan, USA) (En,Ja).sfc",
  "NES/Pokémon – Edición Roja.nes",
  "NES/ドラゴンクエスト (Japan).nes",
  "NES/Super Mario Bros. (World).nes",
  "Genesis/Sonic the Hedgehog (USA, Europe).md",
  "Genesis/Disc & Cart/Streets of Rage 2 (USA).md",
  "PSX/Final Fantasy VII (USA) (Disc 1).cue",
];
const SKIPPED = [
  "SNES/notes.txt", // not an extension SNES uses
  "SNES/._Super Mario World (USA).sfc", // AppleDouble
  "SNES/.hidden/Secret Game (USA).sfc", // hidden folder
  "SNES/__MACOSX/Mac Junk (USA).sfc",
  "NES/Ignored/Ignored Game (USA).nes", // folder with .zaparooignore
];
const MANY = 260; // more than the default maxResults

beforeAll(async () => {
  root = tempDir("tapserve-media-");
  const roms = join(root, "roms");
  writeFiles(roms, [...FILES, ...SKIPPED]);
  writeFileSync(join(roms, "NES/Ignored/.zaparooignore"), "");
  for (let i = 0; i < MANY; i++) writeFileSync(join(roms, "NES", `Puzzle Pack ${String(i).padStart(3, "0")} (USA).nes`), "");
  symlinkSync(join(roms, "SNES/RPG"), join(roms, "SNES/RPG/loop")); // a cycle: walked once
  symlinkSync(join(root, "nowhere"), join(roms, "SNES/dangling.sfc")); // dangling link: skipped
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n` });
  c = await svc.connect();
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

const search = (params: Record<string, unknown>) => c.call<{ results: Media[]; total: number }>("media.search", params);
const names = (r: { results: Media[] }) => r.results.map((m) => m.name).sort();

describe("media index through the service", () => {
  test("before any index: media says none exists; searches find nothing", async () => {
    expect(await c.call("media")).toEqual({ database: { exists: false, indexing: false, optimizing: false }, active: [] });
    expect(await search({ query: "mario" })).toMatchObject({ results: [], total: 0 });
  });

  test("media.index answers null when done, after media.indexing progress notifications", async () => {
    c.notifications.length = 0;
    expect(await c.call("media.index", null)).toBeNull();
    const progress = c.notifications.filter((n) => n.method === "media.indexing").map((n) => n.params as Status);
    const running = progress.filter((p) => p.indexing);
    expect(running.length).toBeGreaterThan(0);
    for (const p of running) {
      expect(p.totalSteps).toBeGreaterThan(0);
      expect(p.currentStep).toBeGreaterThanOrEqual(1);
      expect(p.currentStep).toBeLessThanOrEqual(p.totalSteps as number);
      expect(p.totalFiles).toBeGreaterThanOrEqual(0);
      expect(Object.values(p)).not.toContain(null);
    }
    expect(progress.length).toBeLessThan(FILES.length + MANY); // a sensible rate, not one per file
    expect(progress.at(-1)).toMatchObject({ exists: true, indexing: false, totalMedia: FILES.length + MANY });
    const status = await c.call<{ database: Status; active: unknown[] }>("media");
    expect(status.database).toMatchObject({ exists: true, indexing: false, totalMedia: FILES.length + MANY });
    expect(Date.parse(status.database.lastIndexed as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  test("names keep unicode, spaces and brackets; paths are compressed to <system>/<path>", async () => {
    const poke = await search({ query: "pokémon" });
    expect(poke.results).toEqual([
      { mediaId: expect.any(Number), system: { id: "NES", name: expect.any(String), category: "Console" }, name: "Pokémon – Edición Roja", path: "NES/Pokémon – Edición Roja.nes", zapScript: "NES/Pokémon – Edición Roja.nes", tags: [{ tag: "nes", type: "extension" }] },
    ]);
    expect(names(await search({ query: "ドラゴンクエスト" }))).toEqual(["ドラゴンクエスト (Japan)"]);
    expect((await search({ query: "{t+eng}" })).results[0]?.path).toBe("SNES/RPG/Deep/Seiken Densetsu 3 (Japan) {T+Eng}.smc");
    expect((await search({ query: "rage" })).results[0]?.path).toBe("Genesis/Disc & Cart/Streets of Rage 2 (USA).md");
  });

  test("every word must appear, in any order and case, also inside longer words", async () => {
    expect(names(await search({ query: "MARIO super" }))).toEqual(["Super Mario Bros. (World)", "Super Mario World (USA)"]);
    expect(names(await search({ query: "world mario" }))).toEqual(["Super Mario Bros. (World)", "Super Mario World (USA)"]);
    expect(names(await search({ query: "  metro  japan " }))).toEqual(["Super Metroid (Japan, USA) (En,Ja)"]);
    expect((await search({ query: "mario zelda" })).total).toBe(0);
  });

  test("the systems filter takes ids (another name is refused, as the reference) or, with fuzzySystem, any name; missing or empty searches all", async () => {
    expect(names(await search({ query: "mario", systems: ["SNES"] }))).toEqual(["Super Mario World (USA)"]);
    expect(names(await search({ query: "mario", systems: ["NES", "Genesis"] }))).toEqual(["Super Mario Bros. (World)"]);
    expect(await c.request("media.search", { query: "mario", systems: ["snes"] })).toMatchObject({ error: { code: -32602, message: expect.stringContaining("unknown system: snes") } });
    expect(names(await search({ query: "mario", systems: ["super nintendo"], fuzzySystem: true }))).toEqual(["Super Mario World (USA)"]);
    expect((await search({ query: "mario", systems: [] })).total).toBe(2);
  });

  test("results stop at maxResults (default 250) while total counts every match", async () => {
    const all = await search({ query: "puzzle pack" });
    expect(all.total).toBe(MANY);
    expect(all.results).toHaveLength(250);
    const few = await search({ query: "puzzle", maxResults: 5 });
    expect(few).toMatchObject({ total: MANY });
    expect(few.results).toHaveLength(5);
    expect((await c.request("media.search", { query: "puzzle", maxResults: 0 })).error?.code).toBe(-32602);
  });

  test("an empty query lists everything (by title), or a system's media; without the query key too (the reference reads it as empty)", async () => {
    const everything = await search({ query: "  ", maxResults: 10_000 });
    expect(everything.total).toBe(FILES.length + MANY);
    expect(everything.results).toHaveLength(FILES.length + MANY);
    expect(everything.results[0]?.name).toBe("Chrono Trigger (USA) [!]");
    expect((await search({ query: "", systems: ["PSX"] })).results.map((m) => m.name)).toEqual(["Final Fantasy VII (USA) (Disc 1)"]);
    expect((await c.call<{ results: Array<{ name: string }> }>("media.search", { systems: ["PSX"] })).results.map((m) => m.name)).toEqual(["Final Fantasy VII (USA) (Disc 1)"]);
  });

  test("skipped: other extensions, AppleDouble files, hidden and ignored folders, dangling links; a symlink cycle once", async () => {
    for (const q of ["notes", "secret", "junk", "ignored", "dangling"]) expect((await search({ query: q })).total).toBe(0);
    expect((await search({ query: "chrono" })).total).toBe(1);
  });

  test("systems lists the indexed systems with their counts", async () => {
    const { systems } = await c.call<{ systems: Array<{ id: string; name: string; category: string; mediaCount: number }> }>("systems");
    const counts = Object.fromEntries(systems.map((s) => [s.id, s.mediaCount]));
    expect(counts).toEqual({ SNES: 4, NES: 3 + MANY, Genesis: 2, PSX: 1 });
    for (const s of systems) expect(s.name.length).toBeGreaterThan(0);
  });

  test("media.index {systems} re-indexes only those and leaves the others as they were", async () => {
    writeFileSync(join(root, "roms/NES/Zelda (Europe).nes"), "");
    writeFileSync(join(root, "roms/SNES/Zelda no Densetsu (Japan).sfc"), "");
    expect(await c.call("media.index", { systems: ["NES"] })).toBeNull();
    expect(names(await search({ query: "zelda" }))).toEqual(["Zelda (Europe)"]); // SNES not walked again
    expect((await search({ query: "chrono" })).total).toBe(1); // SNES still served
    expect((await c.request("media.index", { systems: ["Nintendo"] })).error?.code).toBe(-32602);
    expect(await c.call("media.index")).toBeNull();
    expect((await search({ query: "zelda" })).total).toBe(2);
  });

  test("a folder that cannot be read is skipped, never aborting the run", async () => {
    mkdirSync(join(root, "roms/Genesis/Broken"));
    symlinkSync("/proc/self/fd/does-not-exist", join(root, "roms/Genesis/Broken/Link Folder"));
    rmSync(join(root, "roms/Genesis/Disc & Cart"), { recursive: true });
    mkdirSync(join(root, "roms/Genesis/Disc & Cart"));
    writeFileSync(join(root, "roms/Genesis/Disc & Cart/Streets of Rage 3 (USA).md"), "");
    expect(await c.call("media.index", { systems: ["Genesis"] })).toBeNull();
    expect(names(await search({ query: "streets" }))).toEqual(["Streets of Rage 3 (USA)"]);
  });
});

describe("a media.db written by an older schema", () => {
  test("one whose rows store every title and tags (schema 7) is served as it was, without indexing again", async () => {
    const { Database } = await import("bun:sqlite");
    const { rowTags, rowTitle } = await import("../../src/core/media/row-names.ts");
    const dir = tempDir("tapserve-media-v7-");
    const config = `[launchers]\nindex_root = ["${join(dir, "roms")}"]\nretroarch = false\n`;
    try {
      writeFiles(join(dir, "roms"), ["SNES/Super Mario World (USA) (Rev 1).sfc", "SNES/Super Mario World (Europe).sfc", "Genesis/Sonic The Hedgehog (USA, Europe).md"]);
      const query = async (s: TestService) => {
        const client = await s.connect();
        const found = await client.call<{ results: Media[] }>("media.search", { query: "mario" });
        const tags = await client.call<{ tags: unknown[] }>("media.tags", {});
        return { found: found.results.map((m) => [m.path, m.name, m.tags]), tags: tags.tags };
      };
      let s = await startService({ dataDir: dir, configToml: config });
      let before: Awaited<ReturnType<typeof query>>;
      try {
        expect(await (await s.connect()).call("media.index")).toBeNull();
        before = await query(s);
        expect(before.found.length).toBe(2);
      } finally {
        await s.stop();
      }
      // the file as schema 7 wrote it: a title and tags stored in every row, NOT NULL, and no title ranks
      const db = new Database(join(dir, "media.db"));
      const rows = db.prepare("SELECT id, dir, file, title, tags FROM media").all() as Array<{ id: number; dir: number; file: string; title: string | null; tags: string | null }>;
      expect(rows.some((r) => r.title === null)).toBe(true);
      db.exec("DROP TABLE media; CREATE TABLE media (id INTEGER PRIMARY KEY, dir INTEGER NOT NULL, file TEXT NOT NULL, title TEXT NOT NULL, tags TEXT NOT NULL)");
      const ins = db.prepare("INSERT INTO media VALUES (?, ?, ?, ?, ?)");
      for (const r of rows) ins.run(r.id, r.dir, r.file, rowTitle(r.file, r.title), rowTags(r.file, r.tags));
      db.exec("ALTER TABLE title_order DROP COLUMN ranks"); // schema 9's
      db.exec("PRAGMA user_version = 7");
      db.close();
      s = await startService({ dataDir: dir, configToml: config });
      try {
        expect((await (await s.connect()).call<{ database: Status }>("media")).database).toMatchObject({ exists: true, totalMedia: 3 });
        expect(await query(s)).toEqual(before);
      } finally {
        await s.stop();
      }
      const upgraded = new Database(join(dir, "media.db"), { readonly: true });
      expect(upgraded.prepare("PRAGMA user_version").get()).toEqual({ user_version: 9 });
      expect(upgraded.prepare("SELECT count(*) AS n FROM media WHERE title IS NOT NULL AND tags IS NOT NULL").get()).toEqual({ n: 3 });
      expect(upgraded.prepare("SELECT ranks FROM title_order").get()).toEqual({ ranks: null }); // worked out at the first search
      upgraded.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("is reported as no index (index again), and indexing again replaces it", async () => {
    const { openDatabase } = await import("../../src/db/open.ts");
    const { mediaMigrations } = await import("../../src/db/migrations/media.ts");
    const { bunRuntime } = await import("../../src/runtime/bun/index.ts");
    const dir = tempDir("tapserve-media-old-");
    try {
      writeFiles(join(dir, "roms"), ["SNES/Super Mario World (USA).sfc"]);
      // version 1: media rows carried their system; a complete index of one file
      const old = openDatabase(bunRuntime, join(dir, "media.db"), { durability: "normal", journal: "delete", migrations: mediaMigrations.slice(0, 1) });
      old.exec("INSERT INTO systems VALUES (1, 'SNES', 1, 1, 1, '2024-01-01T00:00:00Z'); INSERT INTO dirs VALUES (1, '/old/SNES', 'SNES')");
      old.exec("INSERT INTO media VALUES (1, 1, 1, 'Old Game.sfc'); INSERT INTO meta VALUES ('complete', '2024-01-01T00:00:00Z')");
      old.close();
      const s = await startService({ dataDir: dir, configToml: `[launchers]\nindex_root = ["${join(dir, "roms")}"]\nretroarch = false\n` });
      try {
        const client = await s.connect();
        expect((await client.call<{ database: Status }>("media")).database).toMatchObject({ exists: false, indexing: false });
        expect(await client.call("media.search", { query: "game" })).toMatchObject({ results: [], total: 0 });
        expect(await client.call("media.index")).toBeNull();
        expect((await client.call<{ database: Status }>("media")).database).toMatchObject({ exists: true, totalMedia: 1 });
        const found = await client.call<{ results: Media[]; total: number }>("media.search", { query: "mario" });
        expect(found.results.map((m) => [m.system.id, m.path])).toEqual([["SNES", "SNES/Super Mario World (USA).sfc"]]);
      } finally {
        await s.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
