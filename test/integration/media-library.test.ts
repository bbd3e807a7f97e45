import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { SearchResult, TagsResult } from "../../src/core/wire/index.ts";

/**
 * Titles, tags and ranking through the whole service: a real ROM tree with No-Intro / Redump names in several
 * regions, revisions and discs, indexed over WebSocket; every answer validated against the wire schema.
 */
let root: string;
let svc: TestService;
let c: RpcClient;
const FILES = [
  "SNES/Super Mario World (USA).sfc",
  "SNES/Super Mario World (Europe) (Rev 1).sfc",
  "SNES/Super Mario World (Japan) (En,Ja).sfc",
  "SNES/Super Mario World 2 - Yoshi's Island (USA, Europe).sfc",
  "SNES/Mario Paint (Japan, USA).sfc",
  "SNES/Betas/Dr. Mario (World) (Beta).sfc",
  "SNES/Super Mario Kart (USA) [!].sfc",
  "SNES/Mario is Missing! (Germany).sfc",
  "Genesis/Supersonic Racers (Europe).md",
  "Genesis/Arcade Sonic Pack (USA).md",
  "Genesis/Sonic The Hedgehog 2 (World) (Rev A).md",
  "Genesis/Sonic The Hedgehog (USA, Europe).md",
  "Genesis/Sonic & Knuckles (World).md",
  "PSX/Final Fantasy VII (USA) (Disc 1).cue",
  "PSX/Final Fantasy VII (USA) (Disc 2).cue",
  "PSX/Final Fantasy VII (Europe) (Disc 1).cue",
];

beforeAll(async () => {
  root = tempDir("tapserve-library-");
  writeFiles(join(root, "roms"), FILES);
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${join(root, "roms")}"]\nretroarch = false\n` });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

/** media.search, its answer checked against the wire schema. */
async function search(params: Record<string, unknown>): Promise<SearchResult> {
  const r = SearchResult(await c.call("media.search", params));
  if (r instanceof type.errors) throw new Error(r.summary);
  return r;
}
const names = (r: SearchResult) => r.results.map((m) => m.name);

describe("titles, tags and ranking", () => {
  test("ranked: title prefix, then words starting a name word, then the rest; by title within each", async () => {
    expect(names(await search({ query: "sonic" }))).toEqual([
      "Sonic & Knuckles (World)",
      "Sonic The Hedgehog (USA, Europe)",
      "Sonic The Hedgehog 2 (World) (Rev A)",
      "Arcade Sonic Pack (USA)",
      "Supersonic Racers (Europe)",
    ]);
    expect(names(await search({ query: "mario" }))).toEqual([
      "Mario is Missing! (Germany)",
      "Mario Paint (Japan, USA)",
      "Dr. Mario (World) (Beta)",
      "Super Mario Kart (USA) [!]",
      ...names(await search({ query: "super mario world" })),
    ]);
  });

  test("an exact title comes first, every release of it, then the titles it begins", async () => {
    const r = await search({ query: "SONIC the  hedgehog" });
    expect(names(r)).toEqual(["Sonic The Hedgehog (USA, Europe)", "Sonic The Hedgehog 2 (World) (Rev A)"]);
    const smw = names(await search({ query: "super mario world" }));
    expect(smw.slice(0, 3).sort()).toEqual(["Super Mario World (Europe) (Rev 1)", "Super Mario World (Japan) (En,Ja)", "Super Mario World (USA)"]);
    expect(smw[3]).toBe("Super Mario World 2 - Yoshi's Island (USA, Europe)");
  });

  test("results carry their tags with labels", async () => {
    const [rev] = (await search({ query: "mario world", tags: ["rev:1"] })).results;
    // the reference's order: the extension first, then as its parser reads the name
    expect(rev?.tags).toEqual([
      { tag: "sfc", type: "extension" },
      { tag: "1", type: "rev", label: "Rev 1" },
      { tag: "eu", type: "region", label: "Europe" },
    ]);
    const [jp] = (await search({ query: "world japan" })).results;
    expect(jp?.tags).toEqual([
      { tag: "sfc", type: "extension" },
      { tag: "jp", type: "region", label: "Japan" },
      { tag: "ja", type: "lang", label: "Japanese" },
      { tag: "en", type: "lang", label: "English" },
    ]);
    const [disc2] = (await search({ query: "fantasy", tags: ["disc:2"] })).results;
    expect(disc2?.tags).toContainEqual({ tag: "2", type: "disc", label: "Disc 2" });
    expect((await search({ query: "dr mario" })).results[0]?.tags).toContainEqual({ tag: "beta", type: "unfinished" });
  });

  test("results sharing a title carry the tags that tell them apart", async () => {
    const ff = (await search({ query: "final fantasy vii" })).results;
    const by = (name: string) => ff.find((m) => m.name === name)?.disambiguatingTags?.map((t) => `${t.type}:${t.tag}`);
    expect(by("Final Fantasy VII (USA) (Disc 1)")).toEqual(["region:us", "lang:en", "disc:1"]);
    expect(by("Final Fantasy VII (USA) (Disc 2)")).toEqual(["region:us", "lang:en", "disc:2"]);
    expect(by("Final Fantasy VII (Europe) (Disc 1)")).toEqual(["region:eu", "disc:1"]);
    const sonic = (await search({ query: "sonic the hedgehog" })).results;
    for (const m of sonic) expect(m.disambiguatingTags).toBeUndefined(); // different titles
  });

  test("the tags filter keeps media carrying all of them, with or without a query", async () => {
    expect(names(await search({ query: "mario", tags: ["region:us"] })).sort()).toEqual([
      "Mario Paint (Japan, USA)",
      "Super Mario Kart (USA) [!]",
      "Super Mario World (USA)",
      "Super Mario World 2 - Yoshi's Island (USA, Europe)",
    ]);
    expect(names(await search({ query: "", tags: ["region:eu", "rev:1"] }))).toEqual(["Super Mario World (Europe) (Rev 1)"]);
    expect(names(await search({ query: "", tags: ["media:disc"] }))).toHaveLength(3);
    expect(await search({ query: "", tags: ["media:disc"], systems: ["SNES"] })).toMatchObject({ results: [], total: 0 });
    expect(await search({ query: "mario", tags: ["region:nowhere"] })).toMatchObject({ results: [], total: 0 });
    expect(names(await search({ query: "", tags: ["dump:verified"] }))).toEqual(["Super Mario Kart (USA) [!]"]);
  });

  test("an empty query lists everything by title; maxResults pages it; no query key reads as empty, as the reference", async () => {
    const all = await search({ query: "" });
    expect(all.total).toBe(FILES.length);
    expect(names(all)[0]).toBe("Arcade Sonic Pack (USA)");
    expect(names(all).at(-1)).toBe("Supersonic Racers (Europe)");
    expect(names(await search({ query: "", maxResults: 2 }))).toEqual(names(all).slice(0, 2));
    expect((await c.call<{ total: number }>("media.search", { tags: ["region:us"] })).total).toBe((await search({ query: "", tags: ["region:us"] })).total);
  });

  test("a typo fallback: nothing matched as typed, so the closest indexed words are searched, and said so", async () => {
    const sonic = await search({ query: "Sonci" });
    expect(sonic.correctedQuery).toBe("sonic");
    expect(names(sonic)).toEqual(names(await search({ query: "sonic" })));
    const smw = await search({ query: "super maro wrold" });
    expect(smw.correctedQuery).toBe("super mario world");
    expect(names(smw)[0]).toStartWith("Super Mario World");
    // an exact match is never "corrected", nor is a word too far from every indexed word
    expect((await search({ query: "mario" })).correctedQuery).toBeUndefined();
    const none = await search({ query: "qqqzzx" });
    expect(none).toMatchObject({ results: [], total: 0 });
    expect(none.correctedQuery).toBeUndefined();
  });

  test("media.tags lists the tags present, per system when asked", async () => {
    const psx = TagsResult(await c.call("media.tags", { systems: ["PSX"] }));
    if (psx instanceof type.errors) throw new Error(psx.summary);
    expect(psx.tags.map((t) => `${t.type}:${t.tag}`)).toEqual(["disc:1", "disc:2", "extension:cue", "lang:en", "media:disc", "region:eu", "region:us"]);
    const all = TagsResult(await c.call("media.tags", null));
    if (all instanceof type.errors) throw new Error(all.summary);
    for (const t of ["region:world", "region:de", "rev:a", "unfinished:beta", "dump:verified", "lang:ja"]) expect(all.tags.map((x) => `${x.type}:${x.tag}`)).toContain(t);
  });
});
