/**
 * Printable labels (issue 42) through the whole service: a real ROM folder with real JPEG and PNG covers in its
 * media folders, indexed and scraped over WebSocket; a card set in the real user database; `cards.render` read
 * back with pdf-lib (page size, every card's bleed box and every cut mark within 0.2 mm of the template, each cover
 * embedded once), pages rendered with poppler's pdftoppm and PNG cards decoded with pngjs, kept under
 * test-output/cards/ for a look; and `tapserve cards render` as a real child process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type, type Type } from "arktype";
import { PNG } from "pngjs";
import { PAPERS } from "../../../src/core/cards/labels/paper.ts";
import { sheetLayout } from "../../../src/core/cards/labels/sheet-layout.ts";
import { TEMPLATES, type TemplateId } from "../../../src/core/cards/labels/templates.ts";
import { CardSet, CardsRenderResult, CardsTemplatesResult } from "../../../src/core/wire/index.ts";
import { indexAndScrape, writeLabelLibrary } from "../../fixtures/label-library.ts";
import { readPdf } from "../../fixtures/pdf-read.ts";
import { runChild } from "../../fixtures/process.ts";
import type { RpcClient } from "../../fixtures/rpc-client.ts";
import { startService, tempDir, type TestService } from "../../fixtures/service.ts";

const OUT = join(import.meta.dir, "../../../test-output/cards");
const TOLERANCE_MM = 0.2;
let root: string;
let roms: string;
let svc: TestService;
let c: RpcClient;
let setId = 0;

async function checked<T>(schema: Type<T>, method: string, params?: unknown): Promise<T> {
  const r = schema(await c.call(method, params));
  if (r instanceof type.errors) throw new Error(`${method}: ${r.summary}`);
  return r as T;
}

const close = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE_MM;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  root = tempDir("tapserve-labels-");
  roms = join(root, "roms");
  svc = await startService({ configToml: writeLabelLibrary(roms) });
  c = await svc.connect();
  await indexAndScrape(c);
  setId = (await checked(CardSet, "cards.sets.create", { name: "Shelf" })).id;
  await c.call("cards.set.add", { id: setId, source: { kind: "system", system: "SNES" } });
  await c.call("cards.set.add", { id: setId, source: { kind: "system", system: "Genesis" } });
  await c.call("cards.set.add", { id: setId, source: { kind: "system", system: "SNES" } }); // every SNES game again
});

afterAll(async () => {
  await svc?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Pages of the PDF as PNG files with poppler, for a look; answers the files written. */
function pdfToPngs(pdf: string, prefix: string): string[] {
  const r = spawnSync("pdftoppm", ["-r", "100", "-png", pdf, join(OUT, prefix)]);
  if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr}`);
  return readdirSync(OUT).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith(".png"));
}

describe("cards.render as PDF", () => {
  const cases: Array<[TemplateId, "a4" | "letter"]> = [["id1-landscape", "a4"], ["id1-portrait", "letter"], ["round-25", "a4"], ["round-30", "letter"], ["insert-3.5x5", "a4"]];
  for (const [templateId, paperId] of cases) {
    test(`${templateId} on ${paperId}: page size, each card's box and cut marks within 0.2 mm, each cover embedded once`, async () => {
      const r = await checked(CardsRenderResult, "cards.render", { setId, template: templateId, paper: paperId, qr: true });
      const bytes = new Uint8Array(Buffer.from(r.data ?? "", "base64"));
      expect(r).toMatchObject({ contentType: "application/pdf", cards: 7, template: templateId, paper: paperId, size: bytes.length });
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const t = TEMPLATES[templateId];
      const layout = sheetLayout(t, PAPERS[paperId]);
      const pdf = await readPdf(bytes);
      expect(pdf.pages.length).toBe(Math.ceil(7 / layout.slots.length));
      expect(r.pages).toBe(pdf.pages.length);
      // three covers (two JPEG, one opaque PNG; F-Zero has none): the SNES games are on two cards each, their
      // covers stored once
      expect(r.images).toBe(3);
      expect(pdf.images).toBe(3);
      let cardsSeen = 0;
      pdf.pages.forEach((page, p) => {
        const paper = PAPERS[paperId];
        const [w, h] = layout.landscape ? [paper.heightMm, paper.widthMm] : [paper.widthMm, paper.heightMm];
        expect(close(page.widthMm, w) && close(page.heightMm, h)).toBe(true);
        const onPage = Math.min(layout.slots.length, 7 - p * layout.slots.length);
        if (t.shape === "rect") {
          const bleedBoxes = page.clips.filter((b) => close(b.w, t.widthMm + 2 * t.bleedMm) && close(b.h, t.heightMm + 2 * t.bleedMm));
          expect(bleedBoxes.length).toBe(onPage);
          layout.slots.slice(0, onPage).forEach((slot, i) => {
            const box = bleedBoxes[i]!;
            // the trim box is the bleed box less the bleed: where the template puts the card
            expect([box.x + t.bleedMm, box.y + t.bleedMm, box.w - 2 * t.bleedMm, box.h - 2 * t.bleedMm].map((v, k) => Math.abs(v - [slot.x, slot.y, slot.w, slot.h][k]!)).every((d) => d <= TOLERANCE_MM)).toBe(true);
          });
        }
        cardsSeen += onPage;
        // cut marks: every trim line of the grid, outside the bleed, as the template puts them
        expect(page.lines.length).toBe(layout.marks.length);
        for (const m of layout.marks) {
          expect(page.lines.some((l) => close(l.x1, m.x1) && close(l.y1, m.y1) && close(l.x2, m.x2) && close(l.y2, m.y2))).toBe(true);
        }
        const xs = new Set(layout.slots.flatMap((s) => [s.x, s.x + s.w]).map((v) => v.toFixed(1)));
        for (const l of page.lines.filter((l) => close(l.x1, l.x2))) expect(xs.has(l.x1.toFixed(1)) || [...xs].some((x) => close(Number(x), l.x1))).toBe(true);
      });
      expect(cardsSeen).toBe(7);
      const file = join(OUT, `${templateId}-${paperId}.pdf`);
      writeFileSync(file, bytes);
      const pngs = pdfToPngs(file, `${templateId}-${paperId}-page`);
      expect(pngs.length).toBe(pdf.pages.length);
    });
  }

  test("explicit items without a set; a title the font lacks prints, the service keeps going; bad requests are refused", async () => {
    const items = [
      { path: join(roms, "SNES/Super Mario World (USA).sfc"), systemId: "SNES", systemName: "Super Nintendo", title: "Super Mario World", tags: ["region:us"], script: "@SNES/Super Mario World" },
      { path: "/nowhere/ゼルダの伝説.sfc", systemId: "SNES", systemName: "Super Famicom", title: "ゼルダの伝説 Pokémon", script: "@SNES/Zelda" },
    ];
    const r = await checked(CardsRenderResult, "cards.render", { items, template: "id1-portrait" });
    expect(r).toMatchObject({ cards: 2, pages: 1, images: 1 });
    const pdf = await readPdf(new Uint8Array(Buffer.from(r.data ?? "", "base64")));
    expect(pdf.pages.length).toBe(1);
    expect((await c.request("cards.render", {})).error?.code).toBe(-32602);
    expect((await c.request("cards.render", { setId, items })).error?.code).toBe(-32602);
    expect((await c.request("cards.render", { setId, template: "a5" })).error?.code).toBe(-32602);
    expect((await c.request("cards.render", { setId: 999 })).error?.code).toBe(1001);
    expect((await c.request("cards.render", { setId, format: "png", index: 99 })).error?.code).toBe(1001);
    expect((await c.request("cards.render", { setId, linkBase: "javascript:alert(1)" })).error?.code).toBe(-32602);
  });
});

describe("cards.render of part of a set", () => {
  test("from and count print those cards only", async () => {
    const r = await checked(CardsRenderResult, "cards.render", { setId, from: 2, count: 3 });
    expect(r.cards).toBe(3);
    const rest = await checked(CardsRenderResult, "cards.render", { setId, from: 5 });
    expect(rest.cards).toBe(2);
    expect((await c.request("cards.render", { setId, count: 0 })).error?.code).toBe(-32602);
  });
});

describe("cards.render with delivery url", () => {
  test("a one-time link on this device: the PDF once, then 404; a wrong secret or another site's page is refused", async () => {
    const r = await checked(CardsRenderResult, "cards.render", { setId, delivery: "url" });
    expect(r.data).toBeUndefined();
    expect(r.url).toMatch(/^\/cards\/download\/\d+\.[0-9a-f]{32}\/card-set-\d+-id1-landscape-a4\.pdf$/);
    const wrong = r.url!.replace(/\.([0-9a-f])/, (_m, ch: string) => `.${ch === "0" ? "1" : "0"}`);
    expect((await fetch(`${svc.http}${wrong}`)).status).toBe(404);
    expect((await fetch(`${svc.http}${r.url}`, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    const res = await fetch(`${svc.http}${r.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="card-set-${setId}-id1-landscape-a4.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(r.size);
    expect((await readPdf(bytes)).pages.length).toBe(1);
    expect((await fetch(`${svc.http}${r.url}`)).status).toBe(404); // used
  });
});

describe("cards.render as PNG", () => {
  test("one card at its trim size in pixels; outside the disc and the card's rounded corners transparent", async () => {
    for (const [templateId, index] of [["id1-landscape", 0], ["round-30", 0], ["id1-portrait", 1], ["insert-3.5x5", 3]] as const) {
      const r = await checked(CardsRenderResult, "cards.render", { setId, template: templateId, format: "png", index, dpi: 150, qr: true });
      const t = TEMPLATES[templateId];
      const png = PNG.sync.read(Buffer.from(r.data ?? "", "base64"));
      expect([png.width, png.height]).toEqual([Math.round((t.widthMm / 25.4) * 150), Math.round((t.heightMm / 25.4) * 150)]);
      expect([r.width, r.height]).toEqual([png.width, png.height]);
      const alphaAt = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
      const centre = alphaAt(png.width >> 1, png.height >> 1);
      expect(centre).toBe(255);
      if (t.shape === "round" || t.cornerMm > 0) expect(alphaAt(0, 0)).toBe(0);
      else expect(alphaAt(0, 0)).toBe(255);
      writeFileSync(join(OUT, `card-${templateId}-${index}.png`), Buffer.from(r.data ?? "", "base64"));
    }
  });
});

describe("cards.templates", () => {
  test("every format at its exact size, with cards per sheet", async () => {
    const r = await checked(CardsTemplatesResult, "cards.templates");
    const byId = Object.fromEntries(r.templates.map((t) => [t.id, t]));
    expect(byId["id1-landscape"]).toMatchObject({ widthMm: 85.6, heightMm: 54, shape: "rect", extras: true, perPage: { a4: 9, letter: 8 } });
    expect(byId["id1-portrait"]).toMatchObject({ widthMm: 54, heightMm: 85.6 });
    expect(byId["round-25"]).toMatchObject({ widthMm: 25, shape: "round", extras: false });
    expect(byId["round-30"]).toMatchObject({ widthMm: 30 });
    expect(byId["insert-3.5x5"]?.widthMm).toBeCloseTo(88.9, 6);
    expect(byId["insert-3.5x5"]?.heightMm).toBeCloseTo(127, 6);
    expect(r.papers.map((p) => p.id)).toEqual(["a4", "letter"]);
  });
});

describe("tapserve cards render", () => {
  test("writes the set's PDF to --out with the template and paper asked for", async () => {
    const out = join(root, "shelf.pdf");
    const child = runChild(["cards", "render", String(setId), "--out", out, "--template", "id1-portrait", "--paper", "letter", "--port", String(svc.port)]);
    expect((await child.exited).code).toBe(0);
    expect(child.output()).toContain("7 cards (id1-portrait) on 1 letter page");
    const pdf = await readPdf(new Uint8Array(readFileSync(out)));
    expect(pdf.pages.length).toBe(1);
    expect(close(pdf.pages[0]!.widthMm, 279.4)).toBe(true); // 8 portrait cards fit Letter turned sideways
  });

  test("usage errors exit 2 without calling the service", async () => {
    for (const args of [["cards"], ["cards", "render", "x", "--out", "a.pdf"], ["cards", "render", "1"], ["cards", "render", "1", "--out", "a.pdf", "--paper", "a5"]]) {
      const child = runChild([...args, "--port", String(svc.port)]);
      expect((await child.exited).code).toBe(2);
      expect(child.output()).toContain("usage: tapserve cards render");
    }
    expect(existsSync("a.pdf")).toBe(false);
  });
});
