/**
 * A standalone "Version" / "Edition" word (or its German, Italian, Portuguese, Japanese form) after white
 * space and before an opening bracket or the end: "Pokemon Red Version (USA)".
 */
import { isRegexSpace } from "./chars.ts";
import { editionWords } from "./words.ts";

/** A cheap test: one of the words after white space, ASCII letters in any case. */
const GATE = new RegExp(`[\\t\\n\\f\\r ](?:${editionWords.join("|")})`, "i");

/** s holds w at i, ASCII capitals matching w's lower-case letters. */
function foldedAt(s: string, i: number, w: string): boolean {
  if (i + w.length > s.length) return false;
  for (let j = 0; j < w.length; j++) {
    const a = s.charCodeAt(i + j);
    const b = w.charCodeAt(j);
    if (a !== b && !(a >= 0x41 && a <= 0x5a && a + 0x20 === b)) return false;
  }
  return true;
}

function tailOk(s: string, p: number): boolean {
  while (p < s.length && isRegexSpace(s.charCodeAt(p))) p++;
  if (p === s.length) return true;
  const c = s[p];
  return c === "(" || c === "[" || c === "{" || c === "<";
}

/** The edition word found (lower case), if any. */
export function findEditionWord(s: string): string | undefined {
  if (!GATE.test(s)) return undefined;
  for (let i = 1; i < s.length; i++) {
    if (!isRegexSpace(s.charCodeAt(i - 1))) continue;
    for (const w of editionWords) {
      if (foldedAt(s, i, w) && tailOk(s, i + w.length)) return w;
    }
  }
  return undefined;
}
