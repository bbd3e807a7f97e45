import { CardsRenderParams, CardsRenderResult, CardsTemplatesResult } from "../../core/wire/cards-labels.ts";
import type { LabelRenderer } from "../../service/cards/labels/label-renderer.ts";
import { CARDS_DOWNLOAD_PREFIX } from "../routes/cards-download.ts";
import { defineMethod } from "../rpc/method.ts";

/** `cards.render`, `cards.templates`: printable labels of card sets (our namespace; the reference has none). */
export function cardsLabelsMethods(deps: { labels: LabelRenderer }) {
  const { labels } = deps;
  return [
    defineMethod({
      name: "cards.templates",
      summary: "The label formats (exact trim size in mm, bleed, whether QR codes and chips fit, cards per sheet of each paper) and the papers cards.render prints on.",
      params: null,
      result: CardsTemplatesResult,
      handler: () => labels.templates(),
    }),
    defineMethod({
      name: "cards.render",
      summary:
        "Labels of a card set (`setId`) or of `items`: format pdf (default) gives every card on A4 or US Letter sheets, laid out to fill the page, with 2 mm bleed (1.5 mm on discs) and cut marks; png gives card `index` at `dpi`, outside its trim shape transparent. `from`/`count` make a PDF of part of the cards; one PDF holds at most 32 MiB of cover images (a device holds the whole file while it is made), more is refused (1005) with how many cards fit. Each label: cover art (scraped or media-folder art; a placeholder with the title when there is none), title, system, tag chips (`chips`, default true) and a QR code of the launch link (`qr`, default false; `linkBase`, default this device). Answers the file as base64 `data`, or with delivery \"url\" a one-time `url` on this device to download it from (GET, within 5 minutes; what a browser download needs). Text is set in DejaVu Sans; a character it lacks (CJK) prints as □.",
      params: CardsRenderParams,
      result: CardsRenderResult,
      example: { setId: 1, template: "id1-landscape", paper: "a4", qr: true },
      handler: async (p) => {
        const req = { ...p, items: p.items?.map((i) => ({ ...i, tags: i.tags ?? [] })) };
        const file = p.format === "png" ? await labels.png(req) : await labels.pdf(req);
        const { bytes, ...rest } = file;
        if (p.delivery === "url") return { ...rest, url: `${CARDS_DOWNLOAD_PREFIX}${labels.downloads.put(file)}/${encodeURIComponent(file.filename)}`, size: bytes.length };
        return { ...rest, data: Buffer.from(bytes).toString("base64"), size: bytes.length };
      },
    }),
  ];
}
