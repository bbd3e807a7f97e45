/**
 * TV show titles: scene tags and dots, bracketed metadata, then the episode marker made canonical
 * (tv-episodes.ts) and moved between show and episode title, so "S01E02 - Show - Title", "Show - 1x02 - Title"
 * and "Show.S01E02.Title.1080p" all become "Show s01e02 Title". Then articles. Pure.
 */
import { splitAndStripArticles, stripTrailingArticle } from "./articles.ts";
import { stripMetadataBrackets } from "./brackets.ts";
import { toLowerGo, trimCutset, trimSpace } from "./go-strings.ts";
import { goRegExp } from "./go-regex.ts";
import { normalizeDotSeparators, stripSceneTags } from "./scene-tags.ts";
import {
  DATE_DMY,
  DATE_YMD,
  normalizeAbsoluteEpisode,
  normalizeDateEpisode,
  normalizeSeasonEpisode,
  SEASON_DOT_EPISODE,
  SEASON_EPISODE,
  SEASON_UNDERSCORE_EPISODE,
  SEASON_X_EPISODE,
} from "./tv-episodes.ts";
import { normalizeWidth } from "./width.ts";

const HAS_SEASON_MARKER = goRegExp(String.raw`\bs\d+e\d+`);
const HAS_ABSOLUTE_MARKER = goRegExp(String.raw`\be\d{2,4}\b`);
const SEASON_MARKER = goRegExp(String.raw`\bs\d+e\d+(?:e\d+)?\b`);
const COMPONENT_DELIMITER = goRegExp(String.raw`\s+[-|]\s+`, true);

/** `ParseTVShow`. */
export function parseTVShow(title: string): string {
  let s = trimSpace(normalizeWidth(title));
  s = trimSpace(stripSceneTags(s));
  s = trimSpace(normalizeDotSeparators(s));
  s = trimSpace(stripMetadataBrackets(s));
  s = trimSpace(normalizeDateEpisode(s));
  for (const pattern of [SEASON_EPISODE, SEASON_X_EPISODE, SEASON_DOT_EPISODE, SEASON_UNDERSCORE_EPISODE]) {
    s = normalizeSeasonEpisode(s, pattern);
  }
  const hasSeason = HAS_SEASON_MARKER.test(toLowerGo(s));
  const hasDate = DATE_YMD.test(s) || DATE_DMY.test(s);
  if (!hasSeason && !hasDate) s = normalizeAbsoluteEpisode(s);
  const hasAbsolute = HAS_ABSOLUTE_MARKER.test(toLowerGo(s));
  if (hasSeason || hasAbsolute || hasDate) s = reorderComponents(s);
  s = trimSpace(splitAndStripArticles(s));
  return trimSpace(stripTrailingArticle(s));
}

/** The first marker: season episode, else a date (year first, then day first), else an absolute number. */
function findMarker(s: string): RegExpExecArray | null {
  return SEASON_MARKER.exec(s) ?? DATE_YMD.exec(s) ?? DATE_DMY.exec(s) ?? HAS_ABSOLUTE_MARKER.exec(s);
}

/** "{show} {marker} {episode title}", wherever the marker was among the " - " / " | " separated parts. */
function reorderComponents(s: string): string {
  const m = findMarker(s);
  if (!m) return s;
  const marker = m[0];
  const before = trimSpace(s.slice(0, m.index));
  const after = m.index + marker.length < s.length ? trimSpace(s.slice(m.index + marker.length)) : "";
  let combined = before;
  if (after !== "") combined = before !== "" ? `${before} - ${after}` : after;
  const parts = combined
    .split(COMPONENT_DELIMITER)
    .map((part) => trimCutset(trimSpace(part), "-|. "))
    .filter((part) => part !== "");
  const [show, ...episodeTitle] = parts;
  if (show === undefined) return marker;
  const result = episodeTitle.length > 0 ? `${show} ${marker} ${episodeTitle.join(" ")}` : `${show} ${marker}`;
  return trimSpace(result);
}
