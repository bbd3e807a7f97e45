import { DUMP_FLAGS, LANGUAGES, parenWordTags, SQUARE_WORDS, TRANSLATION_LANGUAGES } from "./tag-vocabulary.ts";

/**
 * Titles and tags from media names as the common ROM-set conventions write them:
 * - No-Intro / Redump: `Title (Region, Region) (En,Fr) (Rev 1) (Beta) (Disc 1) [!]`
 * - TOSEC: `Title v1.2 (1995)(Publisher)(US)(Disk 1 of 2)[cr Group][a2]`
 * - GoodTools: `Title (U) [!]`, `Title (JU) [b1]`, `Title (E) [T+Ger]`, `Title (U) [h1C]`
 * The title is the text before the first bracketed group (with a trailing TOSEC version taken off); tags are
 * `type:value` strings in the reference's spelling, each once, in the order found. Unknown groups (publishers,
 * serials, notes) give no tag. Pure: no I/O.
 */
export interface ParsedName {
  title: string;
  tags: readonly string[];
}

const DISC = /^(disc|disk|cd)\s*(\d+|[ivx]+)(?:\s*of\s*(\d+))?$/i;
const REV = /^rev(?:ision)?\s*([0-9a-z][0-9a-z.]*)$/i;
const VERSION = /^v\s?(\d+(?:\.\d+)*[a-z]?)$/i;
const NUMBERED_STATUS = /^(beta|proto|demo)\s*(\d)$/i;
const YEAR = /^(19[7-9]\d|20\d\d)(?:-\d\d(?:-\d\d)?)?$/;
const WILD_YEAR = /^(19|20)([0-9]x|xx)$/i;
const LANGUAGE_CODE = /^[A-Z][a-z]$/;
const SET = /^set\s*(\d+)$/i;
const TRANSLATION = /^T([+-]?)([A-Za-z]{2,3})/;
const DUMP_FLAG = /^(!p|!|cr|tr|[a-z])(\d*)(?:[a-z]{0,2})(?:\s.*)?$/i;
const TRAILING_VERSION = /\s+v(\d+(?:\.\d+)+[a-z]?)$/i;
const ROMAN: Record<string, string> = { i: "1", ii: "2", iii: "3", iv: "4", v: "5", vi: "6", vii: "7", viii: "8", ix: "9", x: "10" };

/** A part of a group as a vocabulary key: lowercase, dots gone, runs of spaces/underscores as one dash. */
function key(part: string): string {
  return part.toLowerCase().replaceAll(".", "").trim().replace(/[\s_]+/g, "-");
}

function parenPartTags(part: string, first: boolean, out: string[]): void {
  let m = DISC.exec(part);
  if (m) {
    const kind = (m[1] as string).toLowerCase();
    const n = ROMAN[(m[2] as string).toLowerCase()] ?? String(Number(m[2]));
    out.push(`media:${kind === "disk" ? "disk" : "disc"}`, `disc:${n}`);
    if (m[3]) out.push(`disctotal:${Number(m[3])}`);
    return;
  }
  if ((m = REV.exec(part))) return void out.push(`rev:${(m[1] as string).toLowerCase().replaceAll(".", "-")}`);
  if ((m = VERSION.exec(part))) return void out.push(`rev:${(m[1] as string).toLowerCase().replaceAll(".", "-")}`);
  if ((m = NUMBERED_STATUS.exec(part))) return void out.push(`unfinished:${(m[1] as string).toLowerCase()}:${m[2]}`);
  if ((m = YEAR.exec(part))) return void out.push(`year:${m[1]}`);
  if (WILD_YEAR.test(part)) return void out.push(`year:${part.toLowerCase()}`);
  if ((m = SET.exec(part))) return void out.push(`set:${Number(m[1])}`);
  // No-Intro language lists are written "En,Fr,De": capital then small, unlike TOSEC's country codes ("DE")
  if (LANGUAGE_CODE.test(part) && LANGUAGES[part.toLowerCase()]) return void out.push(`lang:${part.toLowerCase()}`);
  const tags = parenWordTags(key(part), first);
  if (tags) out.push(...tags);
}

function squareGroupTags(content: string, out: string[]): void {
  const fixed = SQUARE_WORDS[key(content)];
  if (fixed) return void out.push(...fixed);
  let m = TRANSLATION.exec(content);
  if (m) {
    out.push(m[1] === "-" ? "unlicensed:translation:old" : "unlicensed:translation");
    const lang = TRANSLATION_LANGUAGES[(m[2] as string).toLowerCase()];
    if (lang) out.push(`lang:${lang}`);
    return;
  }
  if ((m = DUMP_FLAG.exec(content))) {
    const flag = (m[1] as string).toLowerCase();
    if (flag === "tr") return void out.push("dump:translated");
    const value = DUMP_FLAGS[flag];
    if (value) out.push(`dump:${value}`);
  }
}

/**
 * Tags of recent groups, a name's first parenthesised group apart from the others: sets repeat a handful of
 * groups ("(USA)", "[!]") over thousands of names.
 */
const firstGroupCache = new Map<string, readonly string[]>();
const groupCache = new Map<string, readonly string[]>();
const GROUP_CACHE_MAX = 4096;

/** The tags of a group, `group` its text with the brackets ("(USA, Europe)"). */
function groupTags(group: string, first: boolean): readonly string[] {
  const cache = first ? firstGroupCache : groupCache;
  let tags = cache.get(group);
  if (!tags) {
    const out: string[] = [];
    const content = group.slice(1, -1).trim();
    if (group[0] === "(") {
      for (const part of content.split(",")) {
        const p = part.trim();
        if (p) parenPartTags(p, first, out);
      }
    } else if (group[0] === "[") {
      squareGroupTags(content, out);
    }
    tags = [...new Set(out)];
    if (cache.size >= GROUP_CACHE_MAX) cache.clear();
    cache.set(group, tags);
  }
  return tags;
}

const OTHER_SPACE = /[^\S ]/;
/** The closing bracket of "(", "[" and "{" by char code; 0 for any other character. */
function closing(c: number): string {
  return c === 40 ? ")" : c === 91 ? "]" : c === 123 ? "}" : "";
}

/** What a name's groups give: their tags, and the text outside them (a title when the name has no other). */
interface ParsedTail {
  tags: readonly string[];
  text: string;
}

/**
 * Recent tails (a name from its first group on, "(USA) (Rev 1) [!]"): names of a set share a few hundred of
 * them, so most names cost one look-up instead of one per group.
 */
const tailCache = new Map<string, ParsedTail>();
const TAIL_CACHE_MAX = 4096;
const NO_TAGS: readonly string[] = Object.freeze([]);

/** Parses a tail: `tail` starts with a bracket that is closed later in it. */
function parseTail(tail: string): ParsedTail {
  let out: string[] | null = null;
  let parenIndex = 0;
  let rest = "";
  let from = 0;
  for (let i = 0; i < tail.length; i++) {
    const close = closing(tail.charCodeAt(i));
    if (!close) continue;
    const end = tail.indexOf(close, i + 1);
    if (end < 0) break;
    if (i > 0) rest += tail.slice(from, i);
    from = end + 1;
    const tags = groupTags(tail.slice(i, end + 1), close === ")" && parenIndex++ === 0);
    if (tags.length) {
      if (out === null) out = [...tags];
      else for (const t of tags) if (!out.includes(t)) out.push(t);
    }
    i = end;
  }
  return { tags: out ? Object.freeze(out) : NO_TAGS, text: rest + tail.slice(from) };
}

/** The tail of a name from `titleEnd` on, parsed (through the cache of recent tails). */
function cachedTail(name: string, titleEnd: number): ParsedTail {
  const key = name.slice(titleEnd);
  let tail = tailCache.get(key);
  if (!tail) {
    tail = parseTail(key);
    if (tailCache.size >= TAIL_CACHE_MAX) tailCache.clear();
    tailCache.set(key, tail);
  }
  return tail;
}

/**
 * What the last `titlePart` call found besides the title, read right after it: where the title part ends (the
 * first bracket, if it is closed; -1: none) and its trailing TOSEC version (" v1.2", taken off the title; null
 * when there is none). Not an object per call: an index run reads 250k titles, a search page hundreds, and each
 * object is garbage the collector pauses for (issue 41).
 */
let partEnd = -1;
let partVersion: string | null = null;

/**
 * A name's title part (and partEnd, partVersion); the name is `text` up to `length` (a file name less its
 * extension: the title part is read without cutting it first).
 */
function titlePart(text: string, length = text.length): string {
  // one pass up to the first bracket: where it is, and whether the title may need its white space folded or may
  // end in a TOSEC version (each question asked again of the title only when this pass cannot rule it out)
  let end = -1;
  let plain = true;
  let maybeVersion = false;
  let space = false;
  let i = 0;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) break;
    if (c === 32) {
      if (space) plain = false;
      space = true;
      continue;
    }
    if (space && (c === 118 || c === 86)) maybeVersion = true;
    else if (c < 32 || c === 0xa0 || c >= 0x1680) plain = false;
    space = false;
  }
  // the title ends at the first bracket, if it is closed (an unclosed one makes the whole name the title)
  if (i < length) {
    const close = text.indexOf(closing(text.charCodeAt(i)), i + 1);
    if (close > 0 && close < length) end = i;
    else plain = false;
  }
  let title: string;
  const to = end < 0 ? length : end;
  if (plain) {
    // no white space but the space: trimmed by taking its spaces off the ends, in one slice
    let from = 0;
    let until = to;
    while (from < until && text.charCodeAt(from) === 32) from++;
    while (until > from && text.charCodeAt(until - 1) === 32) until--;
    title = text.slice(from, until);
  } else {
    title = text.slice(0, to).trim();
    if (title.includes("  ") || OTHER_SPACE.test(title)) title = title.replace(/\s+/g, " ");
    maybeVersion = title.lastIndexOf(" v") > 0 || title.lastIndexOf(" V") > 0;
  }
  const v = maybeVersion ? TRAILING_VERSION.exec(title) : null;
  if (v) title = title.slice(0, v.index).trim();
  partEnd = end;
  partVersion = v ? (v[1] as string) : null;
  return title;
}

/** The title of a name that has none before its groups: the text outside them, else the whole name. */
function titleOutsideGroups(name: string, tail: ParsedTail | undefined): string {
  return (tail ? tail.text : "").replace(/\s+/g, " ").trim() || name.trim();
}

/**
 * The clean title and the tags of a media name (a file name without its extension). The tags array may be
 * shared with other names (frozen): copy it to change it.
 */
export function parseMediaName(name: string): ParsedName {
  const title = titlePart(name);
  const version = partVersion;
  const tail = partEnd >= 0 ? cachedTail(name, partEnd) : undefined;
  let tags = tail ? tail.tags : NO_TAGS;
  if (version !== null) {
    const rev = `rev:${version.toLowerCase().replaceAll(".", "-")}`;
    if (!tags.includes(rev)) tags = [...tags, rev];
  }
  return { title: title === "" ? titleOutsideGroups(name, tail) : title, tags };
}

/** `parseMediaName(name).title` without reading the tags (a search's results tell apart titled and named media). */
export function mediaTitle(name: string): string {
  return fileTitle(name, true);
}

/** `mediaTitle(mediaName(file, whole))`, the media name not cut out first (an index run reads every file's title). */
export function fileTitle(file: string, whole: boolean): string {
  const dot = whole ? -1 : file.lastIndexOf(".");
  const length = dot > 0 ? dot : file.length;
  const title = titlePart(file, length);
  if (title !== "") return title;
  const name = file.slice(0, length);
  return titleOutsideGroups(name, partEnd >= 0 ? cachedTail(name, partEnd) : undefined);
}

/** Splits a `type:value` tag (values may hold colons: `unfinished:beta:1`). */
export function splitTag(tag: string): { type: string; value: string } {
  const colon = tag.indexOf(":");
  return colon < 0 ? { type: "", value: tag } : { type: tag.slice(0, colon), value: tag.slice(colon + 1) };
}
