/**
 * Paren groups that no keyword maps: admin noise and catalog numbers (dropped), editions, "… classics",
 * "…-hack", "…-crack", "… translation", "set N", "side N of M", "… version" phrases, structural groups; then
 * the positional and company-name fallbacks.
 */
import * as T from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { runeCount } from "./chars.ts";
import { normalizeCompanyName } from "./company-name.ts";
import { mapFilenameTagToCanonical } from "./mappings.ts";
import { normalizeStructuralNumber, parseSideOfToken } from "./structural.ts";
import { bracketed, withSource, TagSourceBracketed, type CanonicalTag, type TagSource } from "./types.ts";
import { adminNoiseSubstrings, editionQualifiers, editionSuffixFallbacks, structuralPrefixes } from "./words.ts";

/** A classification: the tags to emit (possibly none), or undefined when the group is not recognized. */
export type Classified = CanonicalTag[] | undefined;

const CATALOG_NUMBER = /^[a-z]{1,5}-?\d{2,}[a-z0-9-]*$/;
const VERSION_WORDS: ReadonlySet<string> = new Set(["version", "versione", "versao"]);

/** The edition tag of a group ending in an edition word, its qualifier ("special", "collectors") before it. */
export function resolveEditionTag(qualifier: string, suffix: string, source: TagSource): CanonicalTag {
  const known = editionQualifiers.get(qualifier);
  const value = known ?? (editionSuffixFallbacks.get(suffix) || V.TagEditionEdition);
  return { type: T.TagTypeEdition, value, source };
}

/** For "<qualifier>-<edition word>" / "…-classics" groups: their tag; undefined otherwise. */
export function editionOrClassics(tokens: readonly string[]): CanonicalTag | undefined {
  if (tokens.length < 2) return undefined;
  const last = tokens[tokens.length - 1]!;
  if (editionSuffixFallbacks.has(last)) {
    let qualifier = tokens.slice(0, -1).join("-");
    if (qualifier.startsWith("the-")) qualifier = qualifier.slice(4);
    return resolveEditionTag(qualifier, last, TagSourceBracketed);
  }
  if (last === "classics") return bracketed(T.TagTypeRelease, V.TagReleaseClassics);
  return undefined;
}

export function classifyUnmappedParen(normalized: string): Classified {
  if (normalized === "unknown" || normalized === "untitled") return [];
  if (adminNoiseSubstrings.some((sub) => normalized.includes(sub))) return [];
  if (CATALOG_NUMBER.test(normalized)) return [];

  const tokens = normalized.split("-");
  const last = tokens[tokens.length - 1]!;
  const first = tokens[0]!;
  const qualifier = editionQualifiers.get(normalized);
  if (qualifier !== undefined) return [bracketed(T.TagTypeEdition, qualifier)];
  const edition = editionOrClassics(tokens);
  if (edition) return [edition];
  if (last === "classics") return [bracketed(T.TagTypeRelease, V.TagReleaseClassics)];
  if (last === "hack" && tokens.length >= 2) return [bracketed(T.TagTypeUnlicensed, V.TagUnlicensedHack)];
  if (last === "crack" && tokens.length >= 2) return [bracketed(T.TagTypeDump, V.TagDumpCracked)];
  if (last === "translation") {
    const out = [bracketed(T.TagTypeUnlicensed, V.TagUnlicensedTranslation)];
    if (tokens.length >= 2) {
      for (const t of mapFilenameTagToCanonical(tokens.slice(0, -1).join("-"))) {
        if (t.type === T.TagTypeLang) out.push(bracketed(t.type, t.value));
      }
    }
    return out;
  }
  if (first === "set" && tokens.length >= 2) {
    const n = normalizeStructuralNumber(tokens[1]!);
    if (n !== undefined) return [bracketed(T.TagTypeSet, n)];
  }
  const sideOf = parseSideOfToken(normalized, TagSourceBracketed);
  if (sideOf) return sideOf;
  const versionAt = tokens.findIndex((t) => VERSION_WORDS.has(t));
  if (versionAt >= 0) {
    if (versionAt > 0) {
      const mapped = mapFilenameTagToCanonical(tokens.slice(0, versionAt).join("-"));
      if (mapped.length > 0) return withSource(mapped, TagSourceBracketed);
    }
    return [];
  }
  if (structuralPrefixes.has(first) && tokens.length >= 2) return [];
  return undefined;
}

/** 2–50 characters with at least two ASCII letters: plausibly a company or developer credit. */
export function looksLikeCompanyName(normalized: string): boolean {
  let letters = 0;
  for (let i = 0; i < normalized.length; i++) {
    const c = normalized.charCodeAt(i);
    if (c >= 0x61 && c <= 0x7a) letters++;
  }
  const n = runeCount(normalized);
  return n >= 2 && n <= 50 && letters >= 2;
}

/**
 * A paren or comma token no keyword maps: classified if it can be; else a publisher when it is the first
 * group after a "(YYYY)" year (TOSEC order), a credit when it looks like a company name, else unknown.
 */
export function classifyLooseParenToken(norm: string, raw: string, index: number, yearExtracted: boolean): CanonicalTag[] {
  const classified = classifyUnmappedParen(norm);
  if (classified) return classified;
  if (index === 0 && yearExtracted) return [bracketed(T.TagTypePublisher, normalizeCompanyName(raw))];
  if (looksLikeCompanyName(norm)) return [bracketed(T.TagTypeCredit, normalizeCompanyName(raw))];
  return [bracketed(T.TagTypeUnknown, norm)];
}
