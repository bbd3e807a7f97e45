/**
 * Tag normalization as zapscript does it (go-zapscript NormalizeTag), applied to a tag's type and its value
 * separately: trimmed, no spaces around colons, lower case, spaces and periods as dashes, only a-z 0-9 and
 * `: , + -` kept, runs of dashes collapsed.
 */
import { toLowerGo, trimSpace } from "../slugs/go-strings.ts";
import { memoize } from "./memo.ts";

const COLON_SPACING = /[\t\n\f\r ]*:[\t\n\f\r ]*/g;
const DISALLOWED = /[^a-z0-9:,+-]/g;
const DASH_RUNS = /-{2,}/g;
const PLAIN = /^[a-z0-9:,+-]*$/;

export function normalizeTag(s: string): string {
  let out = trimSpace(s);
  if (PLAIN.test(out)) return out.includes("--") ? out.replace(DASH_RUNS, "-") : out;
  out = out.replace(COLON_SPACING, ":");
  out = toLowerGo(out).replaceAll(" ", "-").replaceAll(".", "-");
  return out.replace(DISALLOWED, "").replace(DASH_RUNS, "-");
}

/** {@link normalizeTag}, remembered: the bracket vocabulary of a library is small and repeats. */
export const cachedNormalizeTag: (s: string) => string = memoize(normalizeTag);
