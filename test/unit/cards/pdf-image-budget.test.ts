import { describe, expect, test } from "bun:test";
import type { CardItem } from "../../../src/core/cards/card-item.ts";
import { PAPERS } from "../../../src/core/cards/labels/paper.ts";
import { TEMPLATES } from "../../../src/core/cards/labels/templates.ts";
import { DomainError } from "../../../src/core/errors.ts";
import type { ArtSource } from "../../../src/service/cards/labels/label-art.ts";
import { labelFonts } from "../../../src/service/cards/labels/label-fonts.ts";
import { renderPdfSheets } from "../../../src/service/cards/labels/pdf-sheets.ts";
import { solidPng } from "../../fixtures/images.ts";

/**
 * A PDF is held whole while pdf-lib makes it: the covers one render embeds are capped (MAX_IMAGE_BYTES), each
 * distinct cover is fetched once however many cards show it, and a set too big is refused with how many fit.
 */
const item = (n: number): CardItem => ({ path: `SNES/Game ${n}.sfc`, systemId: "SNES", systemName: "Super Nintendo", title: `Game ${n}`, tags: [], script: `@SNES/Game ${n}` });
const options = { qr: false, chips: false, linkBase: "http://device:7497" };

function artSource(): { art: ArtSource; asked: string[] } {
  const asked: string[] = [];
  const art: ArtSource = async (it) => {
    asked.push(it.path);
    const bytes = solidPng(64, 90, [it.title.length * 20, 80, 120]);
    return { key: it.path, bytes, contentType: "image/png", width: 64, height: 90 };
  };
  return { art, asked };
}

describe("covers in one PDF", () => {
  test("a game on several cards is fetched and embedded once", async () => {
    const { art, asked } = artSource();
    const items = [item(1), item(2), item(1), item(1), item(2)];
    const r = await renderPdfSheets(items, TEMPLATES["id1-landscape"], PAPERS.a4, options, { fonts: await labelFonts(), art });
    expect(asked).toEqual(["SNES/Game 1.sfc", "SNES/Game 2.sfc"]);
    expect(r.images).toBe(2);
  });

  test("more cover bytes than the budget: refused, saying how many cards fit", async () => {
    const { art } = artSource();
    const one = solidPng(64, 90, [20, 80, 120]).length;
    const items = [1, 2, 3, 4, 5].map(item);
    const err = await renderPdfSheets(items, TEMPLATES["id1-landscape"], PAPERS.a4, options, { fonts: await labelFonts(), art, maxImageBytes: one * 3 }).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe("unsupported");
    expect((err as Error).message).toContain("3 cards or fewer at a time");
    // within the budget it renders
    const ok = await renderPdfSheets(items.slice(0, 3), TEMPLATES["id1-landscape"], PAPERS.a4, options, { fonts: await labelFonts(), art, maxImageBytes: one * 3 });
    expect(ok.images).toBe(3);
  });
});
