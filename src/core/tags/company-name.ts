/**
 * Company names as tag values: the words of the name as the slug normalizer reads them, joined by dashes
 * ("Konami Co., Ltd." → "konami-co-ltd"); developer, publisher and credit values are normalized this way.
 */
import { normalizeToWords } from "../slugs/index.ts";
import { TagTypeCredit, TagTypeDeveloper, TagTypePublisher } from "./data/tag-types.ts";
import { memoize } from "./memo.ts";
import { normalizeTag } from "./normalize-tag.ts";
import type { TagValue } from "./types.ts";

function computeCompanyName(raw: string): TagValue {
  const words = normalizeToWords(raw);
  return words.length === 0 ? normalizeTag(raw) : words.join("-");
}

export const normalizeCompanyName: (raw: string) => TagValue = memoize(computeCompanyName);

/** A value normalized for its type: company names for developer / publisher / credit, else as a tag. */
export function normalizeTagValue(tagType: string, raw: string): string {
  switch (normalizeTag(tagType)) {
    case TagTypeDeveloper:
    case TagTypePublisher:
    case TagTypeCredit:
      return normalizeCompanyName(raw);
    default:
      return normalizeTag(raw);
  }
}
