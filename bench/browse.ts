import { rmSync } from "node:fs";
import { systemCatalog } from "../src/core/systems/catalog.ts";
import { bunRuntime } from "../src/runtime/bun/index.ts";
import { MediaBrowser } from "../src/service/media/browse.ts";
import { writeIndexFile, type WrittenSystem } from "../src/service/media/index-writer.ts";
import { MediaStore } from "../src/service/media/media-store.ts";
import { nameGenerator } from "../test/fixtures/rom-names.ts";
import { median, percentile, tempDir } from "./lib.ts";

/**
 * `media.browse` on a 500k index (five systems; a third of each system's media in its folder, the rest in
 * folders of 150), written straight from generated names: the folder tree's first read, the roots, the first
 * page of a system folder (about 33k media and 440 folders) cold, its second and tenth pages (off the title order
 * too), of 150-media folders, and the letter index (which builds the folder's whole listing). Baseline: the plain SQL a folder page would need without the tree (media of the folder by title).
 * Issue 22's figure: the first page of an empty-query browse at 500k, of the roots and of a system folder (each
 * system's folder once, cold: no listing kept), goal < 10 ms. Run by bench/media.ts (TAPSERVE_BENCH_MEDIA=browse).
 */
const ENTRIES = 500_000;
const SYSTEMS = ["SNES", "Genesis", "NES", "PSX", "GBA"];
const FOLDER = 150;
const PAGE = 100;

export async function run(): Promise<Record<string, number | string>> {
  const dataDir = tempDir("tapserve-bench-browse-");
  try {
    const next = nameGenerator(5);
    const written: WrittenSystem[] = SYSTEMS.map((id) => ({ scan: { system: id, dirs: [{ abs: `/roms/${id}`, rel: id }], files: [], fileDirs: [] }, indexedAt: new Date().toISOString() }));
    for (const w of written) {
      const per = ENTRIES / SYSTEMS.length;
      for (let k = 0; k < per; k++) {
        let d = 0;
        if (k >= per / 3) {
          if ((k - Math.ceil(per / 3)) % FOLDER === 0) w.scan.dirs.push({ abs: `/roms/${w.scan.system}/Set ${w.scan.dirs.length}`, rel: `${w.scan.system}/Set ${w.scan.dirs.length}` });
          d = w.scan.dirs.length - 1;
        }
        w.scan.files.push(`${next()}.bin`);
        w.scan.fileDirs.push(d);
      }
    }
    const store = new MediaStore(bunRuntime, dataDir, systemCatalog());
    await writeIndexFile(bunRuntime, store.buildingPath, written, async () => {});
    store.replaceWith(store.buildingPath);
    const browser = new MediaBrowser({
      db: () => store.reader,
      titleOrderOf: (db) => store.titleOrderOf(db),
      roots: () => ["/roms"],
      systemName: (id) => id,
      items: (ids) => store.itemsOf(ids),
      userTagged: () => new Set(),
      isUserTag: () => false,
    });
    const time = async (fn: () => unknown) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const req = { systems: [] as string[], max: PAGE, sort: "name-asc" as const, tags: [] as string[] };
    const treeMs = await time(() => browser.browse(req));
    const rootsMs = await time(() => browser.browse(req));
    const systemRootsMs = await time(() => browser.browse({ ...req, systems: ["SNES"] }));
    const firstOrder = await time(() => browser.browse({ ...req, path: "/roms/SNES" })); // reads the title order once
    const cold: number[] = [];
    for (const id of SYSTEMS) cold.push(await time(() => browser.browse({ ...req, path: `/roms/${id}` })));
    for (const id of SYSTEMS) cold.push(await time(() => browser.browse({ ...req, path: `/roms/${id}`, sort: "name-desc" })));
    cold.sort((a, b) => a - b);
    const cursor = (await browser.browse({ ...req, path: "/roms/SNES" })).pagination?.nextCursor ?? undefined;
    const secondPage = await time(() => browser.browse({ ...req, path: "/roms/SNES", cursor }));
    // the tenth page: nine pages walked with their cursors, the last one timed
    let at = cursor;
    for (let i = 0; i < 8; i++) at = (await browser.browse({ ...req, path: "/roms/SNES", cursor: at })).pagination?.nextCursor ?? undefined;
    const pagedSystem = await time(() => browser.browse({ ...req, path: "/roms/SNES", cursor: at }));
    let down = (await browser.browse({ ...req, path: "/roms/NES", sort: "name-desc" })).pagination?.nextCursor ?? undefined;
    for (let i = 0; i < 8; i++) down = (await browser.browse({ ...req, path: "/roms/NES", sort: "name-desc", cursor: down })).pagination?.nextCursor ?? undefined;
    const tenthDesc = await time(() => browser.browse({ ...req, path: "/roms/NES", sort: "name-desc", cursor: down }));
    const indexMs = await time(() => browser.index("/roms/Genesis", [], "name-asc"));
    const small: number[] = [];
    for (let i = 1; i <= 200; i++) small.push(await time(() => browser.browse({ ...req, path: `/roms/${SYSTEMS[i % SYSTEMS.length]}/Set ${i}` })));
    small.sort((a, b) => a - b);
    // baseline: the media of one folder by title, straight from the table (no index on the folder column)
    const db = store.reader!;
    const dirOf = db.prepare("SELECT id FROM dirs WHERE abs = ?");
    const page = db.prepare("SELECT id, file, title, tags FROM media WHERE dir = ? ORDER BY lower(title) LIMIT ?");
    const baseline: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const dir = dirOf.get<{ id: number }>(`/roms/${SYSTEMS[i % SYSTEMS.length]}/Set ${i}`)?.id ?? 0;
      baseline.push(await time(() => page.all(dir, PAGE)));
    }
    store.close();
    return {
      "browse entries / folders": `${ENTRIES} / ${written.reduce((n, w) => n + w.scan.dirs.length, 0)}`,
      "browse folder tree first read (yields), ms": treeMs,
      "browse roots first page (empty query), ms (goal < 10)": rootsMs,
      "browse roots of one system first page, ms (goal < 10)": systemRootsMs,
      "browse system folder first page, first after the tree (reads the title order), ms": firstOrder,
      "browse system folder first page, cold, median, ms (goal < 10)": median(cold),
      "browse system folder first page, cold, max, ms (goal < 10)": cold.at(-1) as number,
      "browse 33k folder, second page (its folders), ms": secondPage,
      "browse 33k folder, tenth page (its media, off the title order), ms": pagedSystem,
      "browse 33k folder, tenth page name-desc (its media), ms": tenthDesc,
      "browse letter index of a system folder (builds the whole listing), ms": indexMs,
      "browse 150-media folder first page p50, ms": percentile(small, 50),
      "browse 150-media folder first page p99, ms": percentile(small, 99),
      "browse baseline SQL folder page p50, ms": median(baseline),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
