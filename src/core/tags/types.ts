/** The shapes of the file-name tag vocabulary: a canonical tag (type, value, where it was read from). */

/** Where a tag came from: brackets in the name, or a pattern in its plain text. */
export const TagSourceUnknown = "unknown";
export const TagSourceBracketed = "bracketed";
export const TagSourceInferred = "inferred";
export type TagSource = typeof TagSourceUnknown | typeof TagSourceBracketed | typeof TagSourceInferred;

/** A tag type such as "region"; the known ones are the TagType* constants. */
export type TagType = string;
/** A tag value such as "us" or "disc:1"; the named ones are the Tag* value constants. */
export type TagValue = string;

export interface CanonicalTag {
  readonly type: TagType;
  readonly value: TagValue;
  readonly source: TagSource;
}

/** "type:value", or the type alone when the value is empty. */
export function tagString(t: { readonly type: string; readonly value: string }): string {
  return t.value === "" ? t.type : `${t.type}:${t.value}`;
}

/** A tag read from brackets. */
export const bracketed = (type: TagType, value: TagValue): CanonicalTag => ({ type, value, source: TagSourceBracketed });

/** A tag inferred from plain text. */
export const inferred = (type: TagType, value: TagValue): CanonicalTag => ({ type, value, source: TagSourceInferred });

/** The same tags, each with the given source. */
export function withSource(tags: readonly CanonicalTag[], source: TagSource): CanonicalTag[] {
  return tags.map((t) => (t.source === source ? t : { type: t.type, value: t.value, source }));
}

export function hasTagType(tags: readonly CanonicalTag[], type: TagType): boolean {
  return tags.some((t) => t.type === type);
}
