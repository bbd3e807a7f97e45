/**
 * Scene-release artifacts in movie and TV file names (resolution, source, codecs, HDR, scene status, the
 * "-GROUP" suffix), removed from display titles: "The.Dark.Knight.2008.1080p.BluRay.x264-GROUP".
 */
import { caseInsensitive, utf8Length } from "./chars.ts";
import { sceneMarkers } from "./words.ts";

/** The body of RE2's `\s` class, to combine with other characters: `[${WS}.]`. */
const WS = "\\t\\n\\f\\r ";
const words = (alternatives: string): RegExp => new RegExp(caseInsensitive(`\\b(${alternatives})\\b`), "g");
const ARTIFACTS: readonly RegExp[] = [
  words("480p|720p|1080p|2160p|4K|8K|UHD"),
  words(
    `CAM|TS|TC|TELESYNC|TELECINE|SCREENER|SCR|HDTV|PDTV|WEB[${WS}-]?DL|WEBRip|WEBRIP|` +
      `BluRay|BRRip|BDRip|Blu[${WS}-]?ray|Remux|DVDRip|DVDSCR|R5`,
  ),
  words(`x264|x265|h[${WS}.]?264|h[${WS}.]?265|HEVC|AVC|XviD|VP9|AV1`),
  words(`AAC|MP3|AC3|DTS|DD5[${WS}.]?1|DD\\+?5[${WS}.]?1|TrueHD|Atmos|EAC3|FLAC|DTS[${WS}-]?HD`),
  words(`HDR|HDR10|HDR10\\+|DV|Dolby[${WS}.]?Vision`),
  words("PROPER|REPACK|INTERNAL|LIMITED|READNFO|DIRFIX|NFOFIX|UNRATED|EXTENDED"),
];

/** "-GROUP" at the end: a dash and three or more capitals / digits starting with a capital. */
export const RELEASE_GROUP = /-([A-Z][A-Z0-9]{2,})$/;

const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;
const isUpperOrDigit = (c: number): boolean => isUpper(c) || (c >= 0x30 && c <= 0x39);

/** A cheap test: without one of these substrings (or a "-GROUP" end) no artifact can be present. */
function hasSceneMarkers(s: string): boolean {
  for (const m of sceneMarkers) if (s.includes(m)) return true;
  const n = s.length;
  if (n > 0 && isUpper(s.charCodeAt(n - 1)) && (n > 3 || utf8Length(s) > 3)) {
    for (let i = n - 2; i >= 0; i--) {
      const c = s.charCodeAt(i);
      if (c === 0x2d) return true;
      if (!isUpperOrDigit(c)) break;
    }
  }
  return false;
}

export function stripSceneArtifacts(input: string): string {
  if (!hasSceneMarkers(input)) return input;
  let out = input;
  for (const re of ARTIFACTS) out = out.replace(re, " ");
  return out.replace(RELEASE_GROUP, "");
}
