import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { writeTree } from "../fixtures/rom-tree.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { SearchResult } from "../../src/core/wire/index.ts";

/**
 * Cursor pages of media.search over a generated tree (9,000 files in three systems): walking every page gives
 * the one-page answer exactly, in the same order, also for the dense tiers read off the title order, and a
 * system indexed again between two pages neither repeats nor drops media of the others.
 */
let root: string;
let svc: TestService;
let c: RpcClient;

beforeAll(async () => {
  root = tempDir("tapserve-pages-");
  writeTree(join(root, "roms"), [{ folder: "SNES", ext: ".sfc" }, { folder: "Genesis", ext: ".md" }, { folder: "NES", ext: ".nes" }], 9000);
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${join(root, "roms")}"]\nretroarch = false\n` });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
}, 120_000);

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

async function search(params: Record<string, unknown>): Promise<SearchResult> {
  const r = SearchResult(await c.call("media.search", params));
  if (r instanceof type.errors) throw new Error(r.summary);
  return r;
}
const key = (m: SearchResult["results"][number]) => `${m.system.id}/${m.path}`;

/** Every page of a search, following nextCursor; checks each page's pagination on the way. */
async function allPages(params: Record<string, unknown>, pageSize: number, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    const r = await search({ ...params, maxResults: pageSize, ...(cursor ? { cursor } : {}) });
    expect(r.pagination?.pageSize).toBe(pageSize);
    seen.push(...r.results.map(key));
    if (!r.pagination?.hasNextPage) {
      expect(r.pagination?.nextCursor).toBeUndefined();
      return seen;
    }
    expect(r.results).toHaveLength(pageSize);
    cursor = r.pagination.nextCursor;
    await between?.(page);
  }
}

describe("media.search pages", () => {
  test("walking the pages of an empty query gives the whole ranked list once, in order", async () => {
    const whole = await search({ query: "", maxResults: 10_000 });
    expect(whole.total).toBe(9000);
    expect(whole.pagination).toEqual({ hasNextPage: false, pageSize: 10_000 });
    const paged = await allPages({ query: "" }, 700);
    expect(paged).toEqual(whole.results.map(key));
  });

  test("pages of a ranked query keep the tiers' order (title matches, word starts, the rest)", async () => {
    for (const query of ["super", "ar", "mario world", "a"]) {
      const whole = await search({ query, maxResults: 10_000 });
      expect(whole.total).toBeGreaterThan(34); // several pages
      const paged = await allPages({ query }, 17);
      expect({ query, paged }).toEqual({ query, paged: whole.results.map(key) });
    }
  });

  test("a system indexed again between pages: the others' media are neither repeated nor dropped", async () => {
    const before = (await search({ query: "", systems: ["SNES", "NES"], maxResults: 10_000 })).results.map(key);
    let added = 0;
    const paged = await allPages({ query: "" }, 500, async (page) => {
      if (page % 4 !== 1) return;
      // new Genesis files sorting all over the title order, then that one system indexed again
      for (const name of ["Aaa Added", "Mmm Added", "Zzz Added"]) writeFileSync(join(root, "roms", "Genesis", `${name} ${page} (USA).md`), "");
      added += 3;
      expect(await c.call("media.index", { systems: ["Genesis"] })).toBeNull();
    });
    expect(added).toBeGreaterThan(0);
    const others = paged.filter((k) => !k.startsWith("Genesis/"));
    expect(others).toEqual(before);
    expect(new Set(paged).size).toBe(paged.length);
  });

  test("a cursor we did not write is invalid params", async () => {
    for (const cursor of ["not a cursor!", "eyJ2IjoyfQ", "x".repeat(9000)]) {
      const r = await c.request("media.search", { query: "", cursor });
      expect(r.error?.code).toBe(-32602);
    }
  });
});
