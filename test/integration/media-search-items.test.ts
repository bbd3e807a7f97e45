/**
 * Issue 41: a search page's items are made in one pass over its rows (service/media/media-items.ts), the titles
 * and tags of rows a split run's thread wrote read back from the file names. The same files indexed both ways (the
 * service's index run with its thread, where those columns are left empty, and the writer alone, which stores
 * every title and tag) give the same full pages of 250: names, paths, folders, systems, tags and the tags
 * telling apart media of one title. Real SQLite files, the real index thread.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
import { DEFAULT_MAX_RESULTS } from "../../src/core/wire/media.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { writeIndexFile, type WrittenSystem } from "../../src/service/media/index-writer.ts";
import { MediaStore } from "../../src/service/media/media-store.ts";
import { SplitRun } from "../../src/service/media/split-run.ts";
import { nameGenerator } from "../fixtures/rom-names.ts";
import { tempDir } from "../fixtures/service.ts";

const SYSTEMS = [
  { id: "SNES", ext: ".sfc", dirs: ["SNES", "SNES/Hacks"] },
  { id: "Genesis", ext: ".md", dirs: ["Genesis"] },
  { id: "NES", ext: ".nes", dirs: ["NES", "NES/Europe"] },
];
const FILES = 6000;

let dir: string;
let threaded: MediaStore;
let plain: MediaStore;

function systems(): WrittenSystem[] {
  const next = nameGenerator(7);
  const written: WrittenSystem[] = SYSTEMS.map((s) => ({
    scan: { system: s.id, dirs: s.dirs.map((rel) => ({ abs: `/roms/${rel}`, rel })), files: [], fileDirs: [] },
    indexedAt: "2025-01-01T00:00:00.000Z",
  }));
  for (let i = 0; i < FILES; i++) {
    const k = i % SYSTEMS.length;
    const w = written[k] as WrittenSystem;
    const name = next();
    w.scan.files.push(`${name}${SYSTEMS[k]?.ext}`);
    w.scan.fileDirs.push(i % (SYSTEMS[k]?.dirs.length ?? 1));
    if (i % 50 === 0) {
      // the same title again in another region: told apart by their tags
      w.scan.files.push(`${name.replace(/ \(.*$/, "")} (Japan)${SYSTEMS[k]?.ext}`);
      w.scan.fileDirs.push(0);
    }
  }
  return written;
}

async function indexed(name: string, ahead: boolean): Promise<MediaStore> {
  const data = join(dir, name);
  mkdirSync(data);
  const store = new MediaStore(bunRuntime, data, systemCatalog());
  const written = systems();
  const split = ahead ? SplitRun.start(bunRuntime, store.buildingPath) : null;
  if (ahead && !split) throw new Error("no index thread on this runtime");
  for (const w of written) {
    split?.writeRows(w.scan, w.indexedAt);
    await split?.hand(w.scan, undefined, async () => {});
  }
  await writeIndexFile(bunRuntime, store.buildingPath, written, async () => {}, {}, false, split);
  store.replaceWith(store.buildingPath);
  return store;
}

beforeAll(async () => {
  dir = tempDir("tapserve-search-items-");
  threaded = await indexed("threaded", true);
  plain = await indexed("plain", false);
  const stored = threaded.reader!.prepare("SELECT count(*) AS n FROM media WHERE tags IS NULL AND title IS NULL").get<{ n: number }>()!;
  expect(stored.n).toBeGreaterThan(FILES / 2); // the thread's index reads them from the file names
}, 120_000);

afterAll(() => {
  threaded?.close();
  plain?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("search page items", () => {
  test("full pages are the same whether titles and tags were stored or are read from the file names", () => {
    let full = 0;
    let told = 0;
    for (const query of ["", "super", "mario world", "dragon", "rev", "ii", "japan", "3"]) {
      const a = threaded.search(query, [], DEFAULT_MAX_RESULTS);
      const b = plain.search(query, [], DEFAULT_MAX_RESULTS);
      expect(a.total).toBe(b.total);
      expect(JSON.stringify(a.results)).toBe(JSON.stringify(b.results));
      if (a.results.length === DEFAULT_MAX_RESULTS) full++;
      told += a.results.filter((r) => r.disambiguatingTags !== undefined).length;
      for (const r of a.results) {
        expect(r.path.startsWith(`${r.system.id}/`)).toBe(true);
        expect(r.zapScript).toBe(r.path);
        expect(r.tags[0]).toMatchObject({ type: "extension" });
      }
    }
    expect(full).toBeGreaterThan(2);
    expect(told).toBeGreaterThan(0);
  });

  test("items of the pages as asked by id, in the order asked, folders named by their path", () => {
    const page = threaded.search("", [], DEFAULT_MAX_RESULTS).results;
    const ids = page.map((r) => r.mediaId as number).reverse();
    const items = threaded.itemsOf(ids);
    expect(items.map((r) => r.mediaId)).toEqual(ids);
    expect(items.map((r) => r.path)).toEqual(plain.itemsOf(ids).map((r) => r.path));
    expect(items.some((r) => r.path.startsWith("SNES/Hacks/") || r.path.startsWith("NES/Europe/"))).toBe(true);
  });
});
