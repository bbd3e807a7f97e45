import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import type { ChildProcess } from "node:child_process";
import { putFile } from "../test/fixtures/images.ts";
import { writeFiles } from "../test/fixtures/launch-env.ts";
import { RpcClient } from "../test/fixtures/rpc-client.ts";
import type { ScrapingStatus } from "../src/core/wire/index.ts";
import { freePort, httpOk, ROOT, startChild, stopChild, tempDir } from "./lib.ts";

/**
 * Issue 42: 100 labels with cover art rendered to a PDF (`cards.render`, ID-1 landscape on A4 with QR codes and
 * chips) by the service in its own process, against a library of 100 games, each with its own cover in the media
 * folder: 80 JPEGs of 1000×1400 with photo-like noise (~350 KB), 10 noisier ones (~880 KB), all embedded as they
 * are (under 1 MiB), and 10 PNGs of 600×840 (decoded and compressed again by pdf-lib), indexed and scraped first.
 * Baseline in the same run: a raw pdf-lib document of 100 blank pages with the same image files embedded and
 * drawn. Goal: < 5 s. The service's peak RSS is reset before the render (clear_refs) and read
 * after it, so the figure is the render's own peak.
 */
const CARDS = 100;
const PNGS = 10;
const BIG_JPEGS = 10;

function noisyJpeg(width: number, height: number, seed: number, noise: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  let s = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const n = (s >>> 24) - 128;
      const i = (y * width + x) * 4;
      data[i] = Math.max(0, Math.min(255, ((x * 255) / width + n * noise + seed * 37) % 256));
      data[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + n * noise));
      data[i + 2] = Math.max(0, Math.min(255, 128 + n * noise * 1.5));
      data[i + 3] = 255;
    }
  }
  return new Uint8Array(jpeg.encode({ width, height, data }, 85).data);
}

function flatPng(width: number, height: number, seed: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(seed * 40) % 256, (i / 4 / width) % 256, 90, 255], i);
  return new Uint8Array(PNG.sync.write({ width, height, data } as never, { colorType: 2 }));
}

function status(pid: number | undefined, field: "VmHWM" | "VmRSS"): number {
  const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : -1;
}

async function baseline(files: string[]): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const doc = await PDFDocument.create();
  for (const f of files) {
    const bytes = readFileSync(f);
    const img = f.endsWith(".png") ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    const page = doc.addPage([595.28, 841.89]);
    page.drawImage(img, { x: 50, y: 400, width: 200, height: 280 });
  }
  const out = await doc.save({ useObjectStreams: true });
  return { ms: performance.now() - t, bytes: out.length };
}

export async function run(): Promise<Record<string, number | string>> {
  const root = tempDir("tapserve-bench-cards-");
  const roms = join(root, "roms");
  const dataDir = join(root, "data");
  const names = Array.from({ length: CARDS }, (_, i) => `Game Number ${i + 1} - The Adventure (USA)`);
  writeFiles(roms, names.map((n) => `SNES/${n}.sfc`));
  const covers: string[] = [];
  names.forEach((n, i) => {
    const file = join(roms, "SNES/media/covers", i < PNGS ? `${n}.png` : `${n}.jpg`);
    putFile(file, i < PNGS ? flatPng(600, 840, i) : noisyJpeg(1000, 1400, i, i < PNGS + BIG_JPEGS ? 0.15 : 0.05));
    covers.push(file);
  });
  putFile(join(dataDir, "config.toml"), `[launchers]\nindex_root = ["${roms}"]\nretroarch = false\n[readers]\nauto_detect = false\n`);
  const port = await freePort();
  let child: ChildProcess | undefined;
  try {
    child = await startChild(process.execPath, [join(ROOT, "src/main.ts"), "--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], () => httpOk(`http://127.0.0.1:${port}/health`));
    const c = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
    await c.call("media.index");
    const from = c.notifications.length;
    await c.call("media.scrape", { scraperId: "media-folder" });
    await c.waitForNotification<ScrapingStatus>("media.scraping", (p) => p.done && c.notifications.slice(from).some((n) => n.params === p));
    const { id } = await c.call<{ id: number }>("cards.sets.create", { name: "bench" });
    await c.call("cards.set.add", { id, source: { kind: "system", system: "SNES" } });
    const base = await baseline(covers);
    const rssBefore = status(child.pid, "VmRSS");
    await Bun.write(`/proc/${child.pid}/clear_refs`, "5"); // peak RSS starts again from the current RSS
    const t = performance.now();
    const r = await c.call<{ cards: number; pages: number; images: number; size: number }>("cards.render", { setId: id, template: "id1-landscape", paper: "a4", qr: true, chips: true });
    const ms = performance.now() - t;
    const peak = status(child.pid, "VmHWM");
    const t2 = performance.now();
    await c.call("cards.render", { setId: id, template: "id1-landscape", paper: "a4", qr: true, chips: true });
    const ms2 = performance.now() - t2;
    // the browser's way: a one-time link, the PDF fetched over HTTP (no base64 in a WebSocket frame)
    const t3 = performance.now();
    const viaUrl = await c.call<{ url: string }>("cards.render", { setId: id, template: "id1-landscape", paper: "a4", qr: true, chips: true, delivery: "url" });
    const fetched = (await (await fetch(`http://127.0.0.1:${port}${viaUrl.url}`)).arrayBuffer()).byteLength;
    const ms3 = performance.now() - t3;
    c.close();
    return {
      "cards PDF of 100 labels with cover art over WebSocket, ms (goal < 5000)": ms,
      "cards same set rendered again, ms": ms2,
      "cards baseline: raw pdf-lib, 100 blank pages with the same images, ms": base.ms,
      "cards render / baseline": ms / base.ms,
      "cards PDF: cards / pages / images embedded / MiB": `${r.cards} / ${r.pages} / ${r.images} / ${(r.size / 1048576).toFixed(1)}`,
      "cards baseline PDF, MiB": base.bytes / 1048576,
      "cards service RSS before, MiB": rssBefore,
      "cards service peak RSS during the render, MiB": peak,
      "cards delivery url: render + HTTP download, ms": ms3,
      "cards delivery url: bytes fetched = PDF size": String(fetched === r.size),
    };
  } finally {
    if (child) await stopChild(child);
    rmSync(root, { recursive: true, force: true });
  }
}
