/**
 * Tag filters a title query carries: explicit `(type:value)` groups written in the title (with optional +, -, ~
 * operators, several per group separated by commas), and the merge rule giving later sources precedence per type.
 */
import { normalizeTag, normalizeTagValue, TagFilterError } from "./tag-fns.ts";
import { byteLength, goTrimSpace } from "./go-strings.ts";
import type { TagFilter, TagOperator } from "./types.ts";

const MAX_TAGS = 50;
const MAX_TAG_BYTES = 128;
const CANONICAL_TAG_GROUP = /\(([+~-]?)([a-zA-Z][a-zA-Z0-9_-]*):([^)]+)\)/g;
const ASCII_SPACE_RUNS = /[\t\n\f\r ]+/g;
const OPERATOR_PREFIX: Readonly<Record<string, TagOperator>> = { "+": "AND", "-": "NOT", "~": "OR" };

/**
 * Parses `type:value` strings (optional +, -, ~ prefix) into normalized, de-duplicated filters, as the
 * reference's media-database filter parser (`filters.ParseTagFilters`: at most 50 entries of at most 128 bytes,
 * company names normalized for credit types); throws {@link TagFilterError} on a malformed entry.
 */
export function parseTagFilterStrings(entries: readonly string[]): TagFilter[] {
  if (entries.length > MAX_TAGS) throw new TagFilterError(`exceeded maximum number of tags: ${entries.length}`);
  const seen = new Set<string>();
  const out: TagFilter[] = [];
  for (const entry of entries) {
    let text = goTrimSpace(entry);
    if (text === "") continue;
    if (byteLength(text) > MAX_TAG_BYTES) throw new TagFilterError(`tag too long: ${text}`);
    const operator = OPERATOR_PREFIX[text[0] ?? ""] ?? "AND";
    if (text[0] && text[0] in OPERATOR_PREFIX) text = text.slice(1);
    const colon = text.indexOf(":");
    if (colon < 0) throw new TagFilterError(`invalid tag format for ${entry}`);
    const type = normalizeTag(goTrimSpace(text.slice(0, colon)));
    const value = normalizeTagValue(type, goTrimSpace(text.slice(colon + 1)));
    if (type === "" || value === "") throw new TagFilterError(`invalid tag ${entry}`);
    const key = `${type}\u0000${value}\u0000${operator}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ type, value, operator });
  }
  return out;
}

export interface ExtractedTags {
  readonly filters: TagFilter[];
  /** The title with every accepted group removed and white space collapsed. */
  readonly remaining: string;
}

/** Pulls `(type:value)` groups out of a title; groups that do not parse stay in the title. */
export function extractCanonicalTagsFromParens(input: string): ExtractedTags {
  const filters: TagFilter[] = [];
  let remaining = input;
  for (const m of input.matchAll(CANONICAL_TAG_GROUP)) {
    const [whole, op = "", type = "", values = ""] = m;
    let parsed: TagFilter[];
    try {
      parsed = parseTagFilterStrings(`${op}${type}:${values}`.split(","));
    } catch (e) {
      if (e instanceof TagFilterError) continue;
      throw e;
    }
    if (parsed.length === 0) continue;
    filters.push(...parsed);
    const at = remaining.indexOf(whole);
    if (at >= 0) remaining = remaining.slice(0, at) + remaining.slice(at + whole.length);
  }
  return { filters, remaining: goTrimSpace(remaining).replace(ASCII_SPACE_RUNS, " ") };
}

/** Both lists together; where both name a tag type, only `preferred`'s filters of that type are kept. */
export function mergeTagFilters(extracted: readonly TagFilter[], preferred: readonly TagFilter[]): TagFilter[] {
  if (preferred.length === 0) return [...extracted];
  if (extracted.length === 0) return [...preferred];
  const preferredTypes = new Set(preferred.map((f) => f.type));
  return [...preferred, ...extracted.filter((f) => !preferredTypes.has(f.type))];
}
