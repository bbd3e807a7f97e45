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
 * Building is O(n log n) in the rows; parsed titles and tags may be passed in to skip parsing.
 */
import { SLUG_SEARCH_LIMIT } from "./constants.ts";
import { type MediaType, slugify } from "./slug-fns.ts";
import { compareGoStrings } from "./go-strings.ts";
import { detectPrefixPolicy, dirOf, type PrefixKind } from "./browse-prefix.ts";
import { type RowHints, rowFragments } from "./index-row.ts";
import { generateSlugMetadataFromTokens } from "./slug-metadata.ts";
import { linkedTags, type StoredTag, storedTagPredicate } from "./stored-tags.ts";
import type { MediaResult, PreFilterRange, TagFilter, TitleQueries, TitleRecord } from "./types.ts";

export interface TitleIndexRow extends RowHints {
  /** The media row's id; ties between files are broken in id order, as the reference does by its row ids. */
  readonly id: number;
  readonly systemId: string;
  readonly path: string;
}

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

interface IndexedMedia {
  readonly result: MediaResult;
  readonly tags: readonly StoredTag[];
  /** Position in media row order. */
  rank: number;
}

interface IndexedTitle {
  readonly record: TitleRecord;
  /** In id order. */
  readonly media: IndexedMedia[];
}

/** A title while rows are read: the row with the smallest path names it. */
interface TitleDraft {
  path: string;
  name: string;
  secondarySlug: string;
  slugLength: number;
  slugWordCount: number;
  readonly rows: { readonly row: TitleIndexRow; readonly tags: readonly StoredTag[] }[];
}

/** Each folder's numbering-prefix policy, from all of the system's files in it. */
function folderPrefixPolicies(rows: readonly TitleIndexRow[]): Map<string, PrefixKind> {
  const byDir = new Map<string, string[]>();
  for (const r of rows) {
    const dir = dirOf(r.path);
    const list = byDir.get(dir);
    if (list) list.push(r.path);
    else byDir.set(dir, [r.path]);
  }
  const out = new Map<string, PrefixKind>();
  for (const [dir, paths] of byDir) {
    const kind = detectPrefixPolicy(paths);
    if (kind !== "") out.set(dir, kind);
  }
  return out;
}

export class TitleIndex implements TitleQueries {
  readonly systemId: string;
  readonly mediaType: MediaType;
  private readonly bySlug = new Map<string, IndexedTitle>();
  private readonly bySecondary = new Map<string, IndexedTitle[]>();
  /** Titles in slug order (Go string order). */
  private readonly bySlugOrder: IndexedTitle[];
  /** Titles as the pre-filter query walks them: slug length, word count, title row order. */
  private readonly byPreFilter: IndexedTitle[];

  constructor(rows: Iterable<TitleIndexRow>, options: TitleIndexOptions) {
    this.systemId = options.systemId;
    this.mediaType = options.mediaType;
    const mine = [...rows].filter((r) => r.systemId === this.systemId);
    const policies = folderPrefixPolicies(mine);
    const drafts = new Map<string, TitleDraft>();
    for (const row of mine) {
      const f = rowFragments(row.path, this.mediaType, row, policies.get(dirOf(row.path)) ?? "");
      const entry = { row, tags: linkedTags(f.tags, options.isKnownTag) };
      const draft = drafts.get(f.slug);
      if (draft && compareGoStrings(row.path, draft.path) >= 0) {
        draft.rows.push(entry);
        continue;
      }
      const meta = generateSlugMetadataFromTokens(this.mediaType, f.title, f.slug, f.tokens);
      const fields = { path: row.path, name: f.title, ...meta };
      if (draft) {
        Object.assign(draft, fields);
        draft.rows.push(entry);
      } else drafts.set(f.slug, { ...fields, rows: [entry] });
    }
    const slugs = [...drafts.keys()].sort(compareGoStrings);
    const titleIds = new Map(
      [...drafts.entries()].sort((a, b) => compareGoStrings(a[1].path, b[1].path)).map(([slug], i) => [slug, i + 1]),
    );
    const byPath = (a: { row: TitleIndexRow }, b: { row: TitleIndexRow }) => compareGoStrings(a.row.path, b.row.path);
    const byId = (a: { row: TitleIndexRow }, b: { row: TitleIndexRow }) => a.row.id - b.row.id;
    const all: IndexedMedia[] = [];
    for (const slug of slugs) {
      const d = drafts.get(slug) as TitleDraft;
      const titleId = titleIds.get(slug) ?? 0;
      const { name, secondarySlug, slugLength, slugWordCount } = d;
      const record: TitleRecord = { titleId, slug, name, secondarySlug, slugLength, slugWordCount };
      const media = d.rows.sort(options.tieOrder === "id" ? byId : byPath).map(({ row, tags }) => ({
        tags,
        rank: 0,
        result: {
          mediaId: row.id,
          titleId,
          systemId: this.systemId,
          name,
          path: row.path,
          tags,
        },
      }));
      all.push(...media);
      const title: IndexedTitle = { record, media };
      this.bySlug.set(slug, title);
      if (secondarySlug !== "") {
        const list = this.bySecondary.get(secondarySlug);
        if (list) list.push(title);
        else this.bySecondary.set(secondarySlug, [title]);
      }
    }
    if (options.tieOrder === "id") all.sort((a, b) => a.result.mediaId - b.result.mediaId);
    all.forEach((m, i) => {
      m.rank = i;
    });
    this.bySlugOrder = slugs.map((slug) => this.bySlug.get(slug) as IndexedTitle);
    this.byPreFilter = [...this.bySlugOrder].sort(
      (a, b) =>
        a.record.slugLength - b.record.slugLength ||
        a.record.slugWordCount - b.record.slugWordCount ||
        a.record.titleId - b.record.titleId,
    );
  }

  /** Number of titles (distinct slugs). */
  get titleCount(): number {
    return this.bySlugOrder.length;
  }

  private slugOf(input: string): string {
    return slugify(this.mediaType, input);
  }

  private mediaOf(systemId: string, titles: readonly IndexedTitle[], filters?: readonly TagFilter[]): MediaResult[] {
    if (systemId !== this.systemId || titles.length === 0) return [];
    const accept = storedTagPredicate(filters ?? []);
    const lists = titles.map((t) => t.media);
    const media = lists.length === 1 ? (lists[0] ?? []) : lists.flat().sort((a, b) => a.rank - b.rank);
    const out: MediaResult[] = [];
    for (const m of media) {
      if (!accept(m.tags)) continue;
      out.push(m.result);
      if (out.length === SLUG_SEARCH_LIMIT) break;
    }
    return out;
  }

  searchMediaBySlug(systemId: string, slug: string, filters?: readonly TagFilter[]): MediaResult[] {
    const title = this.bySlug.get(this.slugOf(slug));
    return this.mediaOf(systemId, title ? [title] : [], filters);
  }

  searchMediaBySecondarySlug(systemId: string, secondarySlug: string, filters?: readonly TagFilter[]): MediaResult[] {
    const key = this.slugOf(secondarySlug);
    return this.mediaOf(systemId, key === "" ? [] : (this.bySecondary.get(key) ?? []), filters);
  }

  searchMediaBySlugPrefix(systemId: string, prefix: string, filters?: readonly TagFilter[]): MediaResult[] {
    const key = this.slugOf(prefix);
    if (key === "") return [];
    return this.mediaOf(systemId, this.titlesWithPrefix(key), filters);
  }

  searchMediaBySlugIn(systemId: string, slugs: readonly string[], filters?: readonly TagFilter[]): MediaResult[] {
    const titles: IndexedTitle[] = [];
    for (const key of new Set(slugs.map((s) => this.slugOf(s)))) {
      const t = key === "" ? undefined : this.bySlug.get(key);
      if (t) titles.push(t);
    }
    return this.mediaOf(systemId, titles, filters);
  }

  getTitlesWithPreFilter(systemId: string, range: PreFilterRange): TitleRecord[] {
    if (systemId !== this.systemId) return [];
    const out: TitleRecord[] = [];
    for (const { record: r } of this.byPreFilter) {
      if (r.slugLength < range.minLength || r.slugLength > range.maxLength) continue;
      if (r.slugWordCount < range.minWordCount || r.slugWordCount > range.maxWordCount) continue;
      out.push(r);
    }
    return out;
  }

  /** Titles whose slug starts with `prefix`: a contiguous run of the slug-ordered titles. */
  private titlesWithPrefix(prefix: string): IndexedTitle[] {
    let lo = 0;
    let hi = this.bySlugOrder.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareGoStrings(this.bySlugOrder[mid]?.record.slug ?? "", prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    const out: IndexedTitle[] = [];
    for (let i = lo; i < this.bySlugOrder.length; i++) {
      const t = this.bySlugOrder[i];
      if (!t?.record.slug.startsWith(prefix)) break;
      out.push(t);
    }
    return out;
  }
}
