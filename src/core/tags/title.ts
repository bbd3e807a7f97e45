/**
 * Display titles from file names: the extension, scene artifacts (after a year only, so "Cam (2018)" keeps
 * "Cam"), episode markers, optionally a list number, and bracket groups removed; dotted / underscored /
 * dashed names without spaces read as words ("super_mario_bros" → "super mario bros").
 */
import { MediaTypeGame, stripMetadataBrackets, type MediaType } from "../slugs/index.ts";
import { fields, trimSpace } from "../slugs/go-strings.ts";
import { utf8Length } from "./chars.ts";
import { cachedNormalizeTag } from "./normalize-tag.ts";
import { parseHtgdbPatchSuffix } from "./patches.ts";
import { RELEASE_GROUP, stripSceneArtifacts } from "./scene-artifacts.ts";
import { removeSeasonEpisode } from "./season-episode.ts";
import { parseStructuralSetTag } from "./structural.ts";
import { TagSourceBracketed } from "./types.ts";
import { findUnbracketedYear, stripLeadingNumberPrefix } from "./years.ts";

const CLOSERS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };

/** Bracket groups removed, except structural ones ("(Disc 1)", "(Disk 2 of 4)") which stay. */
function stripBracketsKeepingStructural(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const open = s[i]!;
    const close = CLOSERS[open];
    if (close === undefined) {
      out += open;
      continue;
    }
    const start = i;
    let depth = 1;
    for (i++; i < s.length; i++) {
      if (s[i] === open) depth++;
      else if (s[i] === close && --depth === 0) {
        if (parseStructuralSetTag(cachedNormalizeTag(s.slice(start + 1, i)), TagSourceBracketed)) out += s.slice(start, i + 1);
        break;
      }
    }
  }
  return trimSpace(out);
}

const count = (s: string, c: string): number => {
  let n = 0;
  for (let i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) n++;
  return n;
};

function parseFilenameTitle(
  filename: string,
  stripLeadingNumbers: boolean,
  keepStructural: boolean,
  mediaType: MediaType | "",
): string {
  let title = filename;
  if (mediaType === "" || mediaType === MediaTypeGame) {
    const patched = parseHtgdbPatchSuffix(title);
    if (patched) title = patched.remaining;
  }
  const dot = title.lastIndexOf(".");
  if (dot > 0) {
    const ext = title.slice(dot + 1);
    const n = utf8Length(ext);
    if (n >= 2 && n <= 4 && !ext.includes(" ")) title = title.slice(0, dot);
  }
  title = title.replace(RELEASE_GROUP, "");
  if (!title.includes(" ") && (count(title, ".") >= 2 || count(title, "_") + count(title, "-") >= 2)) {
    title = title.replace(/[._-]/g, " ");
  }
  const year = findUnbracketedYear(title);
  title = year ? title.slice(0, year.end) + stripSceneArtifacts(title.slice(year.end)) : stripSceneArtifacts(title);
  title = removeSeasonEpisode(title);
  if (stripLeadingNumbers) title = trimSpace(stripLeadingNumberPrefix(title));
  title = trimSpace(keepStructural ? stripBracketsKeepingStructural(title) : stripMetadataBrackets(title));
  return fields(title).join(" ");
}

/** The title a file is indexed under (game rules). */
export function parseTitleFromFilename(filename: string, stripLeadingNumbers: boolean): string {
  return parseFilenameTitle(filename, stripLeadingNumbers, false, MediaTypeGame);
}

/** The title a file is indexed under, with the cleanup of its media type. */
export function parseTitleFromFilenameForMedia(
  filename: string,
  stripLeadingNumbers: boolean,
  mediaType: MediaType | "",
): string {
  return parseFilenameTitle(filename, stripLeadingNumbers, false, mediaType);
}

/** A per-file display title: as the title, but structural set markers ("(Disc 1)") kept. */
export function parseDisplayTitleFromFilename(filename: string, stripLeadingNumbers: boolean): string {
  return parseFilenameTitle(filename, stripLeadingNumbers, true, MediaTypeGame);
}

export function parseDisplayTitleFromFilenameForMedia(
  filename: string,
  stripLeadingNumbers: boolean,
  mediaType: MediaType | "",
): string {
  return parseFilenameTitle(filename, stripLeadingNumbers, true, mediaType);
}
