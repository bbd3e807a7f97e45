import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { type, type Type } from "arktype";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { jpegHeader, putFile, solidPng } from "../fixtures/images.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import {
  LookupResult, MediaImageResult, MediaMetaResult, ScrapersResult, ScrapingStatus, TitleParseResult,
} from "../../src/core/wire/index.ts";

/**
 * Scraped metadata and artwork through the whole service: a ROM tree with an EmulationStation gamelist.xml and
 * real PNG files (and a JPEG) written here, an ES-DE `media/` folder, scrapes over WebSocket with every answer and
 * notification validated against the wire schemas, and the metadata still there after a re-index.
 */
let root: string;
let roms: string;
let svc: TestService;
let c: RpcClient;

const GAMELIST = `<?xml version="1.0"?>
<gameList>
  <game id="5">
    <path>./Super Mario World (USA).sfc</path>
    <name>Super Mario World</name>
    <desc>Mario &amp; Yoshi
      save Dinosaur Land.</desc>
    <image>./media/images/Super Mario World (USA).png</image>
    <marquee>../outside.png</marquee>
    <thumbnail>/etc/passwd</thumbnail>
    <releasedate>19901121T000000</releasedate>
    <developer>Nintendo EAD</developer>
    <publisher>Nintendo</publisher>
    <genre>Platform</genre>
    <players>1-2</players>
    <rating>0.9</rating>
  </game>
  <game><path>./Hacks/Zelda Hack.sfc</path><desc>A hack.</desc><thumbnail>./media/thumbs/zelda.jpg</thumbnail></game>
  <game><path>../../etc/passwd</path><desc>escape</desc></game>
  <game><path>./Not Indexed.sfc</path><desc>missing</desc></game>
</gameList>`;

beforeAll(async () => {
  root = tempDir("tapserve-scrape-");
  roms = join(root, "roms");
  writeFiles(roms, [
    "SNES/Super Mario World (USA).sfc",
    "SNES/Super Mario World (Europe) (Rev 1).sfc",
    "SNES/Hacks/Zelda Hack.sfc",
    "Genesis/Sonic The Hedgehog (USA, Europe).md",
    "Genesis/Japan/Sonic Jp.md",
    "Genesis/Columns (World).md",
  ]);
  putFile(join(roms, "SNES/gamelist.xml"), GAMELIST);
  putFile(join(roms, "SNES/media/images/Super Mario World (USA).png"), solidPng(300, 200));
  putFile(join(roms, "SNES/media/thumbs/zelda.jpg"), jpegHeader(64, 48));
  putFile(join(roms, "outside.png"), solidPng(10, 10));
  putFile(join(roms, "Genesis/media/covers/Sonic The Hedgehog (USA, Europe).png"), solidPng(40, 60));
  putFile(join(roms, "Genesis/media/screenshots/Sonic The Hedgehog (USA, Europe).png"), solidPng(320, 224));
  putFile(join(roms, "Genesis/media/covers/Japan/Sonic Jp.png"), solidPng(20, 30));
  putFile(join(roms, "Genesis/media/covers/Sonic Jp.png"), solidPng(21, 31));
  // a link in the media folder to a file outside the system folder is not artwork
  symlinkSync(join(roms, "outside.png"), join(roms, "Genesis/media/covers/Columns (World).png"));
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n` });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

function valid<T>(schema: Type<T>, value: unknown): T {
  const r = schema(value);
  if (r instanceof type.errors) throw new Error(r.summary);
  return r as T;
}
const call = <T>(schema: Type<T>, method: string, params?: unknown) => c.call(method, params).then((r) => valid(schema, r));

/** Runs a scrape and returns its last notification, every one of them checked against the schema. */
async function scrape(params: Record<string, unknown>): Promise<ScrapingStatus> {
  const from = c.notifications.length;
  expect(await c.call("media.scrape", params)).toBeNull();
  const isNew = (p: unknown) => c.notifications.slice(from).some((n) => n.params === p);
  await c.waitForNotification<ScrapingStatus>("media.scraping", (p) => p.done && isNew(p));
  const mine = c.notifications.slice(from).filter((n) => n.method === "media.scraping").map((n) => valid(ScrapingStatus, n.params));
  expect(mine[0]!.scraping).toBe(true);
  return mine.at(-1)!;
}

describe("scrapers and metadata", () => {
  test("scrapers lists both", async () => {
    const r = await call(ScrapersResult, "scrapers");
    expect(r.scrapers.map((s) => s.id)).toEqual(["gamelist.xml", "media-folder"]);
  });

  test("gamelist.xml: matched entries get metadata and art; paths leaving the system folder are refused", async () => {
    const last = await scrape({ scraperId: "gamelist.xml", systems: ["SNES"] });
    expect(last).toMatchObject({ state: "completed", scraping: false, done: true, processed: 4, total: 4, matched: 2, skipped: 2, totalScraped: 2 });
    const { media } = await call(MediaMetaResult, "media.meta", { path: "SNES/Super Mario World (USA).sfc" });
    expect(media.title.properties["property:description"]?.text).toBe("Mario & Yoshi save Dinosaur Land.");
    expect(Object.fromEntries(media.title.tags.map((t) => [t.type, t.tag]))).toEqual({ developer: "Nintendo EAD", publisher: "Nintendo", year: "1990", genre: "Platform", players: "2", rating: "90" });
    expect(media.title).toMatchObject({ name: "Super Mario World", slug: "supermarioworld", system: { id: "SNES" } });
    expect(media.availableImageTypes).toEqual(["image"]); // not the marquee (../outside.png) nor /etc/passwd
    expect(media.tags).toContainEqual({ tag: "us", type: "region", label: "USA" });
    expect(media.isMissing).toBe(false);
    // title-level data is shared by the other release, artwork is not
    const europe = (await call(MediaMetaResult, "media.meta", { path: "SNES/Super Mario World (Europe) (Rev 1).sfc" })).media;
    expect(europe.title.tags.find((t) => t.type === "developer")?.tag).toBe("Nintendo EAD");
    expect(europe.availableImageTypes).toBeUndefined();
    const hack = (await call(MediaMetaResult, "media.meta", { path: "SNES/Hacks/Zelda Hack.sfc", system: "SNES" })).media;
    expect(hack.availableImageTypes).toEqual(["thumbnail"]);
  });

  test("media.image returns the file's bytes; maxSize scales a larger one down", async () => {
    const file = readFileSync(join(roms, "SNES/media/images/Super Mario World (USA).png"));
    const full = await call(MediaImageResult, "media.image", { path: "SNES/Super Mario World (USA).sfc" });
    expect(full).toMatchObject({ contentType: "image/png", extension: ".png", typeTag: "property:image-image" });
    expect(Buffer.from(full.data, "base64").equals(file)).toBe(true);
    expect(full).toMatchObject({ width: 300, height: 200 });
    const small = await call(MediaImageResult, "media.image", { path: "SNES/Super Mario World (USA).sfc", maxSize: 64 });
    expect(small).toMatchObject({ contentType: "image/jpeg", extension: ".jpg", width: 64, height: 43, typeTag: "property:image-image" });
    const jpg = await call(MediaImageResult, "media.image", { path: "SNES/Hacks/Zelda Hack.sfc", maxSize: 64 });
    expect(jpg).toMatchObject({ contentType: "image/jpeg", typeTag: "property:image-thumbnail" });
    const none = await c.request("media.image", { path: "SNES/Super Mario World (Europe) (Rev 1).sfc" });
    expect(none.error?.code).toBe(1001);
    expect(none.error?.message).toContain("no image found for media");
    expect((await c.request("media.image", { path: "SNES/Nothing.sfc" })).error?.code).toBe(1001);
    expect((await c.request("media.image", { path: "SNES/Super Mario World (USA).sfc", maxSize: 0 })).error?.code).toBe(-32602);
  });

  test("media-folder: ES-DE covers and screenshots, mirrored sub-folders first; links leading out ignored", async () => {
    const last = await scrape({ scraperId: "media-folder", systems: ["Genesis"] });
    expect(last).toMatchObject({ state: "completed", matched: 2, total: 3 });
    const sonic = (await call(MediaMetaResult, "media.meta", { path: "Genesis/Sonic The Hedgehog (USA, Europe).md" })).media;
    expect(sonic.availableImageTypes).toEqual(["boxart", "screenshot"]);
    const small = await call(MediaImageResult, "media.image", { path: "Genesis/Sonic The Hedgehog (USA, Europe).md", maxSize: 100 });
    expect(small.typeTag).toBe("property:image-boxart");
    const big = await call(MediaImageResult, "media.image", { path: "Genesis/Sonic The Hedgehog (USA, Europe).md", imageTypes: ["screenshot", "boxart"] });
    expect(big.typeTag).toBe("property:image-screenshot");
    const jp = await call(MediaImageResult, "media.image", { path: "Genesis/Japan/Sonic Jp.md" });
    expect(Buffer.from(jp.data, "base64").equals(readFileSync(join(roms, "Genesis/media/covers/Japan/Sonic Jp.png")))).toBe(true);
    expect((await call(MediaMetaResult, "media.meta", { path: "Genesis/Columns (World).md" })).media.availableImageTypes).toBeUndefined();
  });

  test("a second run skips what is done unless forced", async () => {
    expect(await scrape({ scraperId: "gamelist.xml", systems: ["SNES"] })).toMatchObject({ matched: 0, skipped: 4 });
    expect(await scrape({ scraperId: "gamelist.xml", systems: ["SNES"], force: true })).toMatchObject({ matched: 2, force: true });
  });

  test("media.meta.update sets title fields; unknown fields and bad values refused", async () => {
    const r = await call(MediaMetaResult, "media.meta.update", { path: "SNES/Super Mario World (USA).sfc", media: { developer: "Nintendo", genre: "" } });
    const tags = Object.fromEntries(r.media.title.tags.map((t) => [t.type, t.tag]));
    expect(tags.developer).toBe("Nintendo");
    expect(tags.genre).toBeUndefined();
    expect((await c.request("media.meta.update", { path: "SNES/Super Mario World (USA).sfc", media: { secret: "x" } })).error?.code).toBe(-32602);
    expect((await c.request("media.meta.update", { path: "SNES/Super Mario World (USA).sfc", media: { year: "19x0" } })).error?.code).toBe(-32602);
    expect((await c.request("media.meta", {})).error?.code).toBe(-32602);
  });

  test("metadata and art survive a re-index of the unchanged tree", async () => {
    expect(await c.call("media.index")).toBeNull();
    const { media } = await call(MediaMetaResult, "media.meta", { path: "SNES/Super Mario World (USA).sfc" });
    expect(media.title.properties["property:description"]?.text).toBe("Mario & Yoshi save Dinosaur Land.");
    expect(media.availableImageTypes).toEqual(["image"]);
    expect((await call(ScrapingStatus, "media.scrape.status")).totalScraped).toBe(4);
  });

  test("scraping and indexing exclude each other; unknown scraper refused", async () => {
    const media = svc.app.running().media;
    media.scrape.start("gamelist.xml", [], true);
    expect(() => media.beginIndex()).toThrow("scraping is in progress");
    expect(() => media.scrape.start("media-folder", [], false)).toThrow("scraping already in progress");
    expect(await media.scrape.cancel()).toBe(true);
    expect(media.scrape.currentStatus()).toMatchObject({ state: "cancelled", done: true, scraping: false });
    expect(await c.call("media.scrape.cancel")).toEqual({ message: "no scraping operation is currently running" });
    expect(await c.call("media.scrape.resume")).toEqual({ message: "Media scraping is not paused" });
    expect((await c.request("media.scrape", { scraperId: "screenscraper" })).error?.code).toBe(-32602);
    const run = media.beginIndex();
    expect(() => media.scrape.start("gamelist.xml", [], false)).toThrow("media indexing is in progress");
    await run;
  });

  test("media.lookup and media.title.parse", async () => {
    const r = await call(LookupResult, "media.lookup", { system: "SNES", name: "super mario world" });
    expect(r.match).toMatchObject({ path: "SNES/Super Mario World (USA).sfc", confidence: 1 }); // the reference prefers us, world
    expect((await call(LookupResult, "media.lookup", { system: "Genesis", name: "Street Fighter" })).match).toBeNull();
    const p = await call(TitleParseResult, "media.title.parse", { systemId: "SNES", path: "/x/SNES/Zelda - A Link to the Past (USA) (Rev 1).sfc" });
    // the reference's slug rules: a leading article of the subtitle goes ("A Link" → "link")
    expect(p).toMatchObject({ name: "Zelda - A Link to the Past", slug: "zeldalinktothepast", secondarySlug: "linktothepast", slugLength: 18, slugWordCount: 5 });
    expect(p.tags.map((t) => `${t.type}:${t.tag}`)).toEqual(["extension:sfc", "rev:1", "region:us", "lang:en"]);
  });
});
