/**
 * Regular expressions written in Go's RE2 syntax, compiled to JavaScript ones that match the same text.
 * JavaScript's backtracking picks the same (leftmost-first) match as RE2 for these patterns; what differs is the
 * character classes: Go's `\s` is ASCII white space without \v (JavaScript's includes NBSP, BOM…), and Go's
 * `(?i)` folds "k" with the Kelvin sign and "s" with the long s, which JavaScript's `i` flag (without `u`) does not.
 * So `\s` becomes an explicit class, and after a top-level `(?i)` every ASCII letter becomes the class of its
 * case-fold orbit; `\b` and `\d` are ASCII in both. Patterns are compiled once, at module load.
 */

const SPACE_BODY = "\\t\\n\\f\\r ";

function isAsciiLetter(ch: string): boolean {
  const c = ch.charCodeAt(0) | 0x20;
  return ch.length === 1 && c >= 0x61 && c <= 0x7a;
}

/** The members of an ASCII letter's case-fold orbit, as class body text. */
function foldOrbit(ch: string): string {
  const lower = ch.toLowerCase();
  const upper = ch.toUpperCase();
  if (lower === "k") return "kK\\u212A";
  if (lower === "s") return "sS\\u017F";
  return lower + upper;
}

/** A letter range inside a class, folded; only whole-alphabet ranges occur in the patterns compiled here. */
function foldRange(lo: string, hi: string): string {
  if ((lo === "A" && hi === "Z") || (lo === "a" && hi === "z")) return "A-Za-z\\u017F\\u212A";
  throw new Error(`go-regex: unsupported case-folded range ${lo}-${hi}`);
}

/** A Go regular expression (RE2 syntax, as used by the title parsers) as a JavaScript RegExp. */
export function goRegExp(source: string, global = false): RegExp {
  let out = "";
  let fold = false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (!inClass && source.startsWith("(?i)", i)) {
      fold = true;
      i += 3;
      continue;
    }
    if (ch === "\\") {
      const esc = source.charAt(++i);
      if (esc === "s") out += inClass ? SPACE_BODY : `[${SPACE_BODY}]`;
      else out += `\\${esc}`;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      if (fold && isAsciiLetter(ch)) {
        if (source.charAt(i + 1) === "-" && isAsciiLetter(source.charAt(i + 2))) {
          out += foldRange(ch, source.charAt(i + 2));
          i += 2;
        } else out += foldOrbit(ch);
        continue;
      }
      out += ch;
      continue;
    }
    if (ch === "[") inClass = true;
    out += fold && isAsciiLetter(ch) ? `[${foldOrbit(ch)}]` : ch;
  }
  return new RegExp(out, global ? "g" : "");
}

/** Every match of a global pattern removed (Go's `ReplaceAllString(s, "")`). */
export function removeAll(s: string, re: RegExp): string {
  re.lastIndex = 0;
  return re.test(s) ? s.replace(re, "") : s;
}
