/**
 * The pre-filter columns the media database keeps per title: slug, secondary slug (slug of the part after a
 * subtitle delimiter), slug length in code points, and word count (tokens; for CJK slugs, character bigrams).
 */
import { isCjkScript, type MediaType, slugify, slugifyWithTokens, splitTitle, stripLeadingArticle } from "./slug-fns.ts";
import { runeCount } from "./go-strings.ts";

export interface SlugMetadata {
  readonly slug: string;
  /** Empty when the title has no secondary part. */
  readonly secondarySlug: string;
  readonly slugLength: number;
  readonly slugWordCount: number;
}

function wordCount(slug: string, tokens: readonly string[]): number {
  if (isCjkScript(slug)) {
    const n = runeCount(slug);
    return n < 2 ? n : n - 1;
  }
  return tokens.length;
}

function secondarySlugOf(mediaType: MediaType, input: string): string {
  const { secondary, hasSecondary } = splitTitle(stripLeadingArticle(input));
  if (!hasSecondary || secondary === "") return "";
  return slugify(mediaType, stripLeadingArticle(secondary));
}

/** Metadata from an already computed slug and its tokens (the indexer's path). */
export function generateSlugMetadataFromTokens(
  mediaType: MediaType,
  input: string,
  slug: string,
  tokens: readonly string[],
): SlugMetadata {
  return {
    slug,
    secondarySlug: secondarySlugOf(mediaType, input),
    slugLength: runeCount(slug),
    slugWordCount: wordCount(slug, tokens),
  };
}

/** Metadata of a title (the query's path). */
export function generateSlugWithMetadata(mediaType: MediaType, input: string): SlugMetadata {
  const { slug, tokens } = slugifyWithTokens(mediaType, input);
  return generateSlugMetadataFromTokens(mediaType, input, slug, tokens);
}
