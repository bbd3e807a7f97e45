/**
 * An in-memory stand-in for the reference's media database as title resolution queries it, for one system:
 * built from the system's media rows exactly as the reference's indexer fills its tables (one title per slug,
 * named after the file with the smallest path; secondary slug, slug length and word count; extension and
 * file-name tags), answering with the semantics and order of the reference's slug-cache search path: files in
 * media row order, at most 50, empty slugs find nothing; the fuzzy pre-filter lists titles by slug length, word
 * count, then title row order. Row order is that of a fresh reference scan by default (titles numbered in the
 * path order of the file naming them, files by title slug then path), or the given ids (`tieOrder: "id"`).
 * Folders whose files are mostly numbered ("001 - Sonic", "1991-06-23 - Sonic") have the numbers dropped
 * from their titles, as the reference's scanner does.
 * Compact (see title-tables.ts): a file's tags are read from its name when a query needs them (tag filters, or
 * the file is returned), and a few hundred are kept; result objects are made for the files returned.
 * Building is O(n log n) in the rows; parsed titles and tags may be passed in to skip parsing.
 */
import { SLUG_SEARCH_LIMIT } from "./constants.ts";
import { compareGoStrings } from "./go-strings.ts";
import { rowTags } from "./index-row.ts";
import { type MediaType, slugify } from "./slug-fns.ts";
import { linkedTags, type StoredTag, storedTagPredicate } from "./stored-tags.ts";
import { buildTitleTables, tableBytes, type TitleIndexRow, type TitleTables } from "./title-tables.ts";
import type { MediaResult, PreFilterRange, TagFilter, TitleQueries, TitleRecord } from "./types.ts";

export type { TitleIndexRow } from "./title-tables.ts";

export interface TitleIndexOptions {
  readonly systemId: string;
  readonly mediaType: MediaType;
  /** Overrides the seeded tag vocabulary check ("type:paddedValue" → kept?); mostly for tests. */
  readonly isKnownTag?: (key: string) => boolean;
  /**
   * How files that tie are ordered: "scan" (default) as the reference's rows after one full scan (by title slug,
   * then path); "id" by the given row ids (for ids that follow the reference's insertion history).
   */
  readonly tieOrder?: "scan" | "id";
}

/** Files whose tags stay read: enough for the candidates of a few queries (50 files at most each). */
const TAG_CACHE_SIZE = 512;
/**
 * Title records kept for the fuzzy matcher (~250 bytes each with its signature): a few pre-filter listings' worth
 * (one lists about a quarter of a system's titles), bounded for systems of many thousand titles.
 */
const RECORD_CACHE_SIZE = 16_384;

/** First index in [0, count) whose key is not below `key` in Go order. */
function lowerBound(count: number, keyAt: (i: number) => string, key: string): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareGoStrings(keyAt(mid), key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class TitleIndex implements TitleQueries {
  readonly systemId: string;
  readonly mediaType: MediaType;
  private readonly tables: TitleTables;
  private readonly isKnownTag: ((key: string) => boolean) | undefined;
  private readonly tagCache = new Map<number, readonly StoredTag[]>();
  /**
   * Title records handed out by the pre-filter, kept: the fuzzy matcher remembers each record's token signature
   * by its identity. Only titles a fuzzy query has listed are here, the oldest dropped past RECORD_CACHE_SIZE.
   */
  private readonly records = new Map<number, TitleRecord>();

  constructor(rows: Iterable<TitleIndexRow>, options: TitleIndexOptions) {
    this.systemId = options.systemId;
    this.mediaType = options.mediaType;
    this.isKnownTag = options.isKnownTag;
    const mine: TitleIndexRow[] = [];
    for (const r of rows) if (r.systemId === this.systemId) mine.push(r);
    this.tables = buildTitleTables(mine, {
      mediaType: this.mediaType,
      tieOrder: options.tieOrder ?? "scan",
      ...(options.isKnownTag ? { isKnownTag: options.isKnownTag } : {}),
    });
  }

  /** Number of titles (distinct slugs). */
  get titleCount(): number {
    return this.tables.slugs.length;
  }

  /** Number of media rows. */
  get rowCount(): number {
    return this.tables.ids.length;
  }

  /** Bytes of the index's arrays and text, for budgets and benchmarks (hinted tags and caches not counted). */
  get tableBytes(): number {
    return tableBytes(this.tables);
  }

  private slugOf(input: string): string {
    return slugify(this.mediaType, input);
  }

  private pathOf(rank: number): string {
    const t = this.tables;
    const [head, ext] = t.affixes[t.affixOf[rank] as number] ?? ["", ""];
    return head + t.middles.get(rank) + ext;
  }

  private tagsOf(rank: number): readonly StoredTag[] {
    const hinted = this.tables.hintedTags.get(rank);
    if (hinted) return hinted;
    let tags = this.tagCache.get(rank);
    if (tags === undefined) {
      tags = linkedTags(rowTags(this.pathOf(rank), this.mediaType), this.isKnownTag);
      if (this.tagCache.size >= TAG_CACHE_SIZE) this.tagCache.delete(this.tagCache.keys().next().value as number);
      this.tagCache.set(rank, tags);
    }
    return tags;
  }

  private titleAt(rank: number): number {
    const { titleOf, memberStart } = this.tables;
    if (titleOf) return titleOf[rank] as number;
    let lo = 0;
    let hi = memberStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((memberStart[mid] as number) <= rank) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private result(rank: number): MediaResult {
    const t = this.tables;
    const title = this.titleAt(rank);
    return {
      mediaId: t.ids[rank] as number,
      titleId: t.titleId[title] as number,
      systemId: this.systemId,
      name: t.names.get(title),
      path: this.pathOf(rank),
      tags: this.tagsOf(rank),
    };
  }

  /** The files of the titles, in media row order. */
  private ranksOf(titles: readonly number[]): ArrayLike<number> {
    const { memberStart, members } = this.tables;
    const t0 = titles[0] as number;
    if (titles.length === 1 && members) return members.subarray(memberStart[t0], memberStart[t0 + 1]);
    const out: number[] = [];
    let sorted = true;
    for (const t of titles) {
      for (let k = memberStart[t] as number; k < (memberStart[t + 1] as number); k++) {
        const rank = members ? (members[k] as number) : k;
        if (out.length > 0 && rank < (out[out.length - 1] as number)) sorted = false;
        out.push(rank);
      }
    }
    return sorted ? out : out.sort((a, b) => a - b);
  }

  private mediaOf(systemId: string, titles: readonly number[], filters?: readonly TagFilter[]): MediaResult[] {
    if (systemId !== this.systemId || titles.length === 0) return [];
    const accept = filters && filters.length > 0 ? storedTagPredicate(filters) : undefined;
    const ranks = this.ranksOf(titles);
    const out: MediaResult[] = [];
    for (let i = 0; i < ranks.length && out.length < SLUG_SEARCH_LIMIT; i++) {
      const rank = ranks[i] as number;
      if (accept && !accept(this.tagsOf(rank))) continue;
      out.push(this.result(rank));
    }
    return out;
  }

  /** The title with this slug, or -1. */
  private titleWithSlug(slug: string): number {
    const { slugs } = this.tables;
    const at = lowerBound(slugs.length, (i) => slugs.get(i), slug);
    return at < slugs.length && slugs.get(at) === slug ? at : -1;
  }

  /** Titles whose slug starts with `prefix`: a contiguous run of the slug-ordered titles. */
  private titlesWithPrefix(prefix: string): number[] {
    const { slugs } = this.tables;
    const out: number[] = [];
    for (let t = lowerBound(slugs.length, (i) => slugs.get(i), prefix); t < slugs.length; t++) {
      if (!slugs.get(t).startsWith(prefix)) break;
      out.push(t);
    }
    return out;
  }

  /** Titles whose secondary slug is `key`, in slug order. */
  private titlesWithSecondary(key: string): number[] {
    const { bySecondary, secondarySlugs } = this.tables;
    const keyAt = (i: number) => secondarySlugs.get(bySecondary[i] as number);
    const out: number[] = [];
    for (let i = lowerBound(bySecondary.length, keyAt, key); i < bySecondary.length && keyAt(i) === key; i++) {
      out.push(bySecondary[i] as number);
    }
    return out;
  }

  private record(title: number): TitleRecord {
    let r = this.records.get(title);
    if (r === undefined) {
      const t = this.tables;
      r = {
        titleId: t.titleId[title] as number,
        slug: t.slugs.get(title),
        name: t.names.get(title),
        secondarySlug: t.secondarySlugs.get(title),
        slugLength: t.slugLength[title] as number,
        slugWordCount: t.wordCount[title] as number,
      };
      if (this.records.size >= RECORD_CACHE_SIZE) this.records.delete(this.records.keys().next().value as number);
      this.records.set(title, r);
    }
    return r;
  }

  searchMediaBySlug(systemId: string, slug: string, filters?: readonly TagFilter[]): MediaResult[] {
    const title = this.titleWithSlug(this.slugOf(slug));
    return this.mediaOf(systemId, title < 0 ? [] : [title], filters);
  }

  searchMediaBySecondarySlug(systemId: string, secondarySlug: string, filters?: readonly TagFilter[]): MediaResult[] {
    const key = this.slugOf(secondarySlug);
    return this.mediaOf(systemId, key === "" ? [] : this.titlesWithSecondary(key), filters);
  }

  searchMediaBySlugPrefix(systemId: string, prefix: string, filters?: readonly TagFilter[]): MediaResult[] {
    const key = this.slugOf(prefix);
    if (key === "") return [];
    return this.mediaOf(systemId, this.titlesWithPrefix(key), filters);
  }

  searchMediaBySlugIn(systemId: string, slugs: readonly string[], filters?: readonly TagFilter[]): MediaResult[] {
    const titles: number[] = [];
    for (const key of new Set(slugs.map((s) => this.slugOf(s)))) {
      const t = key === "" ? -1 : this.titleWithSlug(key);
      if (t >= 0) titles.push(t);
    }
    return this.mediaOf(systemId, titles, filters);
  }

  getTitlesWithPreFilter(systemId: string, range: PreFilterRange): TitleRecord[] {
    if (systemId !== this.systemId) return [];
    const { preFilter, slugLength, wordCount } = this.tables;
    let lo = 0;
    let hi = preFilter.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((slugLength[preFilter[mid] as number] as number) < range.minLength) lo = mid + 1;
      else hi = mid;
    }
    const out: TitleRecord[] = [];
    for (let i = lo; i < preFilter.length; i++) {
      const t = preFilter[i] as number;
      if ((slugLength[t] as number) > range.maxLength) break;
      const words = wordCount[t] as number;
      if (words >= range.minWordCount && words <= range.maxWordCount) out.push(this.record(t));
    }
    return out;
  }
}
