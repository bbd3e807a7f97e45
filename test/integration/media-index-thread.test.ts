import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { rowTags, rowTitle } from "../../src/core/media/row-names.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import type { Runtime } from "../../src/runtime/types.ts";
import { writeIndexFile, type WrittenSystem } from "../../src/service/media/index-writer.ts";
import { ParseAhead } from "../../src/service/media/parse-ahead.ts";
import { type SystemScan, walkSystemFolder } from "../../src/service/media/walker.ts";
import { writeTree } from "../fixtures/rom-tree.ts";

/**
 * The media index's words, tags and title order are built in a thread beside the media rows where the runtime
 * has threads: the file written is the same, table by table, as one written without a thread (Node, MiSTer) and
 * as one whose thread fails to start. A real tree of No-Intro style names in several systems, a store's virtual
 * folders (names taken whole) and platform titles for one system (MiSTer arcade names).
 */
const dir = mkdtempSync(join(tmpdir(), "tapserve-index-thread-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Each table as read back in full (the trigram index through its data blocks); the media rows with their titles
 * and tags as readers see them (core/media/row-names.ts: stored, or from the file name), and as stored.
 */
const TABLES: Record<string, string> = {
  systems: "SELECT * FROM systems ORDER BY id",
  dirs: "SELECT * FROM dirs ORDER BY id",
  media: "SELECT * FROM media ORDER BY id",
  stored_names: "SELECT m.id AS id, m.title AS title, m.tags AS tags, d.abs AS abs FROM media m JOIN dirs d ON d.id = m.dir ORDER BY m.id",
  words: "SELECT * FROM words ORDER BY id",
  tags: "SELECT * FROM tags ORDER BY id",
  system_tags: "SELECT * FROM system_tags ORDER BY system, tag",
  title_order: "SELECT * FROM title_order",
  title_samples: "SELECT value FROM meta WHERE key = 'title_samples'",
  words_fts: "SELECT * FROM words_fts_data ORDER BY id",
  // (ctime left out: the walk records it only for folders changed long enough ago, as time goes by)
  folders: "SELECT system, abs, mtime, entries, kind FROM folders ORDER BY system, abs",
};

let treeWritten = false;

async function scans(): Promise<WrittenSystem[]> {
  const root = join(dir, "roms");
  const systems = [
    { folder: "SNES", ext: ".sfc" },
    { folder: "Genesis", ext: ".md" },
    { folder: "NES", ext: ".nes" },
    { folder: "Arcade", ext: ".mra" },
  ];
  if (!treeWritten) {
    writeTree(root, systems, 12_000);
    mkdirSync(join(root, "NES", "Odd names"), { recursive: true });
    for (const name of ["Σίσυφος (Greece).nes", "ΣΣ Final (Europe) (Rev 1).nes", "  spaced   out  (USA).nes", "(Japan).nes", "Game v1.2 (1995)(Pub).nes", "No tags.nes"]) {
      writeFileSync(join(root, "NES", "Odd names", name), "");
    }
    treeWritten = true;
  }
  const ctx = { zipsAsFolders: false, tick: async () => {}, warn: () => {}, countEntries: bunRuntime.countDirEntries };
  const out: WrittenSystem[] = [];
  for (const s of systems) {
    const scan: SystemScan = { system: s.folder, dirs: [], files: [], fileDirs: [] };
    await walkSystemFolder(join(root, s.folder), s.folder, new Set([s.ext]), scan, ctx);
    out.push({ scan, indexedAt: "2026-01-01T00:00:00Z" });
  }
  const pc = out[0]?.scan as SystemScan;
  for (const [i, file] of ["Half-Life 2", "Portal (Still Alive) [v2]", "Sonic Mania Plus"].entries()) {
    pc.fileDirs.push(pc.dirs.length);
    pc.dirs.push({ abs: `steam://${400 + i}`, rel: `steam://${400 + i}` });
    pc.files.push(file);
  }
  // every third arcade file named by the platform (an MRA's <name>), the others from their file names
  const arcade = out[3] as WrittenSystem;
  arcade.titleOf = (_dir, file) => (file.length % 3 === 0 ? `Arcade Title ${file.length} (Bootleg)` : undefined);
  expect(out.reduce((n, s) => n + s.scan.files.length, 0)).toBeGreaterThan(12_000);
  return out;
}

function dump(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const [t, sql] of Object.entries(TABLES)) out[t] = db.prepare(sql).all();
    out.media = (out.media as Array<{ file: string; title: string | null; tags: string | null }>).map((r) => ({ ...r, title: rowTitle(r.file, r.title), tags: rowTags(r.file, r.tags) }));
    return out;
  } finally {
    db.close();
  }
}

/**
 * `ahead`: each system handed to a parse ahead first, as a full run does while it walks (all: "all"; else the first
 * few), in pieces of at most `unitFiles`.
 */
async function written(name: string, runtime: Runtime, ahead?: "all" | "some", unitFiles?: number): Promise<Record<string, unknown[]>> {
  const path = join(dir, `${name}.db`);
  const systems = await scans();
  const parse = ahead ? ParseAhead.start(runtime, unitFiles) : null;
  if (ahead) expect(parse).not.toBeNull();
  for (const w of ahead === "some" ? systems.slice(0, 2) : ahead ? systems : []) parse?.hand(w.scan, w.titleOf);
  await writeIndexFile(runtime, path, systems, async () => {}, {}, false, parse);
  return dump(path);
}

describe("media index thread", () => {
  test("the index written with the thread is the one written without it, and with a thread that fails to start", async () => {
    let started = 0;
    const counting: Runtime = {
      ...bunRuntime,
      startThread: (entry) => {
        started++;
        return (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)(entry);
      },
    };
    const threaded = await written("threaded", counting);
    expect(started).toBe(1);
    const plain = await written("plain", { ...bunRuntime, startThread: undefined });
    const broken = await written("broken", {
      ...bunRuntime,
      startThread: (entry) => (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)({ ...entry, url: new URL("./no-such-thread.ts", entry.url).href }),
    });
    // the names parsed in the thread as each system is walked (a full run), before the write; or parsed here
    // when that thread fails to start; and a parse ahead of other systems than those written, which is let go
    started = 0;
    const ahead = await written("ahead", counting, "all");
    expect(started).toBe(1);
    const aheadBroken = await written("ahead-broken", {
      ...bunRuntime,
      startThread: (entry) => (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)({ ...entry, url: new URL("./no-such-thread.ts", entry.url).href }),
    }, "all");
    const aheadOther = await written("ahead-other", counting, "some");
    // in pieces of 300 files: the thread is given the first few, the writer parses most of them into parts
    const aheadPieces = await written("ahead-pieces", counting, "all", 300);
    expect(started).toBe(4);
    // a parse ahead's rows store a title only where the platform names the file or its name is taken whole, and
    // tags only for names taken whole: the rest follow from the file names (read the same, as compared below)
    type Stored = { id: number; title: string | null; tags: string | null; abs: string };
    {
      const rows = ahead.stored_names as Stored[];
      for (const r of rows.filter((r) => r.abs.startsWith(join(dir, "roms", "Arcade")) || r.abs.startsWith("steam://"))) {
        if (r.abs.startsWith("steam://")) expect([r.title, r.tags]).not.toContain(null);
        else expect(r.tags).toBeNull();
      }
      const derived = rows.filter((r) => !r.abs.startsWith(join(dir, "roms", "Arcade")) && !r.abs.startsWith("steam://"));
      expect(derived.length).toBeGreaterThan(9_000);
      for (const r of derived) expect([r.title, r.tags]).toEqual([null, null]);
      const arcade = rows.filter((r) => r.abs.startsWith(join(dir, "roms", "Arcade")));
      expect(arcade.filter((r) => r.title !== null).length).toBeGreaterThan(0);
      expect(arcade.filter((r) => r.title === null).length).toBeGreaterThan(0);
    }
    // without a claimed parse ahead (aheadOther's was of other systems) every row stores its title and tags
    expect((aheadOther.stored_names as Stored[]).some((r) => r.title === null || r.tags === null)).toBe(false);
    for (const t of Object.keys(TABLES).filter((t) => t !== "stored_names")) {
      expect([t, threaded[t]?.length]).toEqual([t, plain[t]?.length]);
      expect(threaded[t]).toEqual(plain[t] as unknown[]);
      expect(broken[t]).toEqual(plain[t] as unknown[]);
      expect(ahead[t]).toEqual(plain[t] as unknown[]);
      expect(aheadBroken[t]).toEqual(plain[t] as unknown[]);
      expect(aheadOther[t]).toEqual(plain[t] as unknown[]);
      expect(aheadPieces[t]).toEqual(plain[t] as unknown[]);
    }
    expect((threaded.words as unknown[]).length).toBeGreaterThan(300);
    expect((threaded.tags as unknown[]).length).toBeGreaterThan(10);
    expect((threaded.system_tags as unknown[]).length).toBeGreaterThan(10);
  });

  test("a write given up while the writer parses beside the thread leaves no file behind and ends the thread; the next write is whole", async () => {
    const links: Array<{ ended: boolean; posts: string[] }> = [];
    const watched: Runtime = {
      ...bunRuntime,
      startThread: (entry) => {
        const link = (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)(entry);
        const seen = { ended: false, posts: [] as string[] };
        links.push(seen);
        return {
          post: (m, transfer) => {
            seen.posts.push((m as { t: string }).t);
            link.post(m, transfer);
          },
          onMessage: (h) => link.onMessage(h),
          onError: (h) => link.onError(h),
          terminate: () => {
            seen.ended = true;
            link.terminate();
          },
        };
      },
    };
    const systems = await scans();
    const parse = ParseAhead.start(watched, 300) as ParseAhead;
    for (const w of systems) parse.hand(w.scan, w.titleOf);
    // the rows take one tick (8,192 rows a tick), the writer's pieces one each: the fourth is mid-way through them
    expect(systems.reduce((n, w) => n + w.scan.files.length, 0)).toBeLessThan(2 * 8192);
    let ticks = 0;
    const path = join(dir, "given-up.db");
    const given = writeIndexFile(watched, path, systems, async () => {
      if (++ticks === 4) throw new Error("given up");
    }, {}, false, parse);
    await expect(given).rejects.toThrow("given up");
    expect(existsSync(path)).toBe(false);
    expect(links.length).toBe(1);
    expect(links[0]?.ended).toBe(true);
    // the thread was given pieces, and never the parts nor the end of a run given up
    expect(links[0]?.posts).toContain("names");
    expect(links[0]?.posts).not.toContain("parts");
    expect(links[0]?.posts).not.toContain("finish");
    // (the stored title and tag columns differ by design: a parse ahead leaves those that follow from the names NULL)
    const after = await written("after-given-up", watched, "all", 300);
    const plain = await written("plain-again", { ...bunRuntime, startThread: undefined });
    for (const t of Object.keys(TABLES).filter((t) => t !== "stored_names")) expect([t, after[t]]).toEqual([t, plain[t] as unknown[]]);
  });
});
