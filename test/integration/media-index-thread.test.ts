import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { rowTags, rowTitle } from "../../src/core/media/row-names.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import type { Runtime } from "../../src/runtime/types.ts";
import { writeIndexFile, type WrittenSystem } from "../../src/service/media/index-writer.ts";
import { SplitRun } from "../../src/service/media/split-run.ts";
import { type SystemWalk, walkSystem } from "../../src/service/media/system-walk.ts";
import { MediaIndexer } from "../../src/service/media/indexer.ts";
import { MediaStore } from "../../src/service/media/media-store.ts";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
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
 * `split`: written as a full run splits it (split-run.ts): each system's rows written by the second thread and its
 * names parsed here, as though walked ("all"; "some": only the first few, as a run that gave up the split).
 * `eligible`: only the systems a split run writes itself (no store games, no platform titles).
 */
async function written(name: string, runtime: Runtime, split?: "all" | "some", eligible = false): Promise<Record<string, unknown[]>> {
  const path = join(dir, `${name}.db`);
  const systems = (await scans()).filter((w) => !eligible || (!w.titleOf && !w.scan.dirs.some((d) => d.abs.startsWith("steam://"))));
  const run = split ? SplitRun.start(runtime, path) : null;
  if (split) expect(run).not.toBeNull();
  for (const w of split === "some" ? systems.slice(0, 2) : split ? systems : []) {
    run?.writeRows(w.scan, w.indexedAt);
    await run?.hand(w.scan, w.titleOf, async () => {});
  }
  await writeIndexFile(runtime, path, systems, async () => {}, {}, false, run);
  return dump(path);
}

type Stored = { id: number; title: string | null; tags: string | null; abs: string };

const failingThread = (): Runtime => ({
  ...bunRuntime,
  startThread: (entry) => (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)({ ...entry, url: new URL("./no-such-thread.ts", entry.url).href }),
});

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
    const broken = await written("broken", failingThread());
    // a split run of systems that store more than their names (store games, platform titles) is given up, as is
    // one whose thread fails to start, or of other systems than those written: the writer writes the file
    started = 0;
    const splitGivenUp = await written("split-given-up", counting, "all");
    const splitBroken = await written("split-broken", failingThread(), "all");
    const splitOther = await written("split-other", counting, "some");
    expect(started).toBe(4); // each split's thread, and each writer's own (the broken one's never start)
    for (const w of [splitGivenUp, splitBroken, splitOther]) expect((w.stored_names as Stored[]).some((r) => r.title === null || r.tags === null)).toBe(false);
    for (const t of Object.keys(TABLES).filter((t) => t !== "stored_names")) {
      expect([t, threaded[t]?.length]).toEqual([t, plain[t]?.length]);
      expect(threaded[t]).toEqual(plain[t] as unknown[]);
      expect(broken[t]).toEqual(plain[t] as unknown[]);
      expect(splitGivenUp[t]).toEqual(plain[t] as unknown[]);
      expect(splitBroken[t]).toEqual(plain[t] as unknown[]);
      expect(splitOther[t]).toEqual(plain[t] as unknown[]);
    }
    expect((threaded.words as unknown[]).length).toBeGreaterThan(300);
    expect((threaded.tags as unknown[]).length).toBeGreaterThan(10);
    expect((threaded.system_tags as unknown[]).length).toBeGreaterThan(10);
  });

  test("a split run's file (rows written by its thread, lists built here, order sorted there) is the one the writer writes alone", async () => {
    const split = await written("split", bunRuntime, "all", true);
    const plain = await written("plain-eligible", { ...bunRuntime, startThread: undefined }, undefined, true);
    // the thread's rows store no title nor tags: both follow from the file names (read the same, as compared below)
    const rows = split.stored_names as Stored[];
    expect(rows.length).toBeGreaterThan(5_000);
    for (const r of rows) expect([r.title, r.tags]).toEqual([null, null]);
    for (const t of Object.keys(TABLES).filter((t) => t !== "stored_names")) {
      expect([t, split[t]?.length]).toEqual([t, plain[t]?.length]);
      expect(split[t]).toEqual(plain[t] as unknown[]);
    }
  });

  test("systems walked by whichever thread claims them first are written in run order: the writer's file", async () => {
    const root = join(dir, "claims-roms");
    const systems = ["SNES", "Genesis", "NES", "GBA", "N64", "PSX"].map((folder, i) => ({ folder, ext: `.x${i}` }));
    writeTree(root, systems, 6_000, 3);
    const requests = systems.map((s) => ({ system: s.folder, folders: [join(root, s.folder)], extensions: [s.ext], zipsAsFolders: false, prior: [] }));
    const ctx = { tick: async () => {}, countEntries: bunRuntime.countDirEntries };
    let walkedThere = 0;
    const watching: Runtime = {
      ...bunRuntime,
      startThread: (entry) => {
        const link = (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)(entry);
        return {
          ...link,
          post: (m, transfer) => link.post(m, transfer),
          onMessage: (h) =>
            link.onMessage((m) => {
              if ((m as { t: string }).t === "walked") walkedThere++;
              h(m);
            }),
          onError: (h) => link.onError(h),
          terminate: () => link.terminate(),
        };
      },
    };
    const path = join(dir, "claims.db");
    const first = await walkSystem(requests[0]!, ctx);
    // the second system is claimed here before the thread has loaded: walked here, its rows handed over
    const run = SplitRun.start(watching, path) as SplitRun;
    run.writeRows(first.scan, first.indexedAt);
    run.walkAll(requests.slice(1));
    const walks: Array<Promise<SystemWalk>> = [];
    const here = run.take(requests[1]!.system);
    expect(here).toBeNull();
    const second = await walkSystem(requests[1]!, ctx);
    run.writeRows(second.scan, second.indexedAt);
    // then the thread claims the others (this one takes none until it has walked one)
    for (let waited = 0; walkedThere === 0 && waited < 10_000; waited += 10) await Bun.sleep(10);
    for (const r of requests.slice(2)) {
      const there = run.take(r.system);
      walks.push(there ?? walkSystem(r, ctx).then((w) => (run.writeRows(w.scan, w.indexedAt), w)));
    }
    const written: WrittenSystem[] = [];
    for (const w of [first, second, ...(await Promise.all(walks))]) {
      await run.hand(w.scan, undefined, async () => {});
      written.push({ scan: w.scan, indexedAt: w.indexedAt });
    }
    expect(walkedThere).toBeGreaterThan(0);
    await writeIndexFile(watching, path, written, async () => {}, {}, false, run);
    const plainPath = join(dir, "claims-plain.db");
    await writeIndexFile({ ...bunRuntime, startThread: undefined }, plainPath, written, async () => {}, {}, false, null);
    const split = dump(path);
    const plain = dump(plainPath);
    expect((split.stored_names as Stored[]).every((r) => r.title === null && r.tags === null)).toBe(true);
    expect((split.media as unknown[]).length).toBe(6_000);
    for (const t of Object.keys(TABLES).filter((t) => t !== "stored_names")) expect([t, split[t]]).toEqual([t, plain[t] as unknown[]]);
  });

  test("a split run given up while its thread writes leaves no file behind and ends the thread; the next write is whole", async () => {
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
    const systems = (await scans()).filter((w) => !w.titleOf && !w.scan.dirs.some((d) => d.abs.startsWith("steam://")));
    const path = join(dir, "given-up.db");
    const run = SplitRun.start(watched, path) as SplitRun;
    for (const w of systems) {
      run.writeRows(w.scan, w.indexedAt);
      await run.hand(w.scan, undefined, async () => {});
    }
    // the lists are stored a tick at a time: given up at the second tick, while the thread sorts the title order
    let ticks = 0;
    const given = writeIndexFile(watched, path, systems, async () => {
      if (++ticks === 2) throw new Error("given up");
    }, {}, false, run);
    await expect(given).rejects.toThrow("given up");
    expect(existsSync(path)).toBe(false);
    expect(links.length).toBe(1);
    expect(links[0]?.ended).toBe(true);
    expect(links[0]?.posts).toContain("rows");
    expect(links[0]?.posts).toContain("end");
    const after = await written("after-given-up", watched, "all", true);
    const plain = await written("plain-again", { ...bunRuntime, startThread: undefined }, undefined, true);
    for (const t of Object.keys(TABLES).filter((t) => t !== "stored_names")) expect([t, after[t]]).toEqual([t, plain[t] as unknown[]]);
  });

  test("a full index run, its systems walked and their rows written by its second thread, gives the index a run without threads gives", async () => {
    const roms = join(dir, "run-roms");
    writeTree(roms, [{ folder: "SNES", ext: ".sfc" }, { folder: "Genesis", ext: ".md" }, { folder: "NES", ext: ".nes" }, { folder: "GBA", ext: ".gba" }], 9_000, 4);
    const threads: string[] = [];
    const watching: Runtime = {
      ...bunRuntime,
      startThread: (entry) => {
        threads.push(entry.bundledPath);
        return (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)(entry);
      },
    };
    /** Indexes the tree into a new data folder, then again after `change` (two runs, one store); the tables after each. */
    const run = async (name: string, runtime: Runtime, change: () => void) => {
      const data = join(dir, name);
      mkdirSync(data, { recursive: true });
      const store = new MediaStore(runtime, data, systemCatalog());
      store.open();
      const indexer = new MediaIndexer({ runtime, store, catalog: systemCatalog(), roots: () => [roms], zipsAsFolders: () => false, onProgress: () => {} });
      try {
        await indexer.start();
        const first = dump(store.path);
        change();
        await indexer.start();
        expect(existsSync(`${store.buildingPath}.split`)).toBe(false);
        return [first, dump(store.path)] as const;
      } finally {
        store.close();
      }
    };
    let moved = Date.now() / 1000 + 60;
    /** Moves the mtime of the system folders (`deep`: and every folder below them). */
    const touch = (deep: boolean) => () => {
      const t = ++moved;
      const visit = (d: string, depth: number) => {
        utimesSync(d, t, t);
        if (deep || depth === 0) for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory() && deep) visit(join(d, e.name), depth + 1);
      };
      for (const f of ["SNES", "Genesis", "NES", "GBA"]) visit(join(roms, f), 0);
    };
    /** The same tables, but for when the runs happened: the systems' index times, the folders' mtimes (each run moves them). */
    const expectSame = (a: Record<string, unknown[]>, b: Record<string, unknown[]>) => {
      const timeless = (t: string, rows: unknown[] | undefined) => (rows ?? []).map((r) => ({ ...(r as object), ...(t === "systems" ? { indexed_at: "" } : {}), ...(t === "folders" ? { mtime: 0 } : {}) }));
      for (const t of Object.keys(TABLES).filter((t) => t !== "stored_names")) expect([t, timeless(t, a[t])]).toEqual([t, timeless(t, b[t])]);
    };
    const named = (tables: Record<string, unknown[]>) => (tables.stored_names as Stored[]).every((r) => r.title === null && r.tags === null);
    // a first index and a full one (every folder changed: each read again, none kept from the served index)
    const [split, splitAgain] = await run("run-split", watching, touch(true));
    expect(threads.filter((t) => t.endsWith("split-run-worker.ts")).length).toBe(2);
    expect(threads.filter((t) => t.endsWith("index-thread-worker.ts")).length).toBe(0);
    const [plain, plainAgain] = await run("run-plain", { ...bunRuntime, startThread: undefined }, touch(true));
    expect((split.stored_names as Stored[]).length).toBe(9_000);
    expect(named(split)).toBe(true);
    expect(named(splitAgain)).toBe(true);
    expectSame(split, plain);
    expectSame(splitAgain, plainAgain);
    // only the system folders changed: their sub-folders' files are kept from the served index, which the split's
    // thread does not write; the writer writes the file, with its thread beside it
    threads.length = 0;
    const [, partly] = await run("run-partly", watching, touch(false));
    expect(threads.filter((t) => t.endsWith("index-thread-worker.ts")).length).toBe(1);
    expect(named(partly)).toBe(false);
    expectSame(partly, plainAgain);
    // a split whose thread does not start: its walks are done in the run's thread, and the writer writes the file
    const noSplit: Runtime = {
      ...bunRuntime,
      startThread: (entry) => (bunRuntime.startThread as NonNullable<Runtime["startThread"]>)(entry.bundledPath.endsWith("split-run-worker.ts") ? { ...entry, url: new URL("./no-such-thread.ts", entry.url).href } : entry),
    };
    const [unsplit, unsplitAgain] = await run("run-unsplit", noSplit, touch(true));
    expect(named(unsplit)).toBe(false);
    expectSame(unsplit, plain);
    expectSame(unsplitAgain, plainAgain);
  });
});
