import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mediaName, nameWords, queryWords } from "../../src/core/media/words.ts";
import { systemCatalog } from "../../src/core/systems/catalog.ts";
import { bunRuntime } from "../../src/runtime/bun/index.ts";
import { writeIndexFile, type WrittenSystem } from "../../src/service/media/index-writer.ts";
import { MediaStore } from "../../src/service/media/media-store.ts";
import { nameGenerator, prng } from "../fixtures/rom-names.ts";

/**
 * media search against a plain filter over the same names: every query word a substring of a name word, the
 * systems filter, total and the first maxResults in index order. With the default limits, with a cache so small
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
  }
}

function expected(query: string, systems: string[], max: number) {
  const words = queryWords(query);
  const hits = all.filter((m) => (systems.length === 0 || systems.includes(m.system)) && words.every((w) => nameWords(m.name).some((nw) => nw.includes(w))));
  return { total: hits.length, paths: hits.slice(0, max).map((m) => m.path) };
}

const pick = prng(4);
const queries: string[] = ["", "a", "(usa)", "usa) (eu", "zz", "super mario", "1) 2)", "MARIO world", "(disc"];
for (let i = 0; i < 150; i++) {
  const words = nameWords((all[Math.floor(pick() * all.length)] as { name: string }).name);
  const a = words[Math.floor(pick() * words.length)] as string;
  const b = words[Math.floor(pick() * words.length)] as string;
  const cut = (w: string) => w.slice(Math.floor(pick() * Math.max(1, w.length - 1)), w.length - Math.floor(pick() * 2));
  queries.push(i % 3 === 0 ? a : i % 3 === 1 ? `${a} ${b}` : `${cut(a)} ${cut(b)}`);
}

describe("media search", () => {
  test.each([
    ["the default limits", "default", {}],
    ["a cache that holds at most one bitset", "tiny-cache", { cacheBytes: 2048 }],
    ["short query words looked up by SQL (the word list too large)", "no-word-list", { wordListChars: 10 }],
  ])("matches a plain filter over the names, with %s", async (_label, name, limits) => {
    const dataDir = join(dir, name);
    const store = new MediaStore(bunRuntime, dataDir, systemCatalog(), limits);
    mkdirSync(dataDir, { recursive: true });
    await writeIndexFile(bunRuntime, store.buildingPath, written, async () => {});
    store.replaceWith(store.buildingPath);
    try {
      for (const [i, q] of queries.entries()) {
        const systems = i % 4 === 3 ? ["SNES", "Genesis"] : i % 4 === 2 ? ["NES"] : [];
        if (q.trim() === "" && systems.length === 0) continue;
        const max = i % 5 === 0 ? 7 : 250;
        const got = store.search(q, systems, max);
        const want = expected(q, systems, max);
        expect([q, systems, got.total]).toEqual([q, systems, want.total]);
        expect(got.results.map((m) => m.path)).toEqual(want.paths);
        for (const m of got.results) expect([m.name, m.zapScript, m.system.id]).toEqual([mediaName(m.path.slice(m.path.lastIndexOf("/") + 1)), m.path, m.path.slice(0, m.path.indexOf("/"))]);
      }
    } finally {
      store.close();
    }
  });
});
