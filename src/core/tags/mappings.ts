/**
 * The keyword table of file-name tags: a normalized bracket word ("usa", "rev-a", "disk-1-of-2") and the
 * canonical tags it stands for (data/tag-mappings.json, generated from the reference's table).
 */
import { toLowerGo, trimSpace } from "../slugs/go-strings.ts";
import table from "./data/tag-mappings.json" with { type: "json" };
import { TagSourceUnknown, type CanonicalTag } from "./types.ts";

const mappings: ReadonlyMap<string, readonly CanonicalTag[]> = new Map(
  Object.entries(table as Record<string, string[][]>).map(([key, pairs]) => [
    key,
    Object.freeze(pairs.map(([type, value]) => Object.freeze({ type: type!, value: value!, source: TagSourceUnknown }))),
  ]),
);

const EMPTY: readonly CanonicalTag[] = Object.freeze([]);

/** The tags a keyword stands for (trimmed and lower-cased first); empty when it is not a keyword. */
export function mapFilenameTagToCanonical(tag: string): readonly CanonicalTag[] {
  return mappings.get(tag) ?? mappings.get(toLowerGo(trimSpace(tag))) ?? EMPTY;
}

/** Every keyword of the table. */
export function filenameTagKeywords(): IterableIterator<string> {
  return mappings.keys();
}
