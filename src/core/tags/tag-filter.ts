/**
 * Tag filters as zapscript carries them (go-zapscript TagFilter): `type:value` with an operator, AND (must
 * have, the default or `+`), NOT (`-`, must not have), OR (`~`, at least one of the OR filters).
 */
import { trimSpace } from "../slugs/go-strings.ts";
import { normalizeTag } from "./normalize-tag.ts";

export const TagOperatorAND = "AND";
export const TagOperatorNOT = "NOT";
export const TagOperatorOR = "OR";
export type TagOperator = typeof TagOperatorAND | typeof TagOperatorNOT | typeof TagOperatorOR;

export interface TagFilter {
  readonly type: string;
  readonly value: string;
  readonly operator: TagOperator;
}

export class TagFilterError extends Error {
  override name = "TagFilterError";
}

const PREFIX_OPERATORS: Readonly<Record<string, TagOperator>> = {
  "+": TagOperatorAND,
  "-": TagOperatorNOT,
  "~": TagOperatorOR,
};

/**
 * Reads a comma-separated filter list ("region:usa,-unfinished:demo,~lang:en"): each entry normalized,
 * duplicates (same type, value and operator) dropped, order kept. Throws {@link TagFilterError} on an entry
 * without a colon or one whose type or value normalizes to nothing.
 */
export function parseTagFilters(raw: string): TagFilter[] {
  if (raw === "") return [];
  const seen = new Set<string>();
  const out: TagFilter[] = [];
  for (const entry of raw.split(",")) {
    let text = trimSpace(entry);
    if (text === "") continue;
    const operator = PREFIX_OPERATORS[text[0]!];
    if (operator !== undefined) text = text.slice(1);
    const colon = text.indexOf(":");
    if (colon < 0) throw new TagFilterError(`invalid tag format for ${JSON.stringify(entry)}: must be in 'type:value' format`);
    const type = normalizeTag(trimSpace(text.slice(0, colon)));
    const value = normalizeTag(trimSpace(text.slice(colon + 1)));
    if (type === "" || value === "") {
      throw new TagFilterError(`invalid tag ${JSON.stringify(entry)}: type and value cannot be empty after normalization`);
    }
    const filter: TagFilter = { type, value, operator: operator ?? TagOperatorAND };
    const key = `${type}\u0000${value}\u0000${filter.operator}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(filter);
    }
  }
  return out;
}
