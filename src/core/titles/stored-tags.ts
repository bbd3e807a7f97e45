/**
 * Tags as the media database stores and filters them: values padded to four digits in their last numeric
 * segment; only the open-ended types get arbitrary values, every other type keeps a tag only if it is in the
 * pre-seeded vocabulary. Tag filters are matched like the reference's SQL: aliases canonicalized, values padded,
 * AND = must have, NOT = must not have, OR = at least one; `credit` stands for developer, publisher or credit.
 */
import { canonicalizeTagAlias, canonicalTagKeys, padTagValue } from "./tag-fns.ts";
import type { StagedTag } from "./index-row.ts";
import { groupTagFiltersByOperator } from "./tag-match.ts";
import type { TagFilter, TagInfo } from "./types.ts";

/** Types whose values the indexer may create freely (facts of the reference). */
export const DYNAMIC_TAG_TYPES: ReadonlySet<string> = new Set([
  "rev",
  "developer",
  "publisher",
  "credit",
  "builddate",
  "patch",
  "track",
  "extension",
]);

const CREDIT_TYPES: readonly string[] = ["developer", "publisher", "credit"];

/** A stored tag: natural value (what results show), and the padded value filters compare against. */
export interface StoredTag extends TagInfo {
  readonly stored: string;
}

let vocabulary: Set<string> | undefined;

/** The staged tags that get linked, de-duplicated, in staging order. */
export function linkedTags(staged: readonly StagedTag[], known: (key: string) => boolean = isSeededTag): StoredTag[] {
  const out: StoredTag[] = [];
  const seen = new Set<string>();
  for (const t of staged) {
    const stored = padTagValue(t.value);
    const key = `${t.type}:${stored}`;
    if (seen.has(key)) continue;
    if (!DYNAMIC_TAG_TYPES.has(t.type) && !known(key)) continue;
    seen.add(key);
    out.push({ type: t.type, tag: t.value, stored });
  }
  return out;
}

/** Whether "type:paddedValue" is in the reference's seeded tag vocabulary. */
export function isSeededTag(key: string): boolean {
  vocabulary ??= canonicalTagKeys();
  return vocabulary.has(key);
}

interface ResolvedFilter {
  readonly types: readonly string[];
  readonly stored: string;
}

function resolveFilter(f: TagFilter): ResolvedFilter {
  const full = canonicalizeTagAlias(`${f.type}:${f.value}`);
  const colon = full.indexOf(":");
  const type = colon < 0 ? full : full.slice(0, colon);
  const stored = colon < 0 ? "" : padTagValue(full.slice(colon + 1));
  return { types: f.type === "credit" ? CREDIT_TYPES : [type], stored };
}

function holds(tags: readonly StoredTag[], f: ResolvedFilter): boolean {
  return tags.some((t) => t.stored === f.stored && f.types.includes(t.type));
}

/** A predicate over a file's stored tags equivalent to the reference's SQL tag-filter clauses. */
export function storedTagPredicate(filters: readonly TagFilter[]): (tags: readonly StoredTag[]) => boolean {
  if (filters.length === 0) return () => true;
  const { and, not, or } = groupTagFiltersByOperator(filters);
  const all = and.map(resolveFilter);
  const none = not.map(resolveFilter);
  const any = or.map(resolveFilter);
  return (tags) =>
    all.every((f) => holds(tags, f)) &&
    none.every((f) => !holds(tags, f)) &&
    (any.length === 0 || any.some((f) => holds(tags, f)));
}
