import type { CardItem } from "../../../core/cards/card-item.ts";
import type { LabelFonts } from "./label-fonts.ts";

/** The item with every text a label shows reduced to characters the labels' font can draw. */
export function printableItem(item: CardItem, fonts: LabelFonts): CardItem {
  return { ...item, title: fonts.printable(item.title), systemName: fonts.printable(item.systemName), tags: item.tags.map((t) => fonts.printable(t)) };
}
