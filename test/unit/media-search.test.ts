import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseMediaName } from "../../src/core/media/filename-tags.ts";
import { SAMPLE_STEP, titleKey } from "../../src/core/media/title-order.ts";
import { mediaName, nameWords, queryWords } from "../../src/core/media/words.ts";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { writeIndexFile, type WrittenSystem } from "../../src/service/media/index-writer.ts";
import { MediaStore } from "../../src/service/media/media-store.ts";
import { readTitleSamples, sampleTitleKeys, TITLE_SAMPLES_KEY } from "../../src/service/media/title-samples.ts";
import type { MediaItem } from "../../src/core/media-types.ts";
import type { SqlDatabase } from "../../src/runtime/types.ts";
import { nameGenerator, prng } from "../fixtures/rom-names.ts";

/**
 * media search against a plain filter over the same names: every query word a substring of a name word, the
 * systems and tags filters, total and the first maxResults in rank order (exact title, title prefix, word
 * starts, the rest; by title, then id). With the default limits, with a cache so small
 * that every search evicts, and with short query words looked up by SQL instead of the in-memory word list.
 */
const dir = mkdtempSync(join(tmpdir(), "tapserve-search-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SYSTEMS = [
  { id: "NES", ext: ".nes" },
  { id: "SNES", ext: ".sfc" },
  { id: "Genesis", ext: ".md" },
];
const next = nameGenerator(21);
const written: WrittenSystem[] = SYSTEMS.map((s) => ({ scan: { system: s.id, dirs: [{ abs: `/r/${s.id}`, rel: s.id }, { abs: `/r/${s.id}/Sub`, rel: `${s.id}/Sub` }], files: [], fileDirs: [] }, indexedAt: "2024-01-01T00:00:00Z" }));
/** Every media in id order: its system, name and compressed path. */
const all: Array<{ system: string; name: string; path: string }> = [];
for (const [k, s] of SYSTEMS.entries()) {
  const scan = (written[k] as WrittenSystem).scan;
  for (let i = 0; i < 3000; i++) {
    const name = next();
    const d = i % 3 === 0 ? 1 : 0;
    scan.files.push(`${name}${s.ext}`);
    scan.fileDirs.push(d);
    all.push({ system: s.id, name, path: `${scan.dirs[d]?.rel}/${name}${s.ext}` });
    if (i % 40 === 0) {
      // the same title in other letter cases (ASCII, and not: "É" and "é" alike), another region: told apart
      const title = name.replace(/ \(.*$/, "");
      const other = `${i % 80 === 0 ? title.toUpperCase() : `É${title.toLowerCase()}`} (Brazil)`;
      scan.files.push(`${other}${s.ext}`);
      scan.fileDirs.push(0);
      all.push({ system: s.id, name: other, path: `${scan.dirs[0]?.rel}/${other}${s.ext}` });
      if (i % 80 !== 0) {
        const upper = `É${title.toUpperCase()} (Korea)`;
        scan.files.push(`${upper}${s.ext}`);
        scan.fileDirs.push(0);
        all.push({ system: s.id, name: upper, path: `${scan.dirs[0]?.rel}/${upper}${s.ext}` });
      }
    }
  }
}

const parsed = all.map((m, id) => {
  const p = parseMediaName(m.name);
  return { ...m, id, tags: p.tags, lower: p.title.toLowerCase(), words: nameWords(m.name) };
});

/** The plain model: filter, then rank by tier (exact title, title prefix, every word starting a name word, rest), title, id. */
function expected(query: string, systems: string[], max: number, tags: string[]) {
  const words = queryWords(query);
  const key = titleKey(query);
  const hits = parsed
    .filter((m) => (systems.length === 0 || systems.includes(m.system)) && words.every((w) => m.words.some((nw) => nw.includes(w))) && tags.every((t) => m.tags.includes(t)));
  const tier = (m: { lower: string; words: string[] }) => {
    if (words.length === 0) return 2;
    if (m.lower === key) return 0;
    if (m.lower.startsWith(key)) return 1;
    return words.every((w) => m.words.some((nw) => nw.startsWith(w))) ? 2 : 3;
  };
  const ranked = hits.map((m) => ({ m, tier: tier(m), t: m.lower }));
  ranked.sort((a, b) => a.tier - b.tier || (a.t < b.t ? -1 : a.t > b.t ? 1 : a.m.id - b.m.id));
  return { total: hits.length, paths: ranked.slice(0, max).map((r) => r.m.path) };
}

const pick = prng(4);
const queries: string[] = ["", "a", "(usa)", "super", "mario", "dragon quest", "Super Mario", "usa) (eu", "zz", "super mario", "1) 2)", "MARIO world", "(disc"];
for (let i = 0; i < 150; i++) {
  const words = nameWords((all[Math.floor(pick() * all.length)] as { name: string }).name);
  const a = words[Math.floor(pick() * words.length)] as string;
  const b = words[Math.floor(pick() * words.length)] as string;
  const cut = (w: string) => w.slice(Math.floor(pick() * Math.max(1, w.length - 1)), w.length - Math.floor(pick() * 2));
  queries.push(i % 3 === 0 ? a : i % 3 === 1 ? `${a} ${b}` : `${cut(a)} ${cut(b)}`);
}

const byPath = new Map(parsed.map((m) => [m.path, m]));
const tagText = (t: { type: string; tag: string }) => `${t.type}:${t.tag}`;

/**
 * The plain model of the tags telling apart a page's items: those of one system whose titles lowercase alike
 * (any letter case, ASCII or not) each get their tags that not all of them carry; none when nothing differs.
 */
function expectedDisambiguation(page: readonly MediaItem[]): Map<MediaItem, string[]> {
  const groups = new Map<string, MediaItem[]>();
  for (const m of page) {
    const key = `${m.system.id}\u0000${byPath.get(m.path)?.lower}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const out = new Map<MediaItem, string[]>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const texts = group.map((m) => m.tags.map(tagText));
    const common = (texts[0] as string[]).filter((t) => texts.every((ts) => ts.includes(t)));
    for (const [k, m] of group.entries()) {
      const own = (texts[k] as string[]).filter((t) => !common.includes(t));
      if (own.length > 0) out.set(m, own);
    }
  }
  return out;
}

function withIndex<T>(path: string, use: (db: SqlDatabase) => T): T {
  const db = bunRuntime.openDatabase(path);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

describe("media search", () => {
  test("the index stores the titles at every SAMPLE_STEP-th place of its title order, as its media rows give them", async () => {
    const path = join(dir, "samples.db");
    await writeIndexFile(bunRuntime, path, written, async () => {});
    withIndex(path, (db) => {
      const blob = db.prepare("SELECT ids FROM title_order WHERE id = 1").get<{ ids: Uint8Array }>()?.ids as Uint8Array;
      const order = new Int32Array(new Uint8Array(blob).buffer);
      const stored = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = ?").get<{ value: string }>(TITLE_SAMPLES_KEY)?.value ?? "{}");
      expect(stored.keys.length).toBe(Math.ceil(all.length / SAMPLE_STEP));
      expect(stored.keys).toEqual(sampleTitleKeys(db, order));
      expect(readTitleSamples(db, order)).toEqual(stored.keys);
    });
  });

  test("the index stores each media's place in its title order beside the order", async () => {
    const path = join(dir, "ranks.db");
    await writeIndexFile(bunRuntime, path, written, async () => {});
    withIndex(path, (db) => {
      const row = db.prepare("SELECT ids, ranks FROM title_order WHERE id = 1").get<{ ids: Uint8Array; ranks: Uint8Array }>();
      const order = new Int32Array(new Uint8Array(row?.ids as Uint8Array).buffer);
      const ranks = new Int32Array(new Uint8Array(row?.ranks as Uint8Array).buffer);
      expect(order.length).toBe(all.length);
      expect(ranks.length).toBe(all.length + 1);
      const misplaced = [...order.keys()].filter((place) => ranks[order[place] as number] !== place);
      expect(misplaced).toEqual([]);
    });
  });

  test.each([
    ["the default limits", "default", {}],
    ["a cache that holds at most one bitset", "tiny-cache", { cacheBytes: 2048 }],
    ["short query words looked up by SQL (the word list too large)", "no-word-list", { wordListChars: 10 }],
    ["an index written before the title samples were stored with it", "no-stored-samples", {}],
    ["an index written before the title ranks were stored with it", "no-stored-ranks", {}],
    ["the caches let go before every search and page (the idle release), cursors kept across it", "shrunk", {}],
  ])("matches a plain filter over the names, with %s", async (_label, name, limits) => {
    const dataDir = join(dir, name);
    const store = new MediaStore(bunRuntime, dataDir, systemCatalog(), limits);
    mkdirSync(dataDir, { recursive: true });
    await writeIndexFile(bunRuntime, store.buildingPath, written, async () => {});
    if (name === "no-stored-samples") withIndex(store.buildingPath, (db) => db.prepare("DELETE FROM meta WHERE key = ?").run(TITLE_SAMPLES_KEY));
    if (name === "no-stored-ranks") withIndex(store.buildingPath, (db) => db.exec("UPDATE title_order SET ranks = NULL"));
    store.replaceWith(store.buildingPath);
    let toldApart = 0;
    try {
      for (const [i, q] of queries.entries()) {
        const systems = i % 8 === 3 ? ["SNES", "Genesis"] : i % 8 === 7 ? ["Genesis", "NES"] : i % 4 === 2 ? ["NES"] : [];
        const max = i % 5 === 0 ? 7 : 250;
        const tags = i % 6 === 1 ? ["region:us"] : i % 6 === 4 ? ["region:eu", "rev:1"] : [];
        if (name === "shrunk") store.shrinkCaches();
        const got = store.search(q, systems, max, tags);
        const want = expected(q, systems, max, tags);
        expect([q, systems, tags, got.total]).toEqual([q, systems, tags, want.total]);
        expect(got.results.map((m) => m.path)).toEqual(want.paths);
        if (name === "shrunk" && got.nextCursor !== "") {
          store.shrinkCaches();
          const next = store.search(q, systems, max, tags, got.nextCursor);
          expect(next.results.map((m) => m.path)).toEqual(expected(q, systems, 2 * max, tags).paths.slice(max));
        }
        for (const m of got.results) expect([m.name, m.zapScript, m.system.id]).toEqual([mediaName(m.path.slice(m.path.lastIndexOf("/") + 1)), m.path, m.path.slice(0, m.path.indexOf("/"))]);
        const told = expectedDisambiguation(got.results);
        const toldOf = (items: readonly MediaItem[]) => items.map((m) => [m.path, m.disambiguatingTags?.map(tagText) ?? []]);
        expect(toldOf(got.results)).toEqual(got.results.map((m) => [m.path, told.get(m) ?? []]));
        toldApart += told.size;
        // the same items asked for in any order (as a listing by folder asks) are told apart alike
        const shuffled = [...got.results].sort(() => pick() - 0.5);
        expect(toldOf(store.itemsOf(shuffled.map((m) => m.mediaId as number)))).toEqual(toldOf(shuffled));
      }
      expect(toldApart).toBeGreaterThan(10);
    } finally {
      store.close();
    }
  });
});
