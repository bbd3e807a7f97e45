/**
 * The compact tables behind a TitleIndex, and their building from one system's media rows as the reference's
 * indexer fills its title tables: one title per slug, named after the file with the smallest path (Go order);
 * titles numbered in the path order of the files naming them; media row order by title slug then path (a fresh
 * scan) or by id. Per media only its id and path (folder and extension shared, the rest packed) are kept, and the
 * tags given with a row; per title its slug, name, secondary slug, pre-filter columns and its media. About 75 bytes
 * a row on a typical library, where objects per row took 1.6 KB. Tags are not read here: a TitleIndex reads a
 * file's tags from its path when a query needs them.
 */
import { detectPrefixPolicy, dirOf, PREFIX_THRESHOLD, type PrefixKind } from "./browse-prefix.ts";
import { isGoSpace } from "./go-strings.ts";
import { goOrder, nativeOrderIsGoOrder } from "./go-order.ts";
import { type RowHints, type RowTitle, rowTags, rowTitle } from "./index-row.ts";
import { PackedStrings } from "./packed-strings.ts";
import { type MediaType, type SlugWithTokens, slugifyWithTokens } from "./slug-fns.ts";
import { generateSlugMetadataFromTokens } from "./slug-metadata.ts";
import { linkedTags, type StoredTag } from "./stored-tags.ts";
import { idArrayOf, type UintArray, uintArray, uintArrayOf } from "./uint-arrays.ts";

export interface TitleIndexRow extends RowHints {
  /** The media row's id; ties between files are broken in id order, as the reference does by its row ids. */
  readonly id: number;
  readonly systemId: string;
  readonly path: string;
}

export interface TitleTablesOptions {
  readonly mediaType: MediaType;
  /** "scan": files ordered by title slug then path; "id": by the given ids. */
  readonly tieOrder: "scan" | "id";
  readonly isKnownTag?: (key: string) => boolean;
}

/**
 * Media are numbered by their position in media row order ("rank"); titles by their position in slug order.
 * Integers are kept in the fewest bytes they need.
 */
export interface TitleTables {
  readonly ids: Int32Array | Float64Array;
  /** Distinct [folder with its "/", extension with its "."] pairs of the paths, and each media's pair. */
  readonly affixes: readonly (readonly [string, string])[];
  readonly affixOf: UintArray;
  /** Each media's path between its folder and its extension. */
  readonly middles: PackedStrings;
  /** Stored tags of the media whose tags were given with the row. */
  readonly hintedTags: ReadonlyMap<number, readonly StoredTag[]>;

  readonly slugs: PackedStrings;
  readonly names: PackedStrings;
  readonly secondarySlugs: PackedStrings;
  readonly slugLength: UintArray;
  readonly wordCount: UintArray;
  readonly titleId: UintArray;
  /**
   * Title t's media: members[memberStart[t] .. memberStart[t + 1]), ranks ascending. `members` is null when
   * every title's media are a run of consecutive ranks (scan order): member k is then rank k.
   */
  readonly memberStart: UintArray;
  readonly members: UintArray | null;
  /** Each media's title; null with `members` (a rank's title is then the run holding it). */
  readonly titleOf: UintArray | null;
  /** Titles by slug length, word count, title id (the pre-filter's walk). */
  readonly preFilter: UintArray;
  /** Titles with a secondary slug, by secondary slug (Go order) then slug order. */
  readonly bySecondary: UintArray;
}

/** Bytes of the tables' arrays and text (not counting the fixed cost of each object). */
export function tableBytes(t: TitleTables): number {
  let n = t.affixes.reduce((sum, [head, ext]) => sum + head.length + ext.length, 0);
  for (const v of Object.values(t)) {
    if (ArrayBuffer.isView(v)) n += v.byteLength;
    else if (v instanceof PackedStrings) n += v.bytes;
  }
  return n;
}

/** Whether the file name can start with a numbering prefix: its first character past Go spaces is a digit. */
function mayBeNumbered(path: string): boolean {
  let i = path.lastIndexOf("/") + 1;
  while (i < path.length && isGoSpace(path.charCodeAt(i))) i++;
  const c = path.charCodeAt(i);
  return c >= 0x30 && c <= 0x39;
}

/**
 * Each folder's numbering-prefix policy, from all of the system's files in it. A folder where too few file names
 * start with a digit cannot have one, and its names are not parsed for one.
 */
function folderPrefixPolicies(paths: readonly string[]): Map<string, PrefixKind> {
  const byDir = new Map<string, { paths: string[]; numbered: number }>();
  for (const p of paths) {
    const dir = dirOf(p);
    let folder = byDir.get(dir);
    if (!folder) byDir.set(dir, (folder = { paths: [], numbered: 0 }));
    folder.paths.push(p);
    if (mayBeNumbered(p)) folder.numbered++;
  }
  const out = new Map<string, PrefixKind>();
  for (const [dir, folder] of byDir) {
    if (folder.numbered / folder.paths.length <= PREFIX_THRESHOLD) continue;
    const kind = detectPrefixPolicy(folder.paths);
    if (kind !== "") out.set(dir, kind);
  }
  return out;
}

const sortedBy = (count: number, compare: (a: number, b: number) => number): UintArray =>
  uintArrayOf(Array.from({ length: count }, (_, i) => i).sort(compare));

/** In id order, each title's ranks (ascending) and each rank's title. */
function idOrderMembers(
  grouped: UintArray,
  groupStarts: readonly number[],
  rankOrder: UintArray,
): { members: UintArray; titleOf: UintArray } {
  const n = grouped.length;
  const rankOfRow = uintArray(n, n);
  rankOrder.forEach((row, rank) => {
    rankOfRow[row] = rank;
  });
  const members = uintArray(n, n);
  const titleOf = uintArray(n, groupStarts.length);
  for (let t = 0; t + 1 < groupStarts.length; t++) {
    for (let k = groupStarts[t] as number; k < (groupStarts[t + 1] as number); k++) {
      const rank = rankOfRow[grouped[k] as number] as number;
      members[k] = rank;
      titleOf[rank] = t;
    }
    members.subarray(groupStarts[t], groupStarts[t + 1]).sort();
  }
  return { members, titleOf };
}

/** Paths in rank order as [folder, extension] pairs (few, shared) around packed middles. */
function splitPaths(paths: readonly string[], rankOrder: UintArray): Pick<TitleTables, "affixes" | "affixOf" | "middles"> {
  const n = rankOrder.length;
  const ids = new Map<string, number>();
  const affixes: [string, string][] = [];
  const affixOf = new Uint32Array(n);
  const middles = new Array<string>(n);
  let last: [string, string] = ["", ""];
  rankOrder.forEach((row, rank) => {
    const path = paths[row] as string;
    const cut = path.lastIndexOf("/") + 1;
    const dot = path.lastIndexOf(".");
    const end = dot >= cut ? dot : path.length;
    const [head, ext] = last;
    const same = rank > 0 && cut === head.length && path.length - end === ext.length && path.startsWith(head) && path.endsWith(ext);
    if (same) affixOf[rank] = affixOf[rank - 1] as number;
    else {
      last = [path.slice(0, cut), path.slice(end)];
      const key = `${last[0]}\u0000${last[1]}`;
      let id = ids.get(key);
      if (id === undefined) {
        ids.set(key, (id = affixes.length));
        affixes.push(last);
      }
      affixOf[rank] = id;
    }
    middles[rank] = path.slice(cut, end);
  });
  return { affixes, affixOf: uintArrayOf(affixOf), middles: new PackedStrings(n, (rank) => middles[rank] as string) };
}

export function buildTitleTables(rows: readonly TitleIndexRow[], options: TitleTablesOptions): TitleTables {
  const { mediaType } = options;
  const n = rows.length;
  const paths = rows.map((r) => r.path);
  const policies = folderPrefixPolicies(paths);
  const slugged = new Map<string, SlugWithTokens>(); // titles repeat across regions and revisions
  const slugOfTitle = (title: string) => {
    let known = slugged.get(title);
    if (!known) slugged.set(title, (known = slugifyWithTokens(mediaType, title)));
    return known;
  };
  const parsed: RowTitle[] = rows.map((r) =>
    rowTitle(r.path, mediaType, {
      title: r.title,
      prefixPolicy: policies.size === 0 ? "" : (policies.get(dirOf(r.path)) ?? ""),
      slugOfTitle,
    }),
  );
  const slugOf = parsed.map((p) => p.slug);
  const cmp = goOrder(nativeOrderIsGoOrder(slugOf) && nativeOrderIsGoOrder(paths));
  const byPath = (a: number, b: number) => cmp(paths[a] as string, paths[b] as string) || a - b;
  const ids = rows.map((r) => r.id);

  // rows grouped by slug (slug order), each group in its media row order
  const inTitleOrder =
    options.tieOrder === "id"
      ? (a: number, b: number) => cmp(slugOf[a] as string, slugOf[b] as string) || (ids[a] as number) - (ids[b] as number) || a - b
      : (a: number, b: number) => cmp(slugOf[a] as string, slugOf[b] as string) || byPath(a, b);
  const grouped = sortedBy(n, inTitleOrder);
  const groupStarts: number[] = [];
  for (let k = 0; k < n; k++) {
    if (k === 0 || slugOf[grouped[k] as number] !== slugOf[grouped[k - 1] as number]) groupStarts.push(k);
  }
  const m = groupStarts.length;
  groupStarts.push(n);

  // the row naming each title: the smallest path of its group
  const namer = new Uint32Array(m);
  for (let t = 0; t < m; t++) {
    let best = grouped[groupStarts[t] as number] as number;
    for (let k = (groupStarts[t] as number) + 1; k < (groupStarts[t + 1] as number); k++) {
      const row = grouped[k] as number;
      if (byPath(row, best) < 0) best = row;
    }
    namer[t] = best;
  }

  // media row order: the grouped order after a scan, else by id
  const byId = options.tieOrder === "id";
  const rankOrder = byId ? uintArrayOf(Array.from(grouped).sort((a, b) => (ids[a] as number) - (ids[b] as number))) : grouped;
  const memberStart = uintArrayOf(groupStarts);
  const { members, titleOf } = byId ? idOrderMembers(grouped, groupStarts, rankOrder) : { members: null, titleOf: null };

  const { affixes, affixOf, middles } = splitPaths(paths, rankOrder);
  const hintedTags = new Map<number, readonly StoredTag[]>();
  rankOrder.forEach((row, rank) => {
    const given = rows[row]?.tags;
    if (given) hintedTags.set(rank, linkedTags(rowTags(paths[row] as string, mediaType, given), options.isKnownTag));
  });

  const meta = Array.from(namer, (row) => {
    const p = parsed[row] as RowTitle;
    return generateSlugMetadataFromTokens(mediaType, p.title, p.slug, p.tokens);
  });
  const titleId = uintArray(m, m);
  sortedBy(m, (a, b) => byPath(namer[a] as number, namer[b] as number)).forEach((t, i) => {
    titleId[t] = i + 1;
  });
  const slugLength = uintArrayOf(meta.map((x) => x.slugLength));
  const wordCount = uintArrayOf(meta.map((x) => x.slugWordCount));
  const preFilter = sortedBy(
    m,
    (a, b) =>
      (slugLength[a] as number) - (slugLength[b] as number) ||
      (wordCount[a] as number) - (wordCount[b] as number) ||
      (titleId[a] as number) - (titleId[b] as number),
  );
  const withSecondary = meta.flatMap((x, t) => (x.secondarySlug === "" ? [] : [t]));
  const secondaryCmp = goOrder(nativeOrderIsGoOrder(meta.map((x) => x.secondarySlug)));
  withSecondary.sort((a, b) => secondaryCmp(meta[a]?.secondarySlug ?? "", meta[b]?.secondarySlug ?? "") || a - b);

  return {
    ids: idArrayOf(Array.from(rankOrder, (row) => ids[row] as number)),
    affixes,
    affixOf,
    middles,
    titleOf,
    hintedTags,
    slugs: new PackedStrings(m, (t) => slugOf[namer[t] as number] as string),
    names: new PackedStrings(m, (t) => parsed[namer[t] as number]?.title ?? ""),
    secondarySlugs: new PackedStrings(m, (t) => meta[t]?.secondarySlug ?? ""),
    slugLength,
    wordCount,
    titleId,
    memberStart,
    members,
    preFilter,
    bySecondary: uintArrayOf(withSecondary),
  };
}
