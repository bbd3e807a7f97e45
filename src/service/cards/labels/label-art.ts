import type { CardItem } from "../../../core/cards/card-item.ts";

/** Cover art ready to place: JPEG or PNG bytes no larger than the label needs, with their pixel size. */
export interface LabelArt {
  /** Same key, same image: a PDF embeds each key once. */
  readonly key: string;
  readonly bytes: Uint8Array;
  readonly contentType: "image/jpeg" | "image/png";
  readonly width: number;
  readonly height: number;
}

/** Finds a game's cover art; null when it has none usable (a placeholder is drawn). */
export type ArtSource = (item: CardItem) => Promise<LabelArt | null>;
