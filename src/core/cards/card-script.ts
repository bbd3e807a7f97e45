import type { ScriptKind } from "../wire/cards.ts";

/** Tag types a title script may name, most important first: the reference's display priority, which is also its disambiguating set. */
const TITLE_TAG_TYPES = [
  "unfinished", "unlicensed", "patch", "region", "video", "disc", "disctotal", "edition", "rev", "arcadeboard", "cabinet",
  "protection", "set", "input", "dump", "alt", "compatibility", "builddate", "lang", "distribution", "media", "addon",
  "release", "year", "players", "developer", "publisher", "copyright", "credit", "track",
];

/**
 * `@System/Title`, then the `tags` (`type:value`) as the reference's title form groups them: one parenthesis per
 * type, types in display priority, its values comma-separated (`(region:eu, region:us)`); a year only
 * when it is four digits; tags of other types left out. Nothing is escaped: the same text the reference's search
 * results offer the phone app to write.
 */
export function titleScript(systemId: string, title: string, tags: readonly string[] = []): string {
  const byType = new Map<string, string[]>();
  const rank = (tag: string) => TITLE_TAG_TYPES.indexOf(tag.slice(0, tag.indexOf(":")));
  for (const tag of [...tags].sort((a, b) => rank(a) - rank(b))) {
    const colon = tag.indexOf(":");
    if (colon <= 0) continue;
    const kind = tag.slice(0, colon);
    const value = tag.slice(colon + 1);
    if (value === "" || !TITLE_TAG_TYPES.includes(kind)) continue;
    if (kind === "year" && !/^\d{4}$/.test(value)) continue;
    const values = byType.get(kind) ?? [];
    if (!values.includes(value)) values.push(value);
    byType.set(kind, values);
  }
  let out = `@${systemId}/${title}`;
  for (const [kind, values] of byType) out += ` (${values.map((v) => `${kind}:${v}`).join(", ")})`;
  return out;
}

/** What a set's tag holds for a game: its title script, or its path as the library's results carry it. */
export function cardScript(kind: ScriptKind, item: { path: string; titleScript: string }): string {
  return kind === "title" ? item.titleScript : item.path;
}
