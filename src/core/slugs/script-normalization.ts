/**
 * Per-script normalization (stage 3 of the pipeline): compatibility composition, then what each script
 * needs for matching: Latin loses its accents and has its special letters spelled out ("ß" → "ss"),
 * Cyrillic and Greek lose their accents, Arabic and Hebrew their optional vowel marks, Thai its tone marks;
 * CJK is only composed (compatibility forms would mangle katakana); Indic keeps its vowel signs. Pure.
 */
import { charMapper, rangeRemover } from "./char-map.ts";
import {
  ScriptAmharic,
  ScriptArabic,
  ScriptBurmese,
  ScriptCJK,
  ScriptCyrillic,
  ScriptGreek,
  ScriptHebrew,
  ScriptIndic,
  ScriptKhmer,
  ScriptLao,
  ScriptLatin,
  ScriptThai,
  type ScriptType,
} from "./scripts.ts";
import tables from "./tables.json" with { type: "json" };

const NONSPACING_MARKS = /\p{Mn}+/gu;

/** Canonical decomposition, every nonspacing mark dropped, then canonical composition. */
export function removeDiacritics(s: string): string {
  return s.normalize("NFD").replace(NONSPACING_MARKS, "").normalize("NFC");
}

const transliterateSpecialLatin = charMapper(tables.latinTransliterations);
const normalizeTurkishLetters = charMapper(tables.turkishLetters);
const normalizeGreekPunctuation = charMapper(tables.greekPunctuation);
const normalizeArabicPunctuation = charMapper(tables.arabicPunctuation);
const normalizeAmharicPunctuation = charMapper(tables.amharicPunctuation);
const removeArabicVowelMarks = rangeRemover(tables.arabicVowelMarks);
const removeHebrewVowelMarks = rangeRemover(tables.hebrewVowelMarks);
const removeThaiToneMarks = rangeRemover(tables.thaiToneMarks);

/** Latin letters that do not decompose are spelled out, accents dropped, Turkish dotless/dotted I made plain. */
function normalizeLatinExtended(s: string): string {
  return normalizeTurkishLetters(removeDiacritics(transliterateSpecialLatin(s)));
}

/** The script-specific normalization of a string already known to be in `script`. */
export function normalizeByScript(s: string, script: ScriptType): string {
  switch (script) {
    case ScriptLatin:
      return normalizeLatinExtended(s.normalize("NFKC"));
    case ScriptCJK:
      return s.normalize("NFC");
    case ScriptCyrillic:
      return removeDiacritics(s.normalize("NFKC"));
    case ScriptGreek:
      return normalizeGreekPunctuation(removeDiacritics(s.normalize("NFKC")));
    case ScriptArabic:
      return normalizeArabicPunctuation(removeArabicVowelMarks(s.normalize("NFKC")));
    case ScriptHebrew:
      return removeHebrewVowelMarks(s.normalize("NFKC"));
    case ScriptThai:
      return removeThaiToneMarks(s.normalize("NFKC"));
    case ScriptAmharic:
      return normalizeAmharicPunctuation(s.normalize("NFKC"));
    case ScriptIndic:
    case ScriptBurmese:
    case ScriptKhmer:
    case ScriptLao:
      return s.normalize("NFKC");
  }
}
