import { imageInfo } from "../../../core/media/image-info.ts";
import type { MetaReader } from "../../scrape/meta-reader.ts";
import type { MetaStore } from "../../scrape/meta-store.ts";
import type { ArtSource } from "./label-art.ts";

/** Cover art first; then whatever other artwork the game has that still makes a recognisable label. */
export const LABEL_ART_TYPES = ["boxart", "image", "thumbnail", "titleshot", "screenshot", "marquee", "wheel", "fanart"] as const;
/** Longest side of the art handed to a label: sharp at 300 dpi on the largest art box (the insert's ~75 mm). */
export const LABEL_ART_MAX_PX = 900;

/** A JPEG cover up to this size goes into a PDF as it is (PDF carries JPEG undecoded: no work, no quality loss). */
export const PASS_THROUGH_JPEG_BYTES = 1024 * 1024;

/**
 * A game's cover from the library: the scraped artwork (gamelist.xml, media folders) that `media.image` serves.
 * A JPEG of at most PASS_THROUGH_JPEG_BYTES is handed on as it is; any other (a PNG, a larger JPEG) is scaled down
 * to LABEL_ART_MAX_PX, as JPEG or PNG. GIF/WebP art, art outside the system's folders and games the index does
 * not hold give null (the label shows a placeholder).
 */
export function coverArtSource(meta: MetaStore, reader: MetaReader): ArtSource {
  return async (item) => {
    const row = meta.byPath(item.path, item.systemId) ?? meta.byPath(item.path);
    if (!row) return null;
    let answer: Awaited<ReturnType<MetaReader["image"]>>;
    try {
      answer = await reader.image(row, LABEL_ART_TYPES);
      const asIs = answer.contentType === "image/jpeg" && answer.data.length * 0.75 <= PASS_THROUGH_JPEG_BYTES;
      if (!asIs) answer = await reader.image(row, LABEL_ART_TYPES, LABEL_ART_MAX_PX);
    } catch {
      return null;
    }
    if (answer.contentType !== "image/jpeg" && answer.contentType !== "image/png") return null;
    const bytes = new Uint8Array(Buffer.from(answer.data, "base64"));
    const info = imageInfo(bytes);
    if (!info) return null;
    return { key: `${row.abs}\n${answer.typeTag}`, bytes, contentType: answer.contentType, width: info.width, height: info.height };
  };
}
