/**
 * The label templates' geometry (issue 42), pure: every format on both papers inside the printable area, cards
 * apart by exactly their two bleeds, cut marks on every trim line and never on artwork; text fitted to its box;
 * the launch link as the launch endpoint reads it; the anti-aliased polygon filler's coverage.
 */
import { describe, expect, test } from "bun:test";
import { fitText, type Measure } from "../../../src/core/cards/labels/fit-text.ts";
import { buildLabelScene, chipTexts, placeArt } from "../../../src/core/cards/labels/label-scene.ts";
import { launchLink } from "../../../src/core/cards/labels/launch-link.ts";
import { PAPERS } from "../../../src/core/cards/labels/paper.ts";
import { MARK_LENGTH_MM, MARK_OFFSET_MM, PAGE_MARGIN_MM, sheetLayout } from "../../../src/core/cards/labels/sheet-layout.ts";
import { TEMPLATES } from "../../../src/core/cards/labels/templates.ts";
import { fillContours, roundedRectContour } from "../../../src/core/image/path-fill.ts";

/** A monospaced stand-in for font metrics: every character 0.6 em wide. */
const mono: Measure = (text, size) => [...text].length * 0.6 * size;

describe("sheet layout", () => {
  for (const t of Object.values(TEMPLATES)) {
    for (const p of Object.values(PAPERS)) {
      test(`${t.id} on ${p.id}: cards and marks inside the printable area, bleeds meeting, marks on trim lines`, () => {
        const l = sheetLayout(t, p);
        expect(l.slots.length).toBe(l.cols * l.rows);
        expect(l.slots.length).toBeGreaterThan(0);
        const [w, h] = l.landscape ? [p.heightMm, p.widthMm] : [p.widthMm, p.heightMm];
        expect([l.pageWidthMm, l.pageHeightMm]).toEqual([w, h]);
        for (const s of l.slots) {
          expect([s.w, s.h]).toEqual([t.widthMm, t.heightMm]);
          expect(s.x - t.bleedMm).toBeGreaterThanOrEqual(PAGE_MARGIN_MM);
          expect(s.y - t.bleedMm).toBeGreaterThanOrEqual(PAGE_MARGIN_MM);
          expect(s.x + s.w + t.bleedMm).toBeLessThanOrEqual(w - PAGE_MARGIN_MM);
        }
        // neighbours: exactly two bleeds apart, so bleeds meet and never overlap another card's trim
        if (l.cols > 1) expect(l.slots[1]!.x - (l.slots[0]!.x + t.widthMm)).toBeCloseTo(2 * t.bleedMm, 9);
        if (l.rows > 1) expect(l.slots[l.cols]!.y - (l.slots[0]!.y + t.heightMm)).toBeCloseTo(2 * t.bleedMm, 9);
        // the other orientation would not hold more
        const other = sheetLayout(t, { ...p, widthMm: p.heightMm, heightMm: p.widthMm } as typeof p);
        expect(l.slots.length).toBeGreaterThanOrEqual(other.slots.length);
        // marks: two per trim line and side, each MARK_LENGTH long, starting beyond the bleed, inside the page margin
        expect(l.marks.length).toBe(4 * l.cols + 4 * l.rows);
        const left = Math.min(...l.slots.map((s) => s.x));
        const top = Math.min(...l.slots.map((s) => s.y));
        const right = Math.max(...l.slots.map((s) => s.x + s.w));
        const bottom = Math.max(...l.slots.map((s) => s.y + s.h));
        const xs = l.slots.flatMap((s) => [s.x, s.x + s.w]);
        const ys = l.slots.flatMap((s) => [s.y, s.y + s.h]);
        for (const m of l.marks) {
          expect(Math.hypot(m.x2 - m.x1, m.y2 - m.y1)).toBeCloseTo(MARK_LENGTH_MM, 9);
          for (const [x, y] of [[m.x1, m.y1], [m.x2, m.y2]] as const) {
            expect(x).toBeGreaterThanOrEqual(PAGE_MARGIN_MM - 1e-9);
            expect(y).toBeGreaterThanOrEqual(PAGE_MARGIN_MM - 1e-9);
            expect(x).toBeLessThanOrEqual(w - PAGE_MARGIN_MM + 1e-9);
            expect(y).toBeLessThanOrEqual(h - PAGE_MARGIN_MM + 1e-9);
            // outside the grid's bleed
            const outside = x <= left - t.bleedMm - MARK_OFFSET_MM + 1e-9 || x >= right + t.bleedMm + MARK_OFFSET_MM - 1e-9 || y <= top - t.bleedMm - MARK_OFFSET_MM + 1e-9 || y >= bottom + t.bleedMm + MARK_OFFSET_MM - 1e-9;
            expect(outside).toBe(true);
          }
          if (m.x1 === m.x2) expect(xs).toContain(m.x1);
          else expect(ys).toContain(m.y1);
        }
      });
    }
  }

  test("cards per sheet of the common formats", () => {
    const per = (id: keyof typeof TEMPLATES, paper: keyof typeof PAPERS) => sheetLayout(TEMPLATES[id], PAPERS[paper]).slots.length;
    expect([per("id1-landscape", "a4"), per("id1-landscape", "letter"), per("id1-portrait", "a4"), per("insert-3.5x5", "letter")]).toEqual([9, 8, 9, 4]);
    expect(per("round-25", "a4")).toBeGreaterThan(per("round-30", "a4"));
  });
});

describe("text fitting", () => {
  test("the largest size at which the text fits its lines; a word wider than the box is broken", () => {
    const short = fitText("F-Zero", 40, 20, { maxSizeMm: 5, minSizeMm: 2, maxLines: 3, bold: true }, mono);
    expect(short).toMatchObject({ sizeMm: 5, lines: ["F-Zero"] });
    const long = fitText("The Legend of Zelda: A Link to the Past", 40, 12, { maxSizeMm: 5, minSizeMm: 2, maxLines: 3, bold: true }, mono);
    expect(long.sizeMm).toBeLessThan(5);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    for (const line of long.lines) expect(mono(line, long.sizeMm, true)).toBeLessThanOrEqual(40);
    expect(long.lines.join(" ")).toBe("The Legend of Zelda: A Link to the Past");
    const word = fitText("Supercalifragilisticexpialidocious", 10, 40, { maxSizeMm: 3, minSizeMm: 3, maxLines: 8, bold: false }, mono);
    for (const line of word.lines) expect(mono(line, 3, false)).toBeLessThanOrEqual(10);
    expect(word.lines.join("")).toBe("Supercalifragilisticexpialidocious");
  });

  test("what does not fit at the smallest size ends with an ellipsis", () => {
    const r = fitText("one two three four five six seven eight nine ten", 12, 4, { maxSizeMm: 3, minSizeMm: 2, maxLines: 2, bold: false }, mono);
    expect(r.sizeMm).toBe(2);
    expect(r.lines.length).toBe(1);
    expect(r.lines[0]!.endsWith("…")).toBe(true);
    expect(mono(r.lines[0]!, 2, false)).toBeLessThanOrEqual(12);
  });
});

describe("label scene", () => {
  const item = { path: "/roms/SNES/Zelda (USA).sfc", systemId: "SNES", systemName: "Super Nintendo", title: "Zelda", tags: ["region:us", "lang:en"], script: "@SNES/Zelda" };
  const o = { qr: true, chips: true, linkBase: "http://10.0.0.5:7497" };

  test("an ID-1 card with art: art, title, system, chips, QR of the launch link, all inside the bleed box", () => {
    const t = TEMPLATES["id1-landscape"];
    const s = buildLabelScene(item, t, o, { width: 300, height: 420 }, mono);
    expect(s.clip).toEqual({ kind: "rect", box: { x: -2, y: -2, w: 89.6, h: 58 } });
    const kinds = s.ops.map((op) => op.kind);
    expect(kinds).toContain("image");
    expect(kinds).toContain("qr");
    const texts = s.ops.flatMap((op) => (op.kind === "text" ? [op.text] : []));
    expect(texts).toEqual(expect.arrayContaining(["SUPER NINTENDO", "Zelda", "USA", "English"]));
    for (const op of s.ops) {
      const box = "box" in op ? op.box : null;
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(-2 - 1e-9);
      expect(box.y).toBeGreaterThanOrEqual(-2 - 1e-9);
      expect(box.x + box.w).toBeLessThanOrEqual(t.widthMm + 2 + 1e-9);
    }
  });

  test("no art: a placeholder with the title, no image; sticker discs leave out chips and QR", () => {
    const s = buildLabelScene(item, TEMPLATES["round-25"], o, null, mono);
    expect(s.clip).toEqual({ kind: "circle", cx: 12.5, cy: 12.5, r: 14 });
    expect(s.ops.some((op) => op.kind === "image" || op.kind === "qr")).toBe(false);
    expect(s.ops.filter((op) => op.kind === "text").map((op) => (op.kind === "text" ? op.text : ""))).toEqual(["Zelda", "Super Nintendo"]);
  });

  test("art placement: contain keeps it whole inside, cover fills the box", () => {
    const box = { x: 0, y: 0, w: 40, h: 40 };
    expect(placeArt(box, { width: 200, height: 100 }, "contain")).toEqual({ x: 0, y: 10, w: 40, h: 20 });
    expect(placeArt(box, { width: 200, height: 100 }, "cover")).toEqual({ x: -20, y: 0, w: 80, h: 40 });
    expect(chipTexts(["region:jp", "lang:ja", "rev:1", "disc:2", "extra:x"])).toEqual(["Japan", "Japanese", "Rev 1", "Disc 2"]);
  });

  test("launch links as the /l/ endpoint reads them", () => {
    expect(launchLink("http://mister.local:7497/", "@SNES/Super Mario World (USA)")).toBe("http://mister.local:7497/l/%40SNES/Super%20Mario%20World%20(USA)");
    expect(decodeURIComponent(launchLink("http://h:1", "a/b?c#d").slice("http://h:1/l/".length))).toBe("a/b?c#d");
  });
});

describe("polygon fill", () => {
  test("a rectangle's coverage is exact, partial at its fractional edges", () => {
    const cov = new Float32Array(10 * 10);
    fillContours([[2, 2, 6.5, 2, 6.5, 5, 2, 5]], 10, 10, (x, y, a) => (cov[y * 10 + x] = a));
    expect(cov[3 * 10 + 3]).toBeCloseTo(1, 5);
    expect(cov[3 * 10 + 6]).toBeCloseTo(0.5, 5);
    expect(cov[3 * 10 + 7]).toBe(0);
    expect(cov.reduce((a, b) => a + b, 0)).toBeCloseTo(4.5 * 3, 4);
  });

  test("a disc covers about πr²; a hole drawn the other way round stays empty (non-zero winding)", () => {
    let area = 0;
    fillContours([roundedRectContour(0, 0, 40, 40, 20)], 40, 40, (_x, _y, a) => (area += a));
    expect(area / (Math.PI * 400)).toBeCloseTo(1, 2);
    const outer = [0, 0, 10, 0, 10, 10, 0, 10];
    const hole = [3, 3, 3, 7, 7, 7, 7, 3];
    let inHole = 0;
    fillContours([outer, hole], 10, 10, (x, y, a) => {
      if (x >= 3 && x < 7 && y >= 3 && y < 7) inHole += a;
    });
    expect(inHole).toBe(0);
  });
});
