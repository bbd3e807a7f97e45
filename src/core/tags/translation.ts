/**
 * Fan-translation markers: bracketed "[T+Eng]", "[T-Chi(Big5)100_Kuyagi]", "[TFre v1.2]", and bare "T+Eng",
 * "T-Ger v1.0" standing as a word. A marker gives unlicensed:translation (T-: translation:old), the language,
 * and the translation's version as a revision.
 */
import { TagTypeLang, TagTypeRev, TagTypeUnlicensed } from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { isAsciiLetter, isDigit, isRegexSpace } from "./chars.ts";
import { mapFilenameTagToCanonical } from "./mappings.ts";
import type { CanonicalTag, TagSource } from "./types.ts";
import { langMap } from "./words.ts";

export function buildTranslationTags(
  plusMinus: string,
  langCode: string,
  version: string,
  source: TagSource,
): CanonicalTag[] {
  const lang = langMap.get(langCode) ?? langCode;
  const out: CanonicalTag[] = [
    {
      type: TagTypeUnlicensed,
      value: plusMinus === "-" ? V.TagUnlicensedTranslationOld : V.TagUnlicensedTranslation,
      source,
    },
  ];
  const langTag = mapFilenameTagToCanonical(lang).find((t) => t.type === TagTypeLang);
  if (langTag) out.push({ type: TagTypeLang, value: langTag.value, source });
  if (version !== "") out.push({ type: TagTypeRev, value: version.replaceAll(".", "-"), source });
  return out;
}

const BRACKETED = /^T([+-]?)([A-Za-z]{2,3})(?:[^\n]*?v(\d+(?:\.\d+)*))?/;

/** A bracket's content read as a translation marker: T+ / T- and a language, or T and a 3-letter language. */
export function parseBracketedTranslation(tag: string, source: TagSource): CanonicalTag[] | undefined {
  const m = BRACKETED.exec(tag);
  if (!m) return undefined;
  const plusMinus = m[1]!;
  const lang = m[2]!.toLowerCase();
  if (plusMinus === "" && lang.length !== 3) return undefined;
  return buildTranslationTags(plusMinus, lang, m[3] ?? "", source);
}

export interface BareTranslation {
  /** Bounds of the match, with the one space before it and the separator after it. */
  readonly start: number;
  readonly end: number;
  readonly plusMinus: string;
  readonly lang: string;
  readonly version: string;
}

/** The separator after a marker: white space or "." (consumed), or the end of the text. */
function separatorEnd(s: string, p: number): number {
  if (p === s.length) return p;
  const c = s.charCodeAt(p);
  return isRegexSpace(c) || c === 0x2e ? p + 1 : -1;
}

/** Where a marker's optional " v1.2" and its separator end, from the end of its language code. */
function markerTail(s: string, p: number): { end: number; version: string } | undefined {
  let q = p;
  while (q < s.length && isRegexSpace(s.charCodeAt(q))) q++;
  if (q > p && s[q] === "v") {
    const digits = q + 1;
    let r = digits;
    while (r < s.length && isDigit(s.charCodeAt(r))) r++;
    if (r > digits) {
      const ends = [r];
      while (s[r] === ".") {
        let g = r + 1;
        while (g < s.length && isDigit(s.charCodeAt(g))) g++;
        if (g === r + 1) break;
        ends.push(g);
        r = g;
      }
      for (let k = ends.length - 1; k >= 0; k--) {
        const end = separatorEnd(s, ends[k]!);
        if (end >= 0) return { end, version: s.slice(digits, ends[k]) };
      }
    }
  }
  const end = separatorEnd(s, p);
  return end >= 0 ? { end, version: "" } : undefined;
}

/** The first bare marker: "T+" / "T-" then 2–3 letters, at the start or after white space. */
export function findBareTranslation(s: string): BareTranslation | undefined {
  for (let i = s.indexOf("T"); i >= 0; i = s.indexOf("T", i + 1)) {
    if (i > 0 && !isRegexSpace(s.charCodeAt(i - 1))) continue;
    const sign = s[i + 1];
    if (sign !== "+" && sign !== "-") continue;
    const langStart = i + 2;
    let letters = 0;
    while (letters < 3 && langStart + letters < s.length && isAsciiLetter(s.charCodeAt(langStart + letters))) letters++;
    for (; letters >= 2; letters--) {
      const tail = markerTail(s, langStart + letters);
      if (!tail) continue;
      return {
        start: i > 0 ? i - 1 : i,
        end: tail.end,
        plusMinus: sign,
        lang: s.slice(langStart, langStart + letters),
        version: tail.version,
      };
    }
  }
  return undefined;
}
