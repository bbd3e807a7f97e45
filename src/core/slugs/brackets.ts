/** Metadata in brackets removed: (USA), [!], {Europe}, <Beta>, nested or not. Pure. */
import { trimSpace } from "./go-strings.ts";

const OPENERS = "([{<";
const CLOSERS = ")]}>";
const ANY_BRACKET = /[()[\]{}<>]/;

/**
 * `StripMetadataBrackets`: every character inside any bracket pair dropped, and the brackets. Each bracket kind
 * keeps its own depth; a closer without an opener is dropped too.
 */
export function stripMetadataBrackets(s: string): string {
  if (!ANY_BRACKET.test(s)) return trimSpace(s);
  const depth = [0, 0, 0, 0];
  let open = 0;
  let out = "";
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (!isBracket(code)) continue;
    const ch = s.charAt(i);
    const o = OPENERS.indexOf(ch);
    const c = o < 0 ? CLOSERS.indexOf(ch) : -1;
    if (open === 0) out += s.slice(from, i);
    if (o >= 0) {
      depth[o] = (depth[o] ?? 0) + 1;
      open++;
    } else if ((depth[c] ?? 0) > 0) {
      depth[c] = (depth[c] ?? 0) - 1;
      open--;
    }
    from = i + 1;
  }
  if (open === 0) out += s.slice(from);
  return trimSpace(out);
}

function isBracket(c: number): boolean {
  return c === 0x28 || c === 0x29 || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x3c || c === 0x3e;
}
