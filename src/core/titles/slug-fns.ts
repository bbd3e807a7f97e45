/** The slug functions title resolution uses, from the port of the reference's `slugs` package. */
import * as slugs from "../slugs/index.ts";

export type MediaType = slugs.MediaType;

export interface SlugWithTokens {
  readonly slug: string;
  readonly tokens: readonly string[];
}

export const slugify = (mediaType: MediaType, s: string): string => slugs.slugify(mediaType, s);

export const slugifyWithTokens = (mediaType: MediaType, s: string): SlugWithTokens => {
  const r = slugs.slugifyWithTokens(mediaType, s);
  return { slug: r.slug, tokens: r.tokens };
};

export const stripLeadingArticle = (s: string): string => slugs.stripLeadingArticle(s);

/** Main title, secondary title, and whether a secondary-title delimiter was found. */
export function splitTitle(s: string): { main: string; secondary: string; hasSecondary: boolean } {
  const r = slugs.splitTitle(s);
  return { main: r.mainTitle, secondary: r.secondaryTitle, hasSecondary: r.hasSecondary };
}

export const stripMetadataBrackets = (s: string): string => slugs.stripMetadataBrackets(s);
export const stripEditionAndVersionSuffixes = (s: string): string => slugs.stripEditionAndVersionSuffixes(s);
export const isCjkScript = (s: string): boolean => slugs.detectScript(s) === slugs.ScriptCJK;
