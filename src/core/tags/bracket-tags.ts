/**
 * Square-bracket groups: dump status in the No-Intro / TOSEC / GoodTools conventions ("[!]", "[b]",
 * "[f1]", "[cr XOR]", "[h ASS]"), translations ("[T+Eng]"), build dates, languages, hardware keywords,
 * and for music libraries track numbers, sound sets and composer credits.
 */
import { MediaTypeGame, MediaTypeMusic, type MediaType } from "../slugs/index.ts";
import { toLowerGo, trimSpace } from "../slugs/go-strings.ts";
import * as T from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { parseBuildDate } from "./build-date.ts";
import { allDigits, stripLeadingZeros } from "./chars.ts";
import { classifyUnmappedParen, looksLikeCompanyName } from "./classify.ts";
import { normalizeCompanyName } from "./company-name.ts";
import { parseMultiLanguageTag, parseProtectionChip } from "./compound-tags.ts";
import { mapFilenameTagToCanonical } from "./mappings.ts";
import { cachedNormalizeTag } from "./normalize-tag.ts";
import { parseStructuralSetTag } from "./structural.ts";
import { parseBracketedTranslation } from "./translation.ts";
import { bracketed, TagSourceBracketed, type CanonicalTag } from "./types.ts";
import { dumpFlagValues } from "./words.ts";

const DUMP_FLAG = /^([a-z]{1,2})(\d+)?(?:[\t\n\f\r ]+([^\t\n\f\r ][^\n]*))?$/;

/** "[f1]", "[a2]", "[cr XOR]", "[t +2 XOR]": a dump flag, its index, and a group credited. */
export function parseDumpFlagBracket(rawTag: string): CanonicalTag[] | undefined {
  const m = DUMP_FLAG.exec(toLowerGo(trimSpace(rawTag)));
  if (!m) return undefined;
  const value = dumpFlagValues.get(m[1]!);
  if (value === undefined) return undefined;
  const out = [bracketed(T.TagTypeDump, value)];
  const group = m[3] ?? "";
  if (group !== "" && looksLikeCompanyName(group)) out.push(bracketed(T.TagTypeCredit, normalizeCompanyName(group)));
  return out;
}

/** "01", "12", "track-3" → the track number without leading zeros. */
export function parseTrackNumber(normalized: string): string | undefined {
  const s = normalized.startsWith("track-") ? normalized.slice(6) : normalized;
  return s !== "" && s.length <= 3 && allDigits(s) ? stripLeadingZeros(s) : undefined;
}

/** Music library brackets: track numbers, alternate sound sets ("as2", "sfx"), composer credits. */
export function mapMusicBracket(normalized: string): CanonicalTag[] | undefined {
  const track = parseTrackNumber(normalized);
  if (track !== undefined) return [bracketed(T.TagTypeTrack, track)];
  if (normalized.startsWith("as") && allDigits(normalized.slice(2))) {
    return [bracketed(T.TagTypeAlt, stripLeadingZeros(normalized.slice(2)))];
  }
  if (normalized === "sfx") return [bracketed(T.TagTypeAlt, V.TagAlt)];
  if (looksLikeCompanyName(normalized)) return [bracketed(T.TagTypeCredit, normalizeCompanyName(normalized))];
  return undefined;
}

const FIXED: Readonly<Record<string, readonly [string, string]>> = {
  tr: [T.TagTypeDump, V.TagDumpTranslated],
  b: [T.TagTypeDump, V.TagDumpBad],
  h: [T.TagTypeDump, V.TagDumpHacked],
  f: [T.TagTypeDump, V.TagDumpFixed],
  cr: [T.TagTypeDump, V.TagDumpCracked],
  t: [T.TagTypeDump, V.TagDumpTrained],
  bl: [T.TagTypeUnlicensed, V.TagUnlicensedBootleg],
};

/** Company and person types belong to parens, never to brackets. */
const NOT_IN_BRACKETS: ReadonlySet<string> = new Set([
  T.TagTypeUnknown,
  T.TagTypeCredit,
  T.TagTypePublisher,
  T.TagTypeDeveloper,
]);

/** The tags of one square-bracket group (its raw content). */
export function mapBracketTag(tag: string, mediaType: MediaType | ""): CanonicalTag[] {
  if (mediaType === "" || mediaType === MediaTypeGame) {
    const translation = parseBracketedTranslation(tag, TagSourceBracketed);
    if (translation) return translation;
  }
  if (tag === "!") return [bracketed(T.TagTypeDump, V.TagDumpVerified)];
  if (tag === "!p") return [bracketed(T.TagTypeDump, V.TagDumpPending)];
  const normalized = cachedNormalizeTag(tag);
  if (normalized.includes("-")) {
    const date = parseBuildDate(normalized);
    if (date !== undefined) return [bracketed(T.TagTypeBuildDate, date)];
  }
  if (mediaType === MediaTypeMusic) {
    const music = mapMusicBracket(normalized);
    if (music) return music;
  }
  const structural = parseStructuralSetTag(normalized, TagSourceBracketed);
  if (structural) return structural;
  const langs = parseMultiLanguageTag(normalized);
  if (langs) return langs;
  const fixed = Object.hasOwn(FIXED, normalized) ? FIXED[normalized] : undefined;
  if (fixed) return [bracketed(fixed[0], fixed[1])];
  const mapped = mapFilenameTagToCanonical(normalized)
    .filter((t) => !NOT_IN_BRACKETS.has(t.type))
    .map((t) => bracketed(t.type, t.value));
  if (mapped.length > 0) return mapped;
  const chip = parseProtectionChip(normalized);
  if (chip) return chip;
  const flag = parseDumpFlagBracket(tag);
  if (flag) return flag;
  const classified = classifyUnmappedParen(normalized);
  if (classified && classified.length > 0) return classified;
  return [bracketed(T.TagTypeDump, normalized)];
}
