import type { CardItem } from "../../../core/cards/card-item.ts";
import type { LabelOptions } from "../../../core/cards/labels/label-scene.ts";
import { PAPERS, type PaperId } from "../../../core/cards/labels/paper.ts";
import { sheetLayout } from "../../../core/cards/labels/sheet-layout.ts";
import { TEMPLATES, type TemplateId } from "../../../core/cards/labels/templates.ts";
import { mmToPx } from "../../../core/cards/labels/units.ts";
import { DomainError } from "../../../core/errors.ts";
import type { ArtSource } from "./label-art.ts";
import { LabelDownloads } from "./label-downloads.ts";

export interface LabelRequest {
  setId?: number;
  items?: readonly CardItem[];
  template?: TemplateId;
  paper?: PaperId;
  qr?: boolean;
  chips?: boolean;
  linkBase?: string;
  /** A PDF of the cards from `from` (0-based) on, `count` of them (default: to the end). */
  from?: number;
  count?: number;
}

export interface RenderedFile {
  contentType: "application/pdf" | "image/png";
  filename: string;
  bytes: Uint8Array;
  template: TemplateId;
  paper: PaperId;
  cards: number;
  pages?: number;
  perPage?: number;
  images?: number;
  width?: number;
  height?: number;
}

export interface LabelRendererDeps {
  art: ArtSource;
  /** The games of a card set (not-found when there is none). */
  setItems(setId: number): CardItem[];
  /** This device's origin for launch links. */
  linkBase(): string;
}

/**
 * Renders labels of a card set or of explicit games: all of them as a PDF of sheets, or one as a PNG. Renders run
 * one at a time (each is CPU-bound and holds its images), in the order asked.
 */
/** pdf-lib, fontkit, the fonts and the codecs load on the first render, not at start-up. */
let engines: Promise<{ fonts: typeof import("./label-fonts.ts"); pdf: typeof import("./pdf-sheets.ts"); png: typeof import("./png-card.ts") }> | undefined;
const loadEngines = () => (engines ??= Promise.all([import("./label-fonts.ts"), import("./pdf-sheets.ts"), import("./png-card.ts")]).then(([fonts, pdf, png]) => ({ fonts, pdf, png })));

export class LabelRenderer {
  /** Rendered files waiting for a browser's download (`delivery: "url"`). */
  readonly downloads = new LabelDownloads();
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: LabelRendererDeps) {}

  templates() {
    return {
      templates: Object.values(TEMPLATES).map((t) => ({
        id: t.id,
        name: t.name,
        shape: t.shape,
        widthMm: t.widthMm,
        heightMm: t.heightMm,
        bleedMm: t.bleedMm,
        extras: t.roomForExtras,
        perPage: Object.fromEntries(Object.values(PAPERS).map((p) => [p.id, sheetLayout(t, p).slots.length])),
      })),
      papers: Object.values(PAPERS).map((p) => ({ id: p.id, name: p.name, widthMm: p.widthMm, heightMm: p.heightMm })),
    };
  }

  pdf(req: LabelRequest): Promise<RenderedFile> {
    return this.serial(async () => {
      const { items: all, name } = this.itemsOf(req);
      const from = req.from ?? 0;
      const items = all.slice(from, req.count === undefined ? undefined : from + req.count);
      const template = req.template ?? "id1-landscape";
      const paper = req.paper ?? "a4";
      const { fonts, pdf } = await loadEngines();
      const r = await pdf.renderPdfSheets(items, TEMPLATES[template], PAPERS[paper], this.options(req), { fonts: await fonts.labelFonts(), art: this.deps.art, title: name });
      return { contentType: "application/pdf", filename: `${slug(name)}-${template}-${paper}.pdf`, bytes: r.bytes, template, paper, cards: items.length, pages: r.pages, perPage: r.perPage, images: r.images };
    });
  }

  png(req: LabelRequest & { index?: number; dpi?: number }): Promise<RenderedFile> {
    return this.serial(async () => {
      const { items, name } = this.itemsOf(req);
      const index = req.index ?? 0;
      const item = items[index];
      if (!item) throw new DomainError("not-found", `no card ${index}: there are ${items.length}`);
      const template = req.template ?? "id1-landscape";
      const t = TEMPLATES[template];
      const dpi = req.dpi ?? 300;
      const { fonts, png } = await loadEngines();
      const bytes = png.renderCardPng(item, t, this.options(req), await this.deps.art(item), await fonts.labelFonts(), dpi);
      return {
        contentType: "image/png", filename: `${slug(name)}-${index + 1}-${template}.png`, bytes, template, paper: req.paper ?? "a4", cards: 1,
        width: Math.round(mmToPx(t.widthMm, dpi)), height: Math.round(mmToPx(t.heightMm, dpi)),
      };
    });
  }

  private options(req: LabelRequest): LabelOptions {
    return { qr: req.qr ?? false, chips: req.chips ?? true, linkBase: req.linkBase ?? this.deps.linkBase() };
  }

  private itemsOf(req: LabelRequest): { items: readonly CardItem[]; name: string } {
    if ((req.setId === undefined) === (req.items === undefined)) throw new DomainError("invalid", "invalid params: one of setId or items is required");
    if (req.items) return { items: req.items, name: "labels" };
    return { items: this.deps.setItems(req.setId as number), name: `card-set-${req.setId}` };
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.tail.then(run, run);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "labels";
