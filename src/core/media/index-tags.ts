/**
 * The tags the reference's indexer stores for a media file, as `type:value` texts: its extension first
 * (`extension:sfc`), then the canonical tags its file-name parser reads (core/tags) for the system's media type,
 * values in natural form, each once, only those the reference links (open-ended types such as `rev` or `credit`,
 * others only when its tag vocabulary has the value). Pure.
 */
import { MediaTypeGame, type MediaType } from "../slugs/index.ts";
import { type CanonicalTag, clearTagCaches, editionWords, memoize, parseFilenameToCanonicalTagsForMedia, unpadTagValue } from "../tags/index.ts";
import { isValidExtension, linkedTags } from "../titles/index.ts";

/**
 * What staging and linking make of a parsed tag list, by the list's text: names of a set share a few hundred
 * parsed lists ("(USA)" → region:us lang:en), and staging and linking (unpadding, the vocabulary look-up) cost
 * more than the key. The answers are shared (read-only by type, not frozen: freezing 15,000 sets cost an index run
 * more than parsing them): the index's tag sets and column texts are keyed by identity.
 */
const linked = new Map<string, readonly string[]>();
const MAX_LINKED = 65_536;
const NONE: readonly string[] = Object.freeze([]);

/** A tag as the index stores it: the key it is told apart by (value padded) and its text (value unpadded). */
interface StoredText {
  readonly key: string;
  readonly text: string;
}

/** A staged tag as linking makes it: its stored text, or null where the reference links no such tag. */
function stored(type: string, value: string): StoredText | null {
  const [link] = linkedTags([{ type, value }]);
  return link === undefined ? null : { key: `${link.type}:${link.stored}`, text: `${link.type}:${unpadTagValue(link.stored)}` };
}

/**
 * A parsed tag as staging and linking make it, keyed `type\u0002value`: staged as the reference's indexer does
 * (`type:value` unpadded, split at the first colon), then linked (only open-ended types or vocabulary values).
 */
const stagedAndStored = memoize((key: string): StoredText | null => {
  const cut = key.indexOf("\u0002");
  const type = key.slice(0, cut);
  const value = key.slice(cut + 1);
  const text = unpadTagValue(value === "" ? type : `${type}:${value}`);
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) return null;
  return stored(text.slice(0, colon), text.slice(colon + 1));
}, 65_536);

/** The extension tag of a valid extension (`.sfc` → `extension:sfc`), as linking makes it. */
const extensionTag = memoize((ext: string): StoredText | null => stored("extension", ext.slice(1)), 4096);

/** Where a name's first bracket group may start: everything before it is the title part. */
const FIRST_GROUP = /[([{<]/;
/** Edition / version words in ASCII (the others are not ASCII, which an inert title never holds). */
const EDITION_WORDS = editionWords.filter((w) => /^[a-z]+$/.test(w)).join("|");
/**
 * A title part that can make a tag: anything but ASCII letters, spaces and plain punctuation (so no digit, `#`,
 * `+`, bracket or non-ASCII letter), a bare translation's `T-`, or an edition / version word.
 */
const ACTIVE_TITLE = new RegExp(`[^A-Za-z ,'.!&:;?~-]|T-|${EDITION_WORDS}`, "i");
/**
 * The same for a game's name (the media type of almost every system), where digits are inert: the patterns that
 * read numbers outside brackets (tracks, seasons, issues) are not a game's, except a bare version (`v1.1`).
 */
const ACTIVE_GAME_TITLE = new RegExp(`[^A-Za-z0-9 ,'.!&:;?~-]|v[0-9]|T-|${EDITION_WORDS}`, "i");
/** A hack / patch marker: the reference then reads patch labels from the title part too. */
const PATCH_MARKER = /\((?:hack|patch)\)/i;

/**
 * The index tags of a file name (`Title (USA) (Rev 1).sfc`). `whole`: the name is taken whole (a store game's
 * virtual entry, no extension to cut).
 *
 * A library repeats a few hundred tails ("(USA)", "(Europe) (Rev 1)") under thousands of titles, and parsing
 * costs microseconds a name. Where the title part holds nothing any pattern reads (no edition word, nothing but
 * letters, spaces, plain punctuation and, in a game's name, digits: see {@link ACTIVE_TITLE}), a name's tags are those of the
 * same tail behind a one-letter title ending in the same character (the patterns that look behind the title
 * look at that character only), so they are remembered by that stand-in name. A test over every real name and
 * every tag input pins that this gives what parsing the whole name gives.
 */
export function indexTagsOfFile(file: string, whole: boolean, mediaType: MediaType): readonly string[] {
  const end = standInEnd(file, whole, mediaType);
  if (end < 0) return parsedIndexTags(file, whole, mediaType);
  // remembered by the stand-in's tail (the title's last character on), per media type and wholeness: no key built
  const kind = whole ? wholeStandIns : fileStandIns;
  let known = kind.get(mediaType);
  if (known === undefined) kind.set(mediaType, (known = new TailMemo()));
  return known.get(file, end - 1) ?? known.set(file, end - 1, standInTags(file.slice(end - 1), whole, mediaType));
}

/**
 * Values by the tail of a text (from a place on to its end), found without cutting the tail out (an index run looks
 * up one per file name): an open-addressing table of the tails' FNV-1a hashes, each tail compared where it is.
 */
class TailMemo {
  private tails: string[] = [];
  private values: Array<readonly string[]> = [];
  private hashes: number[] = [];
  /** Slots hold a tail's index + 1; 0 is empty. Kept at most half full. */
  private table = new Int32Array(1024);

  get(text: string, from: number): readonly string[] | undefined {
    const h = tailHash(text, from);
    const mask = this.table.length - 1;
    const length = text.length - from;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const v = this.table[slot] as number;
      if (v === 0) return undefined;
      const tail = this.tails[v - 1] as string;
      if (this.hashes[v - 1] === h && tail.length === length && text.startsWith(tail, from)) return this.values[v - 1];
    }
  }

  /** Remembers `value` for the tail (not remembered yet) and gives it. */
  set(text: string, from: number, value: readonly string[]): readonly string[] {
    if (this.tails.length >= MAX_STAND_INS) {
      this.tails = [];
      this.values = [];
      this.hashes = [];
      this.table = new Int32Array(1024);
    }
    this.tails.push(text.slice(from));
    this.values.push(value);
    this.hashes.push(tailHash(text, from));
    if (this.tails.length * 2 > this.table.length) {
      this.table = new Int32Array(this.table.length * 2);
      for (let i = 0; i < this.tails.length; i++) this.place(i);
    } else this.place(this.tails.length - 1);
    return value;
  }

  private place(i: number): void {
    const mask = this.table.length - 1;
    let slot = (this.hashes[i] as number) & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = i + 1;
  }
}

/** 32-bit FNV-1a of `text`'s UTF-16 code units from `from` on. */
function tailHash(text: string, from: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h;
}

/**
 * The index tags of the stand-in name `x<tail>` (parsedIndexTags), its parse and linking shared by the stand-ins
 * that differ only in the extension linking cuts (names of every system, each with its own extension: a library
 * of 60 systems makes some 15,000 tag sets of a few thousand parses): the extension is linked apart.
 */
function standInTags(tail: string, whole: boolean, mediaType: MediaType): readonly string[] {
  // (a valid extension holds no space nor bracket: it follows the title part, whose last character starts the tail)
  const { ext, read } = nameAsRead(tail, whole);
  let parses = standInParses.get(mediaType);
  if (parses === undefined) standInParses.set(mediaType, (parses = new Map()));
  let parsed = parses.get(read);
  if (parsed === undefined) {
    parsed = { linked: linkedOnce(parseFilenameToCanonicalTagsForMedia(`x${read}`, mediaType)), byExtension: new Map() };
    if (parses.size >= MAX_STAND_INS) parses.clear();
    parses.set(read, parsed);
  }
  let tags = parsed.byExtension.get(ext);
  if (tags === undefined) {
    tags = withExtension(ext, parsed.linked);
    parsed.byExtension.set(ext, tags);
  }
  return tags;
}

/** A stand-in's parse as linking makes it: each tag once, the first of those stored alike kept; by extension, the index tags. */
interface StandInParse {
  linked: readonly StoredText[];
  byExtension: Map<string, readonly string[]>;
}

/** The memo key of a name whose title part holds nothing a pattern reads: `<w|f><media type>\0<stand-in name>`. */
export function standInKey(file: string, whole: boolean, mediaType: MediaType): string | undefined {
  const end = standInEnd(file, whole, mediaType);
  return end < 0 ? undefined : `${whole ? "w" : "f"}${mediaType}\u0000x${file.slice(end - 1)}`;
}

/**
 * Where the title part of a name ends when it holds nothing a pattern reads (its tags are then those of the
 * stand-in name: `x`, the title's last character and the rest of the name), else -1.
 */
function standInEnd(file: string, whole: boolean, mediaType: MediaType): number {
  // One search of the whole name: brackets are active too, so the first thing active is the first group's bracket
  // when the title part holds nothing active. (A match that starts in the title part ends there: the bracket or
  // the extension's dot that ends it can be part of no longer alternative.)
  const hit = file.search(mediaType === MediaTypeGame ? ACTIVE_GAME_TITLE : ACTIVE_TITLE);
  const bracket = hit >= 0 ? file.charCodeAt(hit) : 0;
  const group = bracket === 40 || bracket === 91 || bracket === 123 || bracket === 60 ? hit : -1;
  let end = group;
  if (group < 0) {
    // something active before any group (then in the title part), or no group: the title part ends at the
    // extension's dot
    if (hit >= 0 && FIRST_GROUP.test(file)) return -1;
    const dot = whole ? -1 : file.lastIndexOf(".");
    end = dot >= 0 ? dot : file.length;
    if (hit >= 0 && hit < end) return -1;
  }
  if (end === 0) return -1;
  if (group >= 0 && mayMarkPatch(file, group) && PATCH_MARKER.test(file)) return -1;
  return end;
}

/** Whether a group from `from` on may be a hack / patch marker: a `)` after a `k` or an `h` (most names have none). */
function mayMarkPatch(file: string, from: number): boolean {
  for (let i = file.indexOf(")", from); i > 0; i = file.indexOf(")", i + 1)) {
    const c = file.charCodeAt(i - 1) | 0x20;
    if (c === 107 || c === 104) return true;
  }
  return false;
}

/** Stand-in names' index tags (see indexTagsOfFile), by media type, keyed by the name less its `x`. */
const fileStandIns = new Map<string, TailMemo>();
const wholeStandIns = new Map<string, TailMemo>();
/** What the parser reads from stand-in names, linked, by media type, keyed by the name read less its `x`. */
const standInParses = new Map<string, Map<string, StandInParse>>();
const MAX_STAND_INS = 65_536;

/** How linking reads an extension as spelled (from its dot on; "" for none): lowercased, whether valid, whether cut. */
interface ExtensionRead {
  lower: string;
  valid: boolean;
  /** The name is read without it: valid and spelled in lower case (as the reference does). */
  cut: boolean;
}

const extensionsRead = new Map<string, ExtensionRead>();

/** What the parser reads of a file name (less the extension linking cuts), and its valid extension lowercased ("" for none). */
function nameAsRead(file: string, whole: boolean): { ext: string; read: string } {
  const dot = whole ? -1 : file.lastIndexOf(".");
  const ext = extensionAsRead(dot > 0 ? file.slice(dot) : "");
  return { ext: ext.valid ? ext.lower : "", read: ext.cut ? file.slice(0, dot) : file };
}

function extensionAsRead(spelled: string): ExtensionRead {
  let read = extensionsRead.get(spelled);
  if (read === undefined) {
    const lower = spelled.toLowerCase();
    const valid = isValidExtension(lower);
    read = { lower, valid, cut: valid && spelled === lower };
    if (extensionsRead.size >= 4096) extensionsRead.clear();
    extensionsRead.set(spelled, read);
  }
  return read;
}

/** The index tags of a file name, parsed whole (what {@link indexTagsOfFile} gives, without remembering). */
export function parsedIndexTags(file: string, whole: boolean, mediaType: MediaType): readonly string[] {
  // as the reference: the lower-cased extension is cut only where the name spells it in lower case
  const { ext, read } = nameAsRead(file, whole);
  return linkedIndexTags(ext, parseFilenameToCanonicalTagsForMedia(read, mediaType));
}

/** The index tags of a name's parsed tags and its valid extension (lowercased; "" for none), as linking makes them. */
function linkedIndexTags(ext: string, parsed: readonly CanonicalTag[]): readonly string[] {
  let key = ext;
  for (const t of parsed) key += `\u0001${t.type}\u0002${t.value}`;
  let tags = linked.get(key);
  if (tags === undefined) {
    tags = withExtension(ext, linkedOnce(parsed));
    if (linked.size >= MAX_LINKED) linked.clear();
    linked.set(key, tags);
  }
  return tags;
}

/** Parsed tags staged and linked, each once: the first of those stored alike kept (as the reference's linking de-duplicates). */
function linkedOnce(parsed: readonly CanonicalTag[]): StoredText[] {
  const out: StoredText[] = [];
  for (const t of parsed) {
    const s = stagedAndStored(`${t.type}\u0002${t.value}`);
    if (s !== null && !out.some((o) => o.key === s.key)) out.push(s);
  }
  return out;
}

/**
 * The index tags of linked tags and a valid extension (lowercased; "" for none): the extension's tag first (the
 * reference links it first), then the others but one stored alike. Shared: tag sets are keyed by identity.
 */
function withExtension(ext: string, tags: readonly StoredText[]): readonly string[] {
  const first = ext === "" ? null : extensionTag(ext);
  const texts: string[] = first === null ? [] : [first.text];
  for (const t of tags) if (first === null || t.key !== first.key) texts.push(t.text);
  return texts.length === 0 ? NONE : texts;
}

/** Empties what index tags and the parser behind them remember (to give the memory back once an index run is over). */
export function clearIndexTagCaches(): void {
  linked.clear();
  fileStandIns.clear();
  wholeStandIns.clear();
  standInParses.clear();
  extensionsRead.clear();
  clearTagCaches(); // the parser's tables, and the staged tags' above (made with its memoize)
}
