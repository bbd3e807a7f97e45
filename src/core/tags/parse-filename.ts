/**
 * The file-name parser: canonical tags of a ROM / media file name following the No-Intro, TOSEC, GoodTools
 * and scene conventions. Special patterns first, then each paren group, then each square-bracket group.
 */
import type { MediaType } from "../slugs/index.ts";
import * as T from "./data/tag-types.ts";
import { mapBracketTag } from "./bracket-tags.ts";
import { editionOrClassics } from "./classify.ts";
import {
  parseCommaSeparatedTags,
  parseMultiLanguageTag,
  parseProtectionChip,
  parseRegionDateToken,
  parseVersionToken,
} from "./compound-tags.ts";
import { extractTags } from "./extract-groups.ts";
import { mapFilenameTagToCanonical } from "./mappings.ts";
import { memoize } from "./memo.ts";
import { cachedNormalizeTag } from "./normalize-tag.ts";
import { mapParenthesisTag, type ParenContext } from "./paren-tags.ts";
import { extractSpecialPatterns } from "./special-patterns.ts";
import { parseStructuralSetTag } from "./structural.ts";
import { hasTagType, withSource, TagSourceBracketed, type CanonicalTag } from "./types.ts";

/** A whole-group keyword with several tags of different types ("disc-1" → media:disc + disc:1). */
function distinctTypesMapping(normalized: string): CanonicalTag[] | undefined {
  const mapped = mapFilenameTagToCanonical(normalized);
  if (mapped.length < 2) return undefined;
  if (new Set(mapped.map((t) => t.type)).size < mapped.length) return undefined;
  return withSource(mapped, TagSourceBracketed);
}

/** The tags of a normalized paren group that do not depend on its position or neighbours, if it has such. */
function contextFreeParenTags(normalized: string): readonly CanonicalTag[] | undefined {
  const edition = normalized.includes("-") ? editionOrClassics(normalized.split("-")) : undefined;
  return (
    parseStructuralSetTag(normalized, TagSourceBracketed) ??
    parseMultiLanguageTag(normalized) ??
    distinctTypesMapping(normalized) ??
    (edition ? [edition] : undefined) ??
    parseCommaSeparatedTags(normalized) ??
    parseRegionDateToken(normalized) ??
    parseVersionToken(normalized) ??
    parseProtectionChip(normalized)
  );
}

const cachedContextFree = memoize(contextFreeParenTags);
const cachedBracketTags = memoize((key: string) => {
  const cut = key.indexOf("\u0000");
  return mapBracketTag(key.slice(cut + 1), key.slice(0, cut) as MediaType | "");
});

/** The tags of one paren group. */
function parenGroupTags(ctx: ParenContext): readonly CanonicalTag[] {
  const normalized = cachedNormalizeTag(ctx.raw);
  return cachedContextFree(normalized) ?? mapParenthesisTag(normalized, ctx);
}

/** Canonical tags of a file name, every pattern tried (no media type). */
export function parseFilenameToCanonicalTags(filename: string): CanonicalTag[] {
  return parseFilenameToCanonicalTagsForMedia(filename, "");
}

/** Canonical tags of a file name, patterns that do not apply to the media type skipped. */
export function parseFilenameToCanonicalTagsForMedia(filename: string, mediaType: MediaType | ""): CanonicalTag[] {
  const special = extractSpecialPatterns(filename, mediaType);
  const { parenTags, bracketTags } = extractTags(special.remaining);
  const all = special.tags;
  const yearExtracted = hasTagType(all, T.TagTypeYear);
  parenTags.forEach((raw, index) => {
    all.push(...parenGroupTags({ raw, index, processed: all, yearExtracted }));
  });
  for (const raw of bracketTags) all.push(...cachedBracketTags(`${mediaType}\u0000${raw}`));
  return all;
}
