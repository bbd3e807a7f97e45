/**
 * What the resolver derives from a title to match it several ways: the full slug, the main-title and
 * secondary-title slugs (split at ":", " - " or "'s "), and progressively shortened variants of a long query.
 */
import { type MediaType, slugify, splitTitle, stripEditionAndVersionSuffixes, stripLeadingArticle, stripMetadataBrackets } from "./slug-fns.ts";
import { byteLength, goFields, goTrimSpace } from "./go-strings.ts";

export interface GameMatchInfo {
  readonly canonicalSlug: string;
  readonly mainTitleSlug: string;
  readonly secondaryTitleSlug: string;
  readonly originalInput: string;
  readonly hasSecondaryTitle: boolean;
  readonly hasLeadingArticle: boolean;
}

export function generateMatchInfo(mediaType: MediaType, title: string): GameMatchInfo {
  const cleaned = goTrimSpace(title);
  const stripped = stripLeadingArticle(cleaned);
  const { main, secondary, hasSecondary } = splitTitle(stripped);
  const base = { originalInput: title, hasLeadingArticle: cleaned !== stripped, hasSecondaryTitle: hasSecondary };
  if (!hasSecondary) {
    const slug = slugify(mediaType, main);
    return { ...base, canonicalSlug: slug, mainTitleSlug: slug, secondaryTitleSlug: "" };
  }
  const mainTitleSlug = slugify(mediaType, main);
  const secondaryTitleSlug = slugify(mediaType, stripLeadingArticle(secondary));
  return { ...base, canonicalSlug: mainTitleSlug + secondaryTitleSlug, mainTitleSlug, secondaryTitleSlug };
}

export interface ProgressiveTrimCandidate {
  readonly slug: string;
  readonly wordCount: number;
  readonly isExactMatch: boolean;
  readonly isPrefixMatch: boolean;
}

const MIN_TRIM_SLUG_BYTES = 6;
const MIN_TRIM_WORDS = 3;

/**
 * The title with 0, 1, … up to `maxDepth` trailing words dropped (after removing bracketed metadata and
 * edition/version suffixes), each as an exact and a prefix candidate; stops once a slug gets shorter than six
 * bytes, skips repeated slugs, and gives nothing for titles under three words.
 */
export function generateProgressiveTrimCandidates(
  mediaType: MediaType,
  title: string,
  maxDepth: number,
): ProgressiveTrimCandidate[] {
  const cleaned = goTrimSpace(stripEditionAndVersionSuffixes(stripMetadataBrackets(goTrimSpace(title))));
  const words = goFields(cleaned);
  if (words.length < MIN_TRIM_WORDS) return [];
  let maxTrim = words.length - 1;
  if (maxDepth > 0 && maxTrim > maxDepth) maxTrim = maxDepth;
  const out: ProgressiveTrimCandidate[] = [];
  const seen = new Set<string>();
  for (let trim = 0; trim <= maxTrim; trim++) {
    const kept = words.slice(0, words.length - trim);
    if (kept.length < 1) break;
    const slug = slugify(mediaType, kept.join(" "));
    if (byteLength(slug) < MIN_TRIM_SLUG_BYTES) break;
    if (seen.has(slug)) continue;
    seen.add(slug);
    out.push({ slug, wordCount: kept.length, isExactMatch: true, isPrefixMatch: false });
    out.push({ slug, wordCount: kept.length, isExactMatch: false, isPrefixMatch: true });
  }
  return out;
}
