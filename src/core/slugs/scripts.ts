/**
 * Writing systems: which one a title is in decides how it is normalized and whether its slug keeps its own
 * letters. The values are the reference's (`ScriptType`, numbered in its order). Pure.
 */

export const ScriptLatin = 0;
export const ScriptCJK = 1;
export const ScriptCyrillic = 2;
export const ScriptGreek = 3;
export const ScriptIndic = 4;
export const ScriptArabic = 5;
export const ScriptHebrew = 6;
export const ScriptThai = 7;
export const ScriptBurmese = 8;
export const ScriptKhmer = 9;
export const ScriptLao = 10;
export const ScriptAmharic = 11;

export type ScriptType =
  | typeof ScriptLatin
  | typeof ScriptCJK
  | typeof ScriptCyrillic
  | typeof ScriptGreek
  | typeof ScriptIndic
  | typeof ScriptArabic
  | typeof ScriptHebrew
  | typeof ScriptThai
  | typeof ScriptBurmese
  | typeof ScriptKhmer
  | typeof ScriptLao
  | typeof ScriptAmharic;

/** Code point ranges [first, last, script]; all lie in the BMP below the surrogates, and none overlap. */
const RANGES: readonly (readonly [number, number, ScriptType])[] = [
  [0x4e00, 0x9fff, ScriptCJK], // CJK unified ideographs
  [0x3400, 0x4dbf, ScriptCJK], // CJK extension A
  [0x3040, 0x309f, ScriptCJK], // hiragana
  [0x30a0, 0x30ff, ScriptCJK], // katakana (with the prolonged sound mark and middle dot)
  [0xac00, 0xd7a3, ScriptCJK], // hangul syllables
  [0x3005, 0x3005, ScriptCJK], // ideographic iteration mark
  [0x0400, 0x04ff, ScriptCyrillic],
  // Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala: one contiguous run
  [0x0900, 0x0dff, ScriptIndic],
  [0x0600, 0x06ff, ScriptArabic],
  [0x0e00, 0x0e7f, ScriptThai],
  [0x0370, 0x03ff, ScriptGreek],
  [0x0590, 0x05ff, ScriptHebrew],
  [0x1000, 0x109f, ScriptBurmese],
  [0x1780, 0x17ff, ScriptKhmer],
  [0x0e80, 0x0eff, ScriptLao],
  [0x1200, 0x137f, ScriptAmharic],
];

/** The script of one UTF-16 code unit, or -1 when it marks none. */
function scriptOf(c: number): ScriptType | -1 {
  if (c < 0x370) return -1;
  for (const [first, last, script] of RANGES) if (c >= first && c <= last) return script;
  return -1;
}

/** `DetectScript`: the script of the first character that marks one; Latin when none does. */
export function detectScript(s: string): ScriptType {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    const script = scriptOf(c);
    if (script !== -1) return script;
  }
  return ScriptLatin;
}

/** Scripts whose slug keeps their own letters (every script but Latin). */
export const needsUnicodeSlug = (script: ScriptType): boolean => script !== ScriptLatin;

/** Scripts written without spaces between words, matched by character n-grams. */
export const needsNGramMatching = (script: ScriptType): boolean =>
  script === ScriptThai || script === ScriptBurmese || script === ScriptKhmer || script === ScriptLao;

export const isThai = (s: string): boolean => detectScript(s) === ScriptThai;
export const isBurmese = (s: string): boolean => detectScript(s) === ScriptBurmese;
export const isKhmer = (s: string): boolean => detectScript(s) === ScriptKhmer;
export const isLao = (s: string): boolean => detectScript(s) === ScriptLao;
