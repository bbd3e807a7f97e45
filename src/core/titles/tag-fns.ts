/** The file-name-tag functions title resolution uses, from the port of the reference's `tags` package. */
import type { MediaType } from "./slug-fns.ts";
import * as tags from "../tags/index.ts";

export interface ParsedTag {
  readonly type: string;
  readonly value: string;
  /** True for tags inferred from bare words (no brackets); the resolver ignores those in queries. */
  readonly inferred: boolean;
}

function parsed(list: readonly tags.CanonicalTag[]): ParsedTag[] {
  return list.map((t) => ({ type: t.type, value: t.value, inferred: t.source === tags.TagSourceInferred }));
}

/** Canonical tags of a file name with the media-type-independent parser (what a query's words are read with). */
export const parseFilenameTags = (name: string): ParsedTag[] => parsed(tags.parseFilenameToCanonicalTags(name));

/** Canonical tags of a file name as the indexer reads them for a system's media type. */
export const parseFilenameTagsForMedia = (name: string, mediaType: MediaType): ParsedTag[] =>
  parsed(tags.parseFilenameToCanonicalTagsForMedia(name, mediaType));

/** Display title of a file name (extension already removed) as the indexer derives it. */
export const parseTitleFromFilename = (name: string, mediaType: MediaType): string =>
  tags.parseTitleFromFilenameForMedia(name, false, mediaType);

export const normalizeTag = (s: string): string => tags.normalizeTag(s);
export const normalizeTagValue = (type: string, value: string): string => tags.normalizeTagValue(type, value);
export const canonicalizeTagAlias = (fullTag: string): string => tags.canonicalizeTagAlias(fullTag);
export const padTagValue = (value: string): string => tags.padTagValue(value);
export const unpadTagValue = (value: string): string => tags.unpadTagValue(value);

/** Every pre-seeded canonical tag as "type:value" (value lower-cased and padded), as the media database seeds them. */
export function canonicalTagKeys(): Set<string> {
  const keys = new Set<string>();
  for (const [type, values] of Object.entries(tags.canonicalTagDefinitions)) {
    for (const v of values as readonly string[]) keys.add(`${type}:${padTagValue(v.toLowerCase())}`);
  }
  return keys;
}

export { TagFilterError } from "../tags/index.ts";
