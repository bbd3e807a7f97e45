/** Shapes shared by the title resolution: tag filters, media rows as the title queries return them. */

import type { TagFilter } from "../tags/index.ts";

/** A tag filter as zapscript carries it (`type:value` with an operator: AND must have, NOT must not, OR any of). */
export type { TagFilter, TagOperator } from "../tags/index.ts";

/** One tag attached to a media row, its value in natural (unpadded) form. */
export interface TagInfo {
  readonly type: string;
  readonly tag: string;
}

/** A media row found by a title query: its title's display name and slug-owner, the file, and its tags. */
export interface MediaResult {
  readonly mediaId: number;
  readonly titleId: number;
  readonly systemId: string;
  /** The title's name (shared by every file of the title). */
  readonly name: string;
  readonly path: string;
  readonly tags: readonly TagInfo[];
}

/** A title (one per slug per system) as the fuzzy pre-filter lists it. */
export interface TitleRecord {
  readonly titleId: number;
  readonly slug: string;
  readonly name: string;
  /** Empty when the title has no secondary part. */
  readonly secondarySlug: string;
  readonly slugLength: number;
  readonly slugWordCount: number;
}

export interface PreFilterRange {
  readonly minLength: number;
  readonly maxLength: number;
  readonly minWordCount: number;
  readonly maxWordCount: number;
}

/**
 * The media-database queries title resolution makes, with the reference's semantics: each slug argument is
 * slugified again with the system's media type; tag filters (AND / NOT / OR, aliases canonicalized, numbers
 * padded) must hold on the stored tags; results are capped at the reference's limit, in its order.
 */
export interface TitleQueries {
  searchMediaBySlug(systemId: string, slug: string, filters?: readonly TagFilter[]): readonly MediaResult[];
  searchMediaBySecondarySlug(
    systemId: string,
    secondarySlug: string,
    filters?: readonly TagFilter[],
  ): readonly MediaResult[];
  searchMediaBySlugPrefix(systemId: string, prefix: string, filters?: readonly TagFilter[]): readonly MediaResult[];
  searchMediaBySlugIn(systemId: string, slugs: readonly string[], filters?: readonly TagFilter[]): readonly MediaResult[];
  getTitlesWithPreFilter(systemId: string, range: PreFilterRange): readonly TitleRecord[];
}
