/**
 * The canonical tag vocabulary the media database is seeded with: every tag type and its known values
 * (types with open-ended values have none), and the utility tags (data/canonical-definitions.json).
 */
import data from "./data/canonical-definitions.json" with { type: "json" };
import { TagSourceUnknown, type CanonicalTag, type TagType, type TagValue } from "./types.ts";

export const canonicalTagDefinitions: Readonly<Record<TagType, readonly TagValue[]>> = data.definitions;

export const utilityTags: readonly CanonicalTag[] = data.utility.map(([type, value]) => ({
  type: type!,
  value: value!,
  source: TagSourceUnknown,
}));
