import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type } from "arktype";
import jpegJs from "jpeg-js";
import { PNG } from "pngjs";
import { writeFiles } from "../fixtures/launch-env.ts";
import type { RpcClient } from "../fixtures/rpc-client.ts";
import { putFile } from "../fixtures/images.ts";
import { startService, tempDir, type TestService } from "../fixtures/service.ts";
import { MediaImageResult, ScrapingStatus } from "../../src/core/wire/index.ts";

/**
 * Cover art resized to `media.image`'s maxSize through the whole service: real PNG and JPEG files written here
 * (with pngjs and jpeg-js), found by a gamelist.xml scrape, asked for over WebSocket, and the answers decoded.
 */
let root: string;
let roms: string;
let svc: TestService;
let c: RpcClient;

type Px = [number, number, number, number];
const RED: Px = [220, 20, 20, 255];
const BLUE: Px = [20, 20, 220, 255];

function pixels(width: number, height: number, px: (x: number, y: number) => Px): { width: number; height: number; data: Buffer } {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(px(x, y), (y * width + x) * 4);
  return { width, height, data };
}
/** Left half red, right half blue (optionally the right half half-transparent). */
const twoColour = (w: number, h: number, alpha = 255) => pixels(w, h, (x) => (x < w / 2 ? RED : [BLUE[0], BLUE[1], BLUE[2], alpha]));
const pngOf = (img: ReturnType<typeof pixels>) => PNG.sync.write(img, { colorType: 6 });

/** A PNG whose header claims `width`×`height` (no pixel data follows). */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write("IHDR", 12, "ascii");
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}

const GAMES = ["Opaque", "Alpha", "Photo", "Small", "Corrupt", "Huge", "Anim"];
const EXT: Record<string, string> = { Photo: "jpg", Anim: "gif" };
const art = (g: string) => join(roms, `SNES/media/images/${g}.${EXT[g] ?? "png"}`);

beforeAll(async () => {
  root = tempDir("tapserve-image-");
  roms = join(root, "roms");
  writeFiles(roms, GAMES.map((g) => `SNES/${g} (USA).sfc`));
  putFile(join(roms, "SNES/gamelist.xml"), `<?xml version="1.0"?>\n<gameList>\n${GAMES.map((g) => `  <game><path>./${g} (USA).sfc</path><name>${g}</name><image>./media/images/${g}.${EXT[g] ?? "png"}</image></game>`).join("\n")}\n</gameList>\n`);
  putFile(art("Opaque"), pngOf(twoColour(200, 100)));
  putFile(art("Alpha"), pngOf(twoColour(80, 80, 100)));
  putFile(art("Photo"), jpegJs.encode(twoColour(120, 60), 95).data);
  putFile(art("Small"), pngOf(twoColour(40, 20)));
  const corrupt = pngOf(twoColour(300, 300));
  corrupt.fill(0x5a, 45, corrupt.length - 12); // pixel data garbled, header intact
  putFile(art("Corrupt"), corrupt);
  putFile(art("Huge"), pngHeader(9000, 9000));
  putFile(art("Anim"), Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x2c, 0x01, 0x2c, 0x01, 0, 0, 0, 0x3b]));
  svc = await startService({ configToml: `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n` });
  c = await svc.connect();
  expect(await c.call("media.index")).toBeNull();
  const from = c.notifications.length;
  expect(await c.call("media.scrape", { scraperId: "gamelist.xml", systems: ["SNES"] })).toBeNull();
  const last = await c.waitForNotification<ScrapingStatus>("media.scraping", (p) => p.done && c.notifications.slice(from).some((n) => n.params === p));
  expect(last.matched).toBe(GAMES.length);
});

afterAll(async () => {
  await svc.stop();
  rmSync(root, { recursive: true, force: true });
});

async function image(game: string, maxSize?: number) {
  const r = MediaImageResult(await c.call("media.image", { path: `SNES/${game} (USA).sfc`, ...(maxSize ? { maxSize } : {}) }));
  if (r instanceof type.errors) throw new Error(r.summary);
  return { ...r, bytes: Buffer.from(r.data, "base64") };
}
const at = (img: { width: number; data: Uint8Array }, x: number, y: number) => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];
function near(actual: number[], expected: Px, tolerance: number): void {
  for (let i = 0; i < 4; i++) expect(Math.abs((actual[i] as number) - expected[i]!)).toBeLessThanOrEqual(tolerance);
}

describe("media.image maxSize", () => {
  test("an opaque PNG is scaled to fit, answered as JPEG, and keeps its two colours", async () => {
    const r = await image("Opaque", 50);
    expect(r).toMatchObject({ contentType: "image/jpeg", extension: ".jpg", width: 50, height: 25, typeTag: "property:image-image" });
    const d = jpegJs.decode(r.bytes, { useTArray: true, formatAsRGBA: true });
    expect([d.width, d.height]).toEqual([50, 25]);
    near(at(d, 5, 12), RED, 12);
    near(at(d, 44, 12), BLUE, 12);
  });

  test("a PNG with transparency stays PNG with its alpha", async () => {
    const r = await image("Alpha", 10);
    expect(r).toMatchObject({ contentType: "image/png", extension: ".png", width: 10, height: 10 });
    const d = PNG.sync.read(r.bytes);
    expect([d.width, d.height]).toEqual([10, 10]);
    expect(at(d, 1, 5)).toEqual([...RED]);
    expect(at(d, 8, 5)).toEqual([BLUE[0], BLUE[1], BLUE[2], 100]);
  });

  test("a JPEG is scaled as JPEG, aspect kept", async () => {
    const r = await image("Photo", 30);
    expect(r).toMatchObject({ contentType: "image/jpeg", width: 30, height: 15 });
    const d = jpegJs.decode(r.bytes, { useTArray: true, formatAsRGBA: true });
    near(at(d, 3, 7), RED, 16);
    near(at(d, 26, 7), BLUE, 16);
  });

  test("a maxSize at least the image's size, or none, answers the original file; asked again, the same bytes", async () => {
    const original = readFileSync(art("Small"));
    expect((await image("Small", 40)).bytes.equals(original)).toBe(true);
    expect((await image("Small", 512)).bytes.equals(original)).toBe(true);
    expect(await image("Small")).toMatchObject({ contentType: "image/png", width: 40, height: 20 });
    const [first, same] = await Promise.all([image("Opaque", 64), image("Opaque", 64)]); // at once: decoded once
    expect(same.bytes.equals(first.bytes)).toBe(true);
    expect((await image("Opaque", 64)).bytes.equals(first.bytes)).toBe(true);
  });

  test("a GIF too large for maxSize comes as it is (it is not decoded)", async () => {
    const r = await image("Anim", 64);
    expect(r).toMatchObject({ contentType: "image/gif", width: 300, height: 300 });
    expect(r.bytes.equals(readFileSync(art("Anim")))).toBe(true);
  });

  test("a corrupt image is a clear error, and the service goes on", async () => {
    const bad = await c.request("media.image", { path: "SNES/Corrupt (USA).sfc", maxSize: 64 });
    expect(bad.error?.code).toBe(1004);
    expect(bad.error?.message).toContain('cannot decode image "Corrupt.png"');
    expect((await image("Opaque", 20)).width).toBe(20);
  });

  test("an image whose header says more than 40 megapixels is refused before decoding", async () => {
    const huge = await c.request("media.image", { path: "SNES/Huge (USA).sfc", maxSize: 64 });
    expect(huge.error?.code).toBe(1005);
    expect(huge.error?.message).toContain("9000x9000");
  });
});
