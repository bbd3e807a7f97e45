import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type, type Type } from "arktype";
import { writeStoredZip } from "../../src/core/zip/stored-zip.ts";
import { writeFiles } from "../fixtures/launch-env.ts";
import { writeTree } from "../fixtures/rom-tree.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { BrowseIndexResult, BrowseResult, SearchResult, TagsResult } from "../../src/core/wire/index.ts";

/**
 * Browsing the library by folder and letter, and favourites (user tags), through the whole service: a real ROM
 * tree (synthetic sets in nested folders plus No-Intro names) indexed over WebSocket; every answer validated
 * against the wire schema the phone app's types mirror.
 */
let root: string;
let roms: string;
let svc: TestService;
let c: RpcClient;
const NAMED = ["SNES/Super Mario World (USA).sfc", "SNES/Super Mario World (Europe) (Rev 1).sfc", "SNES/'98 Koshien (Japan).sfc", "SNES/1942 (Japan).sfc", "SNES/Ōkami Den (Japan).sfc", "Genesis/Sonic The Hedgehog (USA, Europe).md"];
let treeFiles = 0;

beforeAll(async () => {
  root = tempDir("tapserve-browse-");
  roms = join(root, "roms");
  treeFiles = writeTree(roms, [{ folder: "SNES", ext: ".sfc" }, { folder: "Genesis", ext: ".md" }], 600, 7);
  writeFiles(roms, NAMED);
  mkdirSync(join(root, "data"));
  svc = await startService({ dataDir: join(root, "data"), configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n` });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Calls a method and checks its answer against the wire schema. */
async function checked<T>(schema: Type<T>, method: string, params?: unknown): Promise<T> {
  const r = schema(await c.call(method, params));
  if (r instanceof type.errors) throw new Error(`${method}: ${r.summary}`);
  return r as T;
}
const browse = (p: Record<string, unknown>) => checked(BrowseResult, "media.browse", p);
const errorCode = async (method: string, params: unknown) => (await c.request(method, params)).error?.code;

/** Every entry of a listing, following its cursors. */
async function browseAll(p: Record<string, unknown>): Promise<{ first: BrowseResult; entries: BrowseResult["entries"] }> {
  const first = await browse(p);
  const entries = [...first.entries];
  let page = first;
  while (page.pagination?.hasNextPage) {
    page = await browse({ ...p, cursor: page.pagination.nextCursor });
    entries.push(...page.entries);
  }
  return { first, entries };
}

describe("media.browse", () => {
  const total = () => treeFiles + NAMED.length;

  test("without a path: the roots holding media, with their counts; with systems: each system's folder", async () => {
    const roots = await browse({});
    expect(roots.entries).toEqual([expect.objectContaining({ name: "roms", path: roms, type: "root", fileCount: total() })]);
    const snes = await browse({ systems: ["SNES"] });
    expect(snes.entries).toEqual([{ name: "SNES", path: join(roms, "SNES"), type: "root", fileCount: 305, systemId: "SNES", systemIds: ["SNES"], systemName: "SNES" }]);
    expect(await errorCode("media.browse", { systems: ["snes"] })).toBe(-32602);
  });

  test("a folder: sub-folders first (counting the media below), then its media by name; pages with cursors", async () => {
    const { first, entries } = await browseAll({ path: join(roms, "SNES"), maxResults: 40 });
    expect(entries.length).toBe(first.totalDirs! + first.totalFiles);
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
    const dirs = entries.filter((e) => e.type === "directory");
    const media = entries.filter((e) => e.type === "media");
    expect(entries.slice(0, dirs.length).every((e) => e.type === "directory")).toBe(true);
    expect(dirs.reduce((n, d) => n + d.fileCount!, 0) + media.length).toBe(305);
    expect(dirs.map((d) => d.name)).toEqual([...dirs.map((d) => d.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const titles = media.map((m) => m.name.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const mario = media.find((m) => m.name === "Super Mario World (USA)")!;
    expect(mario).toMatchObject({ type: "media", path: join(roms, "SNES/Super Mario World (USA).sfc"), systemId: "SNES", relativePath: "SNES/Super Mario World (USA).sfc", zapScript: "SNES/Super Mario World (USA).sfc" });
    expect(mario.tags).toContainEqual(expect.objectContaining({ type: "region", tag: "us" }));
    expect(typeof mario.mediaId).toBe("number");
    // a tags filter lists the folder's media carrying them (folders are left out)
    const us = await browseAll({ path: join(roms, "SNES"), tags: ["region:us"] });
    expect(us.first.totalDirs).toBe(0);
    expect(us.entries.length).toBe(media.filter((m) => m.tags!.some((t) => t.type === "region" && t.tag === "us")).length);
    expect(us.entries.map((e) => e.path)).toContain(mario.path);
    // a deeper folder: "Set 0" holds "Hacks & Translations" and files
    const set0 = await browse({ path: join(roms, "SNES", "Set 0") });
    expect(set0.entries[0]).toMatchObject({ name: "Hacks & Translations", type: "directory" });
  });

  test("sort orders: name-desc reverses name-asc, filename orders by file name", async () => {
    const asc = (await browseAll({ path: join(roms, "Genesis"), maxResults: 500 })).entries.filter((e) => e.type === "media");
    const desc = (await browseAll({ path: join(roms, "Genesis"), sort: "name-desc", maxResults: 500 })).entries.filter((e) => e.type === "media");
    expect(desc.map((e) => e.path)).toEqual([...asc].reverse().map((e) => e.path));
    const byFile = (await browse({ path: join(roms, "Genesis"), sort: "filename-asc", maxResults: 500 })).entries.filter((e) => e.type === "media");
    const files = byFile.map((e) => e.path.slice(e.path.lastIndexOf("/") + 1).toLowerCase());
    expect(files).toEqual([...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await errorCode("media.browse", { path: roms, sort: "newest" })).toBe(-32602);
  });

  test("letters: media.browse.index counts each letter, its offset and cursor land on it; `letter` filters", async () => {
    const path = join(roms, "SNES");
    const index = await checked(BrowseIndexResult, "media.browse.index", { path });
    const listing = await browseAll({ path, maxResults: 1000 });
    expect(index.scheme).toBe("latin");
    expect(index.totalFiles).toBe(listing.first.totalFiles);
    expect(index.groups.reduce((n, g) => n + g.count, 0)).toBe(index.totalFiles);
    expect(index.groups[0]).toMatchObject({ key: "#", label: "#", offset: 0 });
    expect(new Set(index.groups.map((g) => g.key)).size).toBe(index.groups.length); // "Ōkami" sorts after "Z", still in "#"
    const media = listing.entries.filter((e) => e.type === "media");
    expect(media[0]!.name).toBe("'98 Koshien (Japan)");
    expect(media.at(-1)!.name).toBe("Ōkami Den (Japan)");
    for (const g of index.groups) {
      const first = media[g.offset]!.name.charAt(0).toUpperCase();
      if (g.key === "0-9") expect(first).toMatch(/[0-9]/);
      else expect(first).toBe(g.key === "#" ? "'" : g.key);
      if (g.cursor) expect((await browse({ path, cursor: g.cursor, maxResults: 1 })).entries[0]!.path).toBe(media[g.offset]!.path);
    }
    const s = await browseAll({ path, letter: "s" });
    expect(s.first.totalFiles).toBe(index.groups.find((g) => g.key === "S")?.count ?? 0);
    expect(s.entries.filter((e) => e.type === "media").every((e) => e.name.startsWith("S"))).toBe(true);
    // digits are their own group, as the reference's: "#", "0-9", then the letters
    expect(index.groups.slice(0, 3).map((g) => g.key)).toEqual(["#", "0-9", "A"]);
    const digits = await browseAll({ path, letter: "0-9" });
    const digitNames = digits.entries.filter((e) => e.type === "media").map((e) => e.name);
    expect(digitNames).toContain("1942 (Japan)");
    expect(digitNames.every((n) => /^[0-9]/.test(n))).toBe(true);
    expect(digitNames.length).toBe(index.groups.find((g) => g.key === "0-9")!.count);
    expect(await errorCode("media.browse", { path, letter: "ab" })).toBe(-32602);
    expect(await checked(BrowseIndexResult, "media.browse.index", {})).toEqual({ scheme: "none", totalFiles: 0, groups: [] });
  });

  test("refused: a folder not in the index, another listing's cursor, a malformed cursor", async () => {
    expect(await errorCode("media.browse", { path: "/etc" })).toBe(1001);
    const page = await browse({ path: join(roms, "SNES"), maxResults: 5 });
    expect(await errorCode("media.browse", { path: join(roms, "Genesis"), cursor: page.pagination!.nextCursor })).toBe(-32602);
    expect(await errorCode("media.browse", { path: join(roms, "SNES"), cursor: "not a cursor" })).toBe(-32602);
  });
});

describe("favourites (user tags)", () => {
  const ref = { system: "SNES", path: "SNES/Super Mario World (USA).sfc" };
  const favorite = { tag: "favorite", type: "user", label: "Favorite" };
  /** The phone app's favourites screen asks exactly this. */
  const favourites = () => checked(SearchResult, "media.search", { query: "", systems: [], tags: ["user:favorite"], maxResults: 100 });

  test("media.tags.update adds user:favorite: answered, listed by media.tags, carried by search and browse, filterable", async () => {
    const updated = await checked(TagsResult, "media.tags.update", { ...ref, add: ["user:favorite"] });
    expect(updated.tags).toContainEqual(favorite);
    expect(updated.tags).toContainEqual(expect.objectContaining({ type: "region", tag: "us" }));
    expect((await checked(TagsResult, "media.tags", { systems: ["SNES"] })).tags).toContainEqual(favorite);
    expect((await checked(TagsResult, "media.tags", { systems: ["Genesis"] })).tags).not.toContainEqual(favorite);
    const found = await favourites();
    expect(found.total).toBe(1);
    expect(found.results[0]).toMatchObject({ path: ref.path });
    expect(found.results[0]!.tags).toContainEqual(favorite);
    const mario = await checked(SearchResult, "media.search", { query: "super mario world", systems: ["SNES"] });
    expect(mario.results.find((r) => r.path === ref.path)!.tags).toContainEqual(favorite);
    expect(mario.results.find((r) => r.path !== ref.path)!.tags).not.toContainEqual(favorite);
    // with file-name tags and a query too
    expect((await checked(SearchResult, "media.search", { query: "mario", tags: ["user:favorite", "region:us"] })).total).toBe(1);
    expect((await checked(SearchResult, "media.search", { query: "mario", tags: ["user:favorite", "region:eu"] })).total).toBe(0);
    const listed = await browse({ path: join(roms, "SNES"), tags: ["user:favorite"] });
    expect(listed.entries.map((e) => e.path)).toEqual([join(roms, ref.path)]);
    expect(listed.entries[0]!.tags).toContainEqual(favorite);
  });

  test("a favourite survives a re-index; by mediaId or absolute path; removed again", async () => {
    expect(await c.call("media.index")).toBeNull();
    expect((await favourites()).results.map((r) => r.path)).toEqual([ref.path]);
    const europe = (await browse({ path: join(roms, "SNES"), letter: "S" })).entries.find((e) => e.name === "Super Mario World (Europe) (Rev 1)")!;
    expect((await checked(TagsResult, "media.tags.update", { mediaId: europe.mediaId, add: ["user:favorite"] })).tags).toContainEqual(favorite);
    expect((await favourites()).total).toBe(2);
    await checked(TagsResult, "media.tags.update", { system: "SNES", path: europe.path, remove: ["user:favorite"] });
    const after = await checked(TagsResult, "media.tags.update", { ...ref, remove: ["USER:Favorite"] });
    expect(after.tags).not.toContainEqual(favorite);
    expect((await favourites()).total).toBe(0);
    expect((await checked(TagsResult, "media.tags", null)).tags).not.toContainEqual(favorite);
  });

  test("favourites live in the user database: a new media index (after a restart) finds them again", async () => {
    await checked(TagsResult, "media.tags.update", { ...ref, add: ["user:favorite"] });
    await svc.stop();
    rmSync(join(root, "data", "media.db"));
    svc = await startService({ dataDir: join(root, "data") });
    c = await svc.connect();
    expect((await favourites()).total).toBe(0); // no index yet
    expect(await c.call("media.index")).toBeNull();
    expect((await favourites()).results.map((r) => r.path)).toEqual([ref.path]);
    await checked(TagsResult, "media.tags.update", { ...ref, remove: ["user:favorite"] });
  });

  test("refused: non-user tags, nothing to change, unknown media or system", async () => {
    expect(await errorCode("media.tags.update", { ...ref, add: ["region:us"] })).toBe(-32602);
    expect(await errorCode("media.tags.update", { ...ref, add: ["user:"] })).toBe(-32602);
    expect(await errorCode("media.tags.update", { ...ref })).toBe(-32602);
    expect(await errorCode("media.tags.update", { add: ["user:favorite"] })).toBe(-32602);
    expect(await errorCode("media.tags.update", { system: "SNES", path: "SNES/Nope.sfc", add: ["user:favorite"] })).toBe(1001);
    expect(await errorCode("media.tags.update", { system: "Genesis", path: ref.path, add: ["user:favorite"] })).toBe(1001);
    expect(await errorCode("media.tags.update", { system: "Nope", path: ref.path, add: ["user:favorite"] })).toBe(-32602);
  });
});

describe("a .zip read as a folder (MiSTer)", () => {
  let zroot: string;
  let zsvc: TestService;
  let z: RpcClient;

  beforeAll(async () => {
    zroot = tempDir("tapserve-browse-zip-");
    const games = join(zroot, "games");
    writeFiles(games, ["SNES/Loose Game (USA).sfc"]);
    const data = new Uint8Array(0);
    const names = ["Zipped One (USA).sfc", "Inner/Zipped Two (Japan).sfc", "Inner/readme.txt"];
    writeFileSync(join(games, "SNES", "Pack.zip"), writeStoredZip(names.map((name) => ({ name, data })), new Date(2024, 0, 1)));
    zsvc = await startService({ configToml: `[service]\nplatform = "mister"\n[launchers]\nindex_root = ["${games}"]\nretroarch = false\n`, platformRoot: zroot });
    z = await zsvc.connect();
    expect(await z.call("media.index")).toBeNull();
  });

  afterAll(async () => {
    await zsvc.stop();
    rmSync(zroot, { recursive: true, force: true });
  });

  test("the archive is a folder of the listing, its folders and media browsable", async () => {
    const snes = join(zroot, "games", "SNES");
    const at = async (path: string) => {
      const r = BrowseResult(await z.call("media.browse", { path }));
      if (r instanceof type.errors) throw new Error(r.summary);
      return r.entries.map((e) => [e.type, e.name, e.fileCount ?? null]);
    };
    expect(await at(snes)).toEqual([
      ["directory", "Pack.zip", 2],
      ["media", "Loose Game (USA)", null],
    ]);
    expect(await at(join(snes, "Pack.zip"))).toEqual([
      ["directory", "Inner", 1],
      ["media", "Zipped One (USA)", null],
    ]);
    expect(await at(join(snes, "Pack.zip", "Inner"))).toEqual([["media", "Zipped Two (Japan)", null]]);
  });
});
