/**
 * The first pass over a file name: patterns read from the whole name before its bracket groups are split
 * (patch brackets, "(Disc 1 of 2)", "(Rev A)", "(Vol. 2)", "(v1.1)", "(1995)", S01E02, "#47", "01 - ",
 * bare "T+Eng", bare "v1.0", "Version" / "Edition" words). Patterns that do not apply to the media type are
 * skipped. Returns the tags and the name with the consumed patterns taken out.
 */
import { MediaTypeGame, MediaTypeMusic, type MediaType } from "../slugs/index.ts";
import * as T from "./data/tag-types.ts";
import V from "./data/tag-values.json" with { type: "json" };
import { caseInsensitive, isWellFormed, stripLeadingZeros } from "./chars.ts";
import { findDiscPattern } from "./disc-pattern.ts";
import { findEditionWord } from "./edition-word.ts";
import { extractPatchBrackets, parseHtgdbPatchSuffix } from "./patches.ts";
import { findSeasonEpisode, removeSeasonEpisode } from "./season-episode.ts";
import { normalizeStructuralNumber } from "./structural.ts";
import { buildTranslationTags, findBareTranslation } from "./translation.ts";
import { bracketed, inferred, TagSourceInferred, type CanonicalTag } from "./types.ts";
import {
  findBracketedVersion,
  findBracketlessVersion,
  findRevPattern,
  findVolumeNumber,
  removeVolumeNumber,
} from "./version-patterns.ts";
import { findBracketedYear, startsWithYear } from "./years.ts";

const SIDE_VALUES: Readonly<Record<string, string>> = {
  A: V.TagMediaSideA,
  B: V.TagMediaSideB,
  C: V.TagMediaSideC,
  D: V.TagMediaSideD,
};
const VERSION_WORDS: ReadonlySet<string> = new Set(["version", "versione", "versao", "バージョン", "ヴァージョン"]);
const ISSUE_SOURCE = caseInsensitive("#(\\d+)|(?:Issue|No\\.?)[\\t\\n\\f\\r ]*(\\d+)");
const ISSUE = new RegExp(ISSUE_SOURCE);
const ISSUE_ALL = new RegExp(ISSUE_SOURCE, "g");
const TRACK = new RegExp(
  `^(\\d{1,3})[\\t\\n\\f\\r .\\-_]+|${caseInsensitive("^track")}[\\t\\n\\f\\r ]*(\\d{1,3})[\\t\\n\\f\\r .\\-_]+`,
);

const cut = (s: string, start: number, end: number, filler = ""): string => s.slice(0, start) + filler + s.slice(end);

function discTags(s: string): { tags: CanonicalTag[]; remaining: string } | undefined {
  const m = findDiscPattern(s);
  if (!m) return undefined;
  const media = s.slice(m.start, m.start + 5).toLowerCase() === "(disk" ? V.TagMediaDisk : V.TagMediaDisc;
  const tags = [
    bracketed(T.TagTypeMedia, media),
    bracketed(T.TagTypeDisc, normalizeStructuralNumber(s.slice(m.cap1s, m.cap1e)) ?? ""),
    bracketed(T.TagTypeDiscTotal, normalizeStructuralNumber(s.slice(m.cap2s, m.cap2e)) ?? ""),
  ];
  if (m.side !== "") tags.push(bracketed(T.TagTypeMedia, SIDE_VALUES[m.side]!));
  return { tags, remaining: cut(s, m.start, m.end) };
}

export function extractSpecialPatterns(
  filename: string,
  mediaType: MediaType | "" = "",
): { tags: CanonicalTag[]; remaining: string } {
  const tags: CanonicalTag[] = [];
  if (!isWellFormed(filename)) return { tags, remaining: "" };
  let s = filename;
  const anyOr = (mt: MediaType) => mediaType === "" || mediaType === mt;

  if (anyOr(MediaTypeGame)) {
    const patches = extractPatchBrackets(s);
    tags.push(...patches.tags);
    s = patches.remaining;
    const suffix = parseHtgdbPatchSuffix(s);
    if (suffix) {
      tags.push(...suffix.tags);
      s = suffix.remaining;
    }
  }

  const disc = discTags(s);
  if (disc) {
    tags.push(...disc.tags);
    s = disc.remaining;
  }

  const rev = findRevPattern(s);
  if (rev) {
    tags.push(bracketed(T.TagTypeRev, s.slice(rev.cap1s, rev.cap1e).toLowerCase().replaceAll(".", "-")));
    s = cut(s, rev.start, rev.end);
  }

  const volume = findVolumeNumber(s);
  if (volume !== undefined) {
    tags.push(bracketed(T.TagTypeVolume, stripLeadingZeros(volume)));
    s = removeVolumeNumber(s);
  }

  const version = findBracketedVersion(s);
  if (version) {
    tags.push(bracketed(T.TagTypeRev, s.slice(version.cap1s, version.cap1e).replaceAll(".", "-")));
    s = cut(s, version.start, version.end);
  }

  const year = findBracketedYear(s);
  if (year) {
    tags.push(bracketed(T.TagTypeYear, s.slice(year.cap1s, year.cap1e)));
    s = cut(s, year.start, year.end);
  }

  if (mediaType !== MediaTypeGame) {
    const ep = findSeasonEpisode(s);
    if (ep) {
      tags.push(
        inferred(T.TagTypeSeason, stripLeadingZeros(ep.season)),
        inferred(T.TagTypeEpisode, stripLeadingZeros(ep.episode)),
      );
      s = removeSeasonEpisode(s);
    }
  }

  if (mediaType !== MediaTypeGame && mediaType !== MediaTypeMusic) {
    const m = ISSUE.exec(s);
    const issue = m ? m[1] || m[2] || "" : "";
    if (issue !== "") {
      tags.push(inferred(T.TagTypeIssue, stripLeadingZeros(issue)));
      s = s.replace(ISSUE_ALL, " ");
    }
  }

  if (anyOr(MediaTypeMusic)) {
    const m = TRACK.exec(s);
    const track = m ? m[1] || m[2] || "" : "";
    if (track !== "" && !startsWithYear(s)) {
      tags.push(inferred(T.TagTypeTrack, stripLeadingZeros(track)));
      s = s.replace(TRACK, "");
    }
  }

  if (anyOr(MediaTypeGame)) {
    const t = findBareTranslation(s);
    if (t) {
      tags.push(...buildTranslationTags(t.plusMinus, t.lang.toLowerCase(), t.version, TagSourceInferred));
      s = cut(s, t.start, t.end, " ");
    }
  }

  const bare = findBracketlessVersion(s);
  if (bare && !tags.some((t) => t.type === T.TagTypeRev)) {
    tags.push(inferred(T.TagTypeRev, s.slice(bare.cap1s, bare.cap1e).replaceAll(".", "-")));
    s = cut(s, bare.start, bare.end);
  }

  const word = findEditionWord(s);
  if (word !== undefined) {
    tags.push(inferred(T.TagTypeEdition, VERSION_WORDS.has(word) ? V.TagEditionVersion : V.TagEditionEdition));
  }

  return { tags, remaining: s };
}
