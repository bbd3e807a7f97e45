/**
 * Music album titles, conservatively: format / quality / source tags, disc numbers and the release group
 * removed, separators as spaces, bracketed metadata (years too) removed, only the very first article dropped;
 * artist names stay (many albums share a title). "The Beatles - Abbey Road (1969)" → "Beatles Abbey Road". Pure.
 */
import { stripLeadingArticle, stripTrailingArticle } from "./articles.ts";
import { stripMetadataBrackets } from "./brackets.ts";
import { trimSpace } from "./go-strings.ts";
import { goRegExp, removeAll } from "./go-regex.ts";
import { normalizeDotSeparators, removeEach, SCENE_GROUP } from "./scene-tags.ts";
import { normalizeWidth } from "./width.ts";

const FORMAT = goRegExp(String.raw`(?i)\b(flac|mp3|aac|alac|ape|wav|ogg|wma|m4a|opus)\b`, true);
const QUALITY = goRegExp(
  String.raw`(?i)\b(v[0-9]|320|256|192|128|cbr|vbr|abr|lame[0-9.]*|ape|apx|aps|` +
    String.raw`24bit|16bit|96khz|88\.2khz|48khz|44\.1khz|44khz|` +
    String.raw`24-96|24-88|24-48|24-44|16-44)\b`,
  true,
);
const SOURCE = goRegExp(String.raw`(?i)\b(cd|web|vinyl|sacd|dvd|blu-?ray|dat|cassette|tape|radio|fm|live|bootleg)\b`, true);
const DISC = goRegExp(String.raw`(?i)\b(cd|disc)\s*\d{1,2}\b`, true);
const SPACES = goRegExp(String.raw`\s+`, true);

/** `StripMusicSceneTags`: format, quality, source tags, disc numbers and the trailing group removed. */
export function stripMusicSceneTags(s: string): string {
  return removeEach(s, [FORMAT, QUALITY, SOURCE, DISC, SCENE_GROUP]);
}

/** Dots (outside dates and episode markers), underscores and dashes as spaces. */
function normalizeMusicSeparators(input: string): string {
  const s = trimSpace(normalizeDotSeparators(input));
  return trimSpace(trimSpace(s.replaceAll("_", " ")).replaceAll("-", " "));
}

/** `ParseMusic`. */
export function parseMusic(title: string): string {
  let s = trimSpace(normalizeWidth(title));
  s = trimSpace(stripMusicSceneTags(s));
  s = trimSpace(normalizeMusicSeparators(s));
  s = trimSpace(stripMetadataBrackets(s));
  s = trimSpace(removeAll(s, DISC));
  s = trimSpace(stripLeadingArticle(s));
  s = trimSpace(stripTrailingArticle(s));
  return trimSpace(s.replace(SPACES, " "));
}
