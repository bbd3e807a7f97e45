/**
 * Card sets (issue 42) through the whole service: a real ROM folder indexed over WebSocket, sets in the real user
 * database; games added from search results, a folder, a system, the favourites and a playlist; reordered,
 * removed, duplicated; the script each game's tag gets under both script kinds; sets kept over a restart.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type, type Type } from "arktype";
import { CardSet, CardSetAddResult, CardSetResult, CardSetsResult, SearchResult } from "../../../src/core/wire/index.ts";
import { writeFiles } from "../../fixtures/launch-env.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

let root: string;
let roms: string;
let svc: TestService;
let c: RpcClient;
const FILES = [
  "SNES/Super Mario World (USA).sfc",
  "SNES/Super Mario World (Europe) (Rev 1).sfc",
  "SNES/Zelda.sfc",
  "SNES/Hacks/F-Zero (Japan).sfc",
  "Genesis/Sonic The Hedgehog (USA, Europe).md",
  "Genesis/Streets of Rage.md",
];
const config = () => `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n\n[media]\ndefault_regions = ["us"]\n`;

async function checked<T>(schema: Type<T>, method: string, params?: unknown): Promise<T> {
  const r = schema(await c.call(method, params));
  if (r instanceof type.errors) throw new Error(`${method}: ${r.summary}`);
  return r as T;
}
const errorOf = async (method: string, params: unknown) => (await c.request(method, params)).error;

beforeAll(async () => {
  root = tempDir("tapserve-cards-");
  roms = join(root, "roms");
  writeFiles(roms, FILES);
  writeFileSync(join(roms, "party.m3u"), `${join(roms, "Genesis/Streets of Rage.md")}\n${join(roms, "SNES/Zelda.sfc")}\n`);
  mkdirSync(join(root, "data"));
  svc = await startService({ dataDir: join(root, "data"), keep: true, configToml: config() });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
});

afterAll(async () => {
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe("card sets", () => {
  let id = 0;

  test("create, rename, list: a new set is empty with the script kind asked for (title by default)", async () => {
    const set = await checked(CardSet, "cards.sets.create", { name: "Shelf" });
    expect(set).toMatchObject({ name: "Shelf", scriptKind: "title", count: 0 });
    id = set.id;
    expect(await checked(CardSet, "cards.sets.update", { id, name: "Shelf 1" })).toMatchObject({ id, name: "Shelf 1" });
    expect((await checked(CardSetsResult, "cards.sets")).sets.map((s) => s.name)).toContain("Shelf 1");
    expect((await errorOf("cards.sets.create", { name: "" }))?.code).toBe(-32602);
    expect((await errorOf("cards.set", { id: 999 }))?.code).toBe(1001);
  });

  test("games from search results, as the results name them; @System/Title launches exactly that file (tags added where the title alone picks another)", async () => {
    const found = await checked(SearchResult, "media.search", { query: "mario world" });
    const usa = found.results.find((r) => r.path.includes("(USA)"))!;
    const eu = found.results.find((r) => r.path.includes("(Europe)"))!;
    const added = await checked(CardSetAddResult, "cards.set.add", { id, items: [{ system: usa.system.id, path: usa.path }, { system: eu.system.id, path: eu.path }] });
    expect(added.added).toBe(2);
    const set = await checked(CardSetResult, "cards.set", { id });
    expect(set.items.map((i) => [i.title, i.systemId, i.systemName, i.script])).toEqual([
      ["Super Mario World", "SNES", usa.system.name, "@SNES/Super Mario World"],
      ["Super Mario World", "SNES", eu.system.name, "@SNES/Super Mario World (region:eu) (rev:1)"],
    ]);
    expect(set.items[1]!.tags).toEqual(expect.arrayContaining(["region:eu", "rev:1"]));
    // each title script resolves to its own file, as a launch of it would
    for (const item of set.items) {
      const look = await c.call<{ match: { path: string } | null }>("media.lookup", { system: "SNES", name: item.script.slice("@SNES/".length) });
      expect(look.match?.path).toBe(item.path);
    }
    const missing = await errorOf("cards.set.add", { id, items: [{ system: "SNES", path: "SNES/Nope.sfc" }] });
    expect(missing?.code).toBe(1001);
    expect(missing?.message).toContain("SNES/Nope.sfc");
  });

  test("the path kind writes the path as search results carry it (what the phone app writes in path mode)", async () => {
    await c.call("cards.sets.update", { id, scriptKind: "path" });
    const set = await checked(CardSetResult, "cards.set", { id });
    expect(set.items.map((i) => i.script)).toEqual(set.items.map((i) => i.path));
    expect(set.items[0]!.script).toBe("SNES/Super Mario World (USA).sfc");
    await c.call("cards.sets.update", { id, scriptKind: "title" });
  });

  test("a system, a folder (with its subfolders), the favourites and a playlist add their games in order; duplicates stay", async () => {
    const sys = await checked(CardSetAddResult, "cards.set.add", { id, source: { kind: "system", system: "Genesis" } });
    expect(sys.added).toBe(2);
    const folder = await checked(CardSetAddResult, "cards.set.add", { id, source: { kind: "folder", path: join(roms, "SNES") } });
    expect(folder.added).toBe(4);
    await c.call("media.tags.update", { system: "SNES", path: "SNES/Zelda.sfc", add: ["user:favorite"] });
    const fav = await checked(CardSetAddResult, "cards.set.add", { id, source: { kind: "favorites" } });
    expect(fav.added).toBe(1);
    const list = await checked(CardSetAddResult, "cards.set.add", { id, source: { kind: "playlist", name: "party.m3u" } });
    expect(list.added).toBe(2);
    expect(list.set.count).toBe(11);
    const set = await checked(CardSetResult, "cards.set", { id });
    const titles = set.items.map((i) => i.title);
    expect(titles.slice(2, 4)).toEqual(["Sonic The Hedgehog", "Streets of Rage"]); // the system's, in title order
    expect(titles.slice(4, 8).sort()).toEqual(["F-Zero", "Super Mario World", "Super Mario World", "Zelda"]); // the folder and its subfolder
    expect(titles.slice(8)).toEqual(["Zelda", "Streets of Rage", "Zelda"]); // the favourite, then the playlist in its order
    expect(set.items.map((i) => i.position)).toEqual(set.items.map((_, i) => i));
    expect((await errorOf("cards.set.add", { id, source: { kind: "playlist", name: "nowhere.m3u" } }))?.code).toBe(1001);
    expect((await errorOf("cards.set.add", { id, source: { kind: "tv" } }))?.code).toBe(-32602);
  });

  test("reorder and remove keep positions 0..n-1; adding at a place inserts there", async () => {
    let set = await checked(CardSetResult, "cards.set", { id });
    const last = set.items.at(-1)!;
    set = await checked(CardSetResult, "cards.set.move", { id, itemId: last.itemId, to: 0 });
    expect(set.items[0]!.itemId).toBe(last.itemId);
    set = await checked(CardSetResult, "cards.set.remove", { id, itemIds: [set.items[1]!.itemId, set.items[2]!.itemId] });
    expect(set.items.length).toBe(9);
    expect(set.items.map((i) => i.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const zelda = { system: "SNES", path: "SNES/Zelda.sfc" };
    await c.call("cards.set.add", { id, items: [zelda], at: 1 });
    set = await checked(CardSetResult, "cards.set", { id });
    expect(set.items[1]!.path).toBe("SNES/Zelda.sfc");
    expect((await errorOf("cards.set.remove", { id, itemIds: [99999] }))?.code).toBe(1001);
  });

  test("sets are kept in the user database over a restart; deleting one removes it", async () => {
    const before = await checked(CardSetResult, "cards.set", { id });
    await svc.stop();
    svc = await startService({ dataDir: join(root, "data"), keep: true, configToml: config() });
    c = await svc.connect();
    expect(await checked(CardSetResult, "cards.set", { id })).toEqual(before);
    expect(await c.call("cards.sets.delete", { id })).toBeNull();
    expect((await errorOf("cards.set", { id }))?.code).toBe(1001);
  });
});
