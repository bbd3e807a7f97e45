/**
 * Groups holding several values or a value with a qualifier: "(En,Fr,De)", "(En+Fr)", "[en-de-fr]",
 * "(USA, Europe)", "(JP, Rev B)", "(EU-US)", "(World 931005)", "(ver. 1.01)", "(FD1094 317-0154)".
 */
import * as T from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { parseBuildDate } from "./build-date.ts";
import { classifyUnmappedParen } from "./classify.ts";
import { trimSpace } from "../slugs/go-strings.ts";
import { mapFilenameTagToCanonical } from "./mappings.ts";
import { cachedNormalizeTag } from "./normalize-tag.ts";
import { bracketed, hasTagType, withSource, TagSourceBracketed, type CanonicalTag } from "./types.ts";

const isShortCode = (s: string): boolean => s.length >= 2 && s.length <= 3;

/** Language lists: two or more known languages separated by commas, pluses or (all-short-code) dashes. */
export function parseMultiLanguageTag(tag: string): CanonicalTag[] | undefined {
  let parts: string[];
  if (tag.includes(",")) parts = tag.split(",");
  else if (tag.includes("+")) parts = tag.split("+");
  else if (tag.includes("-")) {
    parts = tag.split("-");
    if (parts.length < 2 || !parts.every((p) => isShortCode(cachedNormalizeTag(p)))) return undefined;
  } else return undefined;
  const langs: CanonicalTag[] = [];
  for (const part of parts) {
    const normalized = cachedNormalizeTag(part);
    if (!isShortCode(normalized)) continue;
    for (const t of mapFilenameTagToCanonical(normalized)) {
      if (t.type === T.TagTypeLang) langs.push(bracketed(t.type, t.value));
    }
  }
  return langs.length >= 2 ? langs : undefined;
}

const known = (tags: readonly CanonicalTag[]): CanonicalTag[] =>
  tags.filter((t) => t.type !== T.TagTypeUnknown).map((t) => bracketed(t.type, t.value));

/** A part trimmed of white space and dashes. */
const cleanPart = (part: string): string => trimSpace(part).replace(/^-+|-+$/g, "");

/** "eu-us": every dash part must be a keyword (a whole-group keyword such as "side-a" wins). */
function dashSeparated(tag: string): CanonicalTag[] | undefined {
  const whole = known(mapFilenameTagToCanonical(tag));
  if (whole.length > 0) return whole;
  const out: CanonicalTag[] = [];
  for (const raw of tag.split("-")) {
    const part = cleanPart(raw);
    if (part === "") return undefined;
    const tags = known(mapFilenameTagToCanonical(cachedNormalizeTag(part)));
    if (tags.length === 0) return undefined;
    out.push(...tags);
  }
  return out;
}

/** Mixed comma lists ("usa,-europe", "jp,-rev-b", "cps-changer,-japan-951020"), or dash lists ("eu-us"). */
export function parseCommaSeparatedTags(tag: string): CanonicalTag[] | undefined {
  if (!tag.includes(",")) return tag.includes("-") ? dashSeparated(tag) : undefined;
  const out: CanonicalTag[] = [];
  const unmatched: string[] = [];
  for (const raw of tag.split(",")) {
    const part = cleanPart(raw);
    if (part === "") continue;
    const normalized = cachedNormalizeTag(part);
    const tags = known(mapFilenameTagToCanonical(normalized));
    if (tags.length > 0) out.push(...tags);
    else {
      const extra = parseRegionDateToken(normalized) ?? parseVersionToken(normalized);
      if (extra) out.push(...extra);
      else unmatched.push(normalized);
    }
  }
  // A bare six-digit date next to a region is a build date ("(EU, 961004)").
  let consumed = -1;
  if (hasTagType(out, T.TagTypeRegion)) {
    for (let i = 0; i < unmatched.length; i++) {
      const date = parseBuildDate(unmatched[i]!);
      if (date === undefined) continue;
      out.push(bracketed(T.TagTypeBuildDate, date));
      consumed = i;
      break;
    }
  }
  unmatched.forEach((u, i) => {
    if (i !== consumed) out.push(...(classifyUnmappedParen(u) ?? []));
  });
  return out.length > 0 ? out : undefined;
}

const isDigitCode = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** "ver-100", "version-1-01" → rev:100, rev:1-01. */
export function parseVersionToken(normalized: string): CanonicalTag[] | undefined {
  for (const prefix of ["version-", "ver-"]) {
    if (!normalized.startsWith(prefix)) continue;
    const rest = normalized.slice(prefix.length);
    if (rest === "" || !isDigitCode(rest.charCodeAt(0))) continue;
    let valid = true;
    for (let i = 0; i < rest.length; i++) {
      const c = rest.charCodeAt(i);
      if (!isDigitCode(c) && c !== 0x2d) valid = false;
    }
    if (valid) return [bracketed(T.TagTypeRev, rest)];
  }
  return undefined;
}

/** "1993-10-05" / "19931005" alone, or "<region>-<date>" ("world-931005", "hong-kong-951020"). */
export function parseRegionDateToken(normalized: string): CanonicalTag[] | undefined {
  if (normalized.includes("-") || normalized.length === 8) {
    const date = parseBuildDate(normalized);
    if (date !== undefined) return [bracketed(T.TagTypeBuildDate, date)];
  }
  const dash = normalized.lastIndexOf("-");
  if (dash <= 0 || dash >= normalized.length - 1) return undefined;
  const date = parseBuildDate(normalized.slice(dash + 1));
  if (date === undefined) return undefined;
  const region = mapFilenameTagToCanonical(normalized.slice(0, dash));
  if (!hasTagType(region, T.TagTypeRegion)) return undefined;
  return [...withSource(region, TagSourceBracketed), bracketed(T.TagTypeBuildDate, date)];
}

const PROTECTION_CHIPS: readonly [prefix: string, value: string][] = [
  ["fd1094", V.TagProtectionFD1094],
  ["fd1089", V.TagProtectionFD1089],
  ["8751", V.TagProtection8751],
  ["mc-8123", V.TagProtectionMC8123],
  ["mc8123", V.TagProtectionMC8123],
];

/** An arcade protection chip with its serial ("fd1094-317-0060") → protection:<chip>. */
export function parseProtectionChip(normalized: string): CanonicalTag[] | undefined {
  const chip = PROTECTION_CHIPS.find(([prefix]) => normalized.startsWith(prefix));
  return chip ? [bracketed(T.TagTypeProtection, chip[1])] : undefined;
}
