/**
 * Scene-release file names ("Show.Name.S01E02.1080p.BluRay.x264-GROUP"): their quality, source, codec, audio
 * and release tags, the trailing release group, and dots used as word separators. Pure.
 */
import { trimSpace } from "./go-strings.ts";
import { goRegExp, removeAll } from "./go-regex.ts";

export const SCENE_QUALITY = goRegExp(String.raw`(?i)\b(480p|576p|720p|1080p|2160p|4k|hd|sd|uhd)\b`, true);
export const SCENE_SOURCE = goRegExp(
  String.raw`(?i)\b(bluray|bdrip|brrip|webrip|web-dl|webdl|hdtv|dvdrip|bdremux|remux|hdcam|cam|telesync|ts|tc)\b`,
  true,
);
export const SCENE_CODEC = goRegExp(String.raw`(?i)\b(x264|x265|h\.?264|h\.?265|hevc|xvid|avc|vc-1|10bit|8bit)\b`, true);
export const SCENE_AUDIO = goRegExp(
  String.raw`(?i)\b(` +
    String.raw`dts-hd\.?ma\.?[257]\.[01]|dts-hd\.?ma|` +
    String.raw`dts-hd\.?hra\.?[257]\.[01]|dts-hd\.?hra|` +
    String.raw`dts-hd|dts-es|dts-x|dts\.?[257]\.[01]|dts|` +
    String.raw`truehd\.?[257]\.[01]|truehd|` +
    String.raw`ddp?[257]\.[01]|dd\+?|ddp|` +
    String.raw`aac[257]\.[01]|aac|ac3|` +
    String.raw`flac|pcm|lpcm|` +
    String.raw`atmos|ma|hra|es|` +
    String.raw`[257]\.[01]|5\.1|7\.1|2\.0)\b`,
  true,
);
const SCENE_MISC = goRegExp(
  String.raw`(?i)\b(proper|repack|internal|limited|extended|unrated|directors?\.?cut|remastered|multi|korsub)\b`,
  true,
);
/** A trailing "-GROUP": two letters, then letters or digits (so "-15" and "-S01E02" are not groups). */
export const SCENE_GROUP = goRegExp(String.raw`-(?i)[A-Z]{2}[A-Z0-9]*$`, true);

/** Each pattern's matches removed in turn, the string trimmed after each. */
export function removeEach(s: string, patterns: readonly RegExp[]): string {
  let out = s;
  for (const re of patterns) out = trimSpace(removeAll(out, re));
  return out;
}

/** `StripSceneTags`: quality, source, codec, audio, release tags and the trailing group removed. */
export function stripSceneTags(s: string): string {
  return removeEach(s, [SCENE_QUALITY, SCENE_SOURCE, SCENE_CODEC, SCENE_AUDIO, SCENE_MISC, SCENE_GROUP]);
}

const EPISODE_DOT = goRegExp(String.raw`(?i)(S\d+)(\.)(E\d+)`, true);
const DATE_DOTS = goRegExp(String.raw`(\d{2,4})(\.(\d{2})\.(\d{2,4}))`, true);
/** Private-use stand-ins for the dots kept (in "S01.E02" and in dates) while the others become spaces. */
const EPISODE_DOT_MARK = "\uE000";
const DATE_DOT_MARK = "\uE001";

/** `NormalizeDotSeparators`: dots as spaces, except in "S01.E02" markers and dotted dates. */
export function normalizeDotSeparators(input: string): string {
  if (!input.includes(".")) return input;
  let s = input.replace(EPISODE_DOT, `$1${EPISODE_DOT_MARK}$3`);
  s = s.replace(DATE_DOTS, `$1${DATE_DOT_MARK}$3${DATE_DOT_MARK}$4`);
  s = s.replaceAll(".", " ").replaceAll(EPISODE_DOT_MARK, ".").replaceAll(DATE_DOT_MARK, ".");
  return trimSpace(s);
}
