import { type } from "../lazy-arktype.ts";
import { PAPER_IDS } from "../cards/labels/paper.ts";
import { TEMPLATE_IDS } from "../cards/labels/templates.ts";

/** Printable labels of card sets on the wire (`cards.render`, `cards.templates`; our own namespace). */

/** Most cards one render draws (a set's own limit). */
export const LABEL_RENDER_LIMIT = 5000;

/** A game to print a label of when no set is named: what a set's item carries. */
export const LabelItem = type({
  "+": "delete",
  path: "0 < string <= 4096",
  systemId: "0 < string <= 200",
  systemName: "string <= 200",
  title: "string <= 1000",
  "tags?": type("string <= 200").array().atMostLength(32),
  script: "string <= 4096",
});
export type LabelItem = typeof LabelItem.infer;

export const CardsRenderParams = type({
  "+": "delete",
  /** A card set's id … */
  "setId?": "number.integer >= 1",
  /** … or the games themselves. */
  "items?": LabelItem.array().atMostLength(LABEL_RENDER_LIMIT),
  /** Label format (default id1-landscape). */
  "template?": type.enumerated(...TEMPLATE_IDS),
  /** Sheet of the PDF (default a4). */
  "paper?": type.enumerated(...PAPER_IDS),
  /** pdf (default): every card on sheets with cut marks; png: one card (`index`) at `dpi`. */
  "format?": "'pdf' | 'png'",
  /** A PDF of part of the cards: from this one (0-based; default 0) … */
  "from?": "number.integer >= 0",
  /** … this many (default: to the end). A PDF holds at most 32 MiB of covers: a bigger set is printed in parts. */
  "count?": "number.integer >= 1",
  /** The card a PNG shows (0-based; default 0). */
  "index?": "number.integer >= 0",
  /** PNG resolution (default 300). */
  "dpi?": "72 <= number.integer <= 600",
  /** Show a QR code of the game's launch link (default false; not on sticker discs). */
  "qr?": "boolean",
  /** Show the game's tags as chips (default true; not on sticker discs). */
  "chips?": "boolean",
  /** Origin of the launch link in the QR code (default this device's address and port). */
  "linkBase?": /^https?:\/\/[^\s/?#]+$/,
  /** inline (default): the file as base64 `data`; url: a one-time link (`url`, valid 5 minutes) to fetch it from. */
  "delivery?": "'inline' | 'url'",
});
export type CardsRenderParams = typeof CardsRenderParams.infer;

export const CardsRenderResult = type({
  contentType: "'application/pdf' | 'image/png'",
  /** A file name to save it under. */
  filename: "string",
  /** The file, base64 (delivery inline). */
  "data?": "string",
  /** Where to fetch the file once, within 5 minutes (delivery url): a path on this device, `/cards/download/…`. */
  "url?": "string",
  size: "number.integer >= 0",
  template: "string",
  paper: "string",
  /** Cards drawn. */
  cards: "number.integer >= 0",
  /** PDF: pages, cards per page, distinct images embedded. */
  "pages?": "number.integer >= 0",
  "perPage?": "number.integer >= 0",
  "images?": "number.integer >= 0",
  /** PNG: size in pixels. */
  "width?": "number.integer >= 0",
  "height?": "number.integer >= 0",
});
export type CardsRenderResult = typeof CardsRenderResult.infer;

export const CardsTemplatesResult = type({
  templates: type({
    id: "string",
    name: "string",
    shape: "'rect' | 'round'",
    widthMm: "number",
    heightMm: "number",
    bleedMm: "number",
    /** Whether QR codes and chips are drawn on it. */
    extras: "boolean",
    /** Cards per sheet on each paper. */
    perPage: type({ "[string]": "number.integer >= 0" }),
  }).array(),
  papers: type({ id: "string", name: "string", widthMm: "number", heightMm: "number" }).array(),
});
export type CardsTemplatesResult = typeof CardsTemplatesResult.infer;
