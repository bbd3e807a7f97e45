/**
 * Movie titles: scene tags (but not the edition qualifiers "Extended", "Unrated", "Director's Cut"), dots as
 * spaces, trailing "Edition" / "Version" / "Cut" / "Release" words, bracketed metadata (years too: they are
 * tags), articles. "The.Matrix.1999.1080p.BluRay.x264.DTS-WAF" → "Matrix 1999". Pure.
 */
import { splitAndStripArticles, stripTrailingArticle } from "./articles.ts";
import { stripMetadataBrackets } from "./brackets.ts";
import { trimSpace } from "./go-strings.ts";
import { goRegExp } from "./go-regex.ts";
import {
  normalizeDotSeparators,
  removeEach,
  SCENE_AUDIO,
  SCENE_CODEC,
  SCENE_GROUP,
  SCENE_QUALITY,
  SCENE_SOURCE,
} from "./scene-tags.ts";
import { normalizeWidth } from "./width.ts";

const SCENE_HDR = goRegExp(String.raw`(?i)\b(hdr|hdr10|hdr10plus|hdr10\+|dv|dolby\.?vision|hlg)\b`, true);
const SCENE_3D = goRegExp(String.raw`(?i)\b(3d|hsbs|hou|half-sbs|half-ou|sbs|ou)\b`, true);
const MOVIE_MISC = goRegExp(String.raw`(?i)\b(proper|repack|internal|limited|multi|korsub)\b`, true);
const EDITION_SUFFIX = goRegExp(String.raw`(?i)\s+(edition|version|cut|release)$`, true);

/** `StripMovieSceneTags`: scene tags removed, edition qualifiers kept. */
export function stripMovieSceneTags(s: string): string {
  return removeEach(s, [SCENE_QUALITY, SCENE_SOURCE, SCENE_CODEC, SCENE_AUDIO, SCENE_HDR, SCENE_3D, MOVIE_MISC, SCENE_GROUP]);
}

/** Trailing edition words removed until none is left ("Director's Cut Edition" → "Director's"). */
function stripEditionMarkers(input: string): string {
  let s = input;
  for (;;) {
    const before = s;
    s = trimSpace(s.replace(EDITION_SUFFIX, ""));
    if (s === before) return s;
  }
}

/** `ParseMovie`. */
export function parseMovie(title: string): string {
  let s = trimSpace(normalizeWidth(title));
  s = trimSpace(stripMovieSceneTags(s));
  s = trimSpace(normalizeDotSeparators(s));
  s = trimSpace(stripEditionMarkers(s));
  s = trimSpace(stripMetadataBrackets(s));
  s = trimSpace(splitAndStripArticles(s));
  return trimSpace(stripTrailingArticle(s));
}
