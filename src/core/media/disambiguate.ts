import type { MediaItem } from "../media-types.ts";

/**
 * `disambiguatingTags` of items sharing a title: each item's tags that not every item of the group carries
 * (the region, revision or disc telling them apart); left out when there are none. Plain loops: a search page
 * tells apart dozens of groups, and a callback per tag made garbage for the collector (issue 41).
 */
export function disambiguate(group: readonly MediaItem[]): void {
  if (group.length < 2) return;
  const first = group[0] as MediaItem;
  let alike = true;
  for (const item of group) if (item.tags !== first.tags) alike = false;
  if (alike) return; // one shared tag list: nothing tells them apart
  const common: MediaItem["tags"] = [];
  for (const tag of first.tags) {
    let everywhere = true;
    for (const item of group) if (!item.tags.includes(tag)) everywhere = false;
    if (everywhere) common.push(tag);
  }
  for (const item of group) {
    let own: MediaItem["tags"] | undefined;
    for (const tag of item.tags) if (!common.includes(tag)) (own ??= []).push(tag);
    if (own) item.disambiguatingTags = own;
  }
}
