import type { MediaItem } from "../media-types.ts";

/**
 * `disambiguatingTags` of items sharing a title: each item's tags that not every item of the group carries
 * (the region, revision or disc telling them apart); left out when there are none.
 */
export function disambiguate(group: MediaItem[]): void {
  if (group.length < 2) return;
  const [first, ...others] = group as [MediaItem, ...MediaItem[]];
  const common = first.tags.filter((t) => others.every((o) => o.tags.includes(t)));
  for (const item of group) {
    const own = item.tags.filter((t) => !common.includes(t));
    if (own.length > 0) item.disambiguatingTags = own;
  }
}
