/**
 * Typographic punctuation as its ASCII form (curly quotes and primes, grave and acute accents used as
 * apostrophes, dashes, the ellipsis), so that later stages see one form of each. Pure.
 */
import tables from "./tables.json" with { type: "json" };

const MAP: Readonly<Record<string, string>> = tables.punctuation;
const ANY = new RegExp(`[${Object.keys(MAP).join("")}]`, "g");

/** `NormalizePunctuation`. */
export function normalizePunctuation(s: string): string {
  ANY.lastIndex = 0;
  if (!ANY.test(s)) return s;
  return s.replace(ANY, (c) => MAP[c] ?? c);
}
