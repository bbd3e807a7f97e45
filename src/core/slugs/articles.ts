/**
 * Titles split at their subtitle mark, and English articles dropped: "The" / "A" / "An" leading a title or
 * subtitle, ", The" trailing a title ("Legend of Zelda, The"). Pure.
 */
import { trimSpace } from "./go-strings.ts";

const LEADING_ARTICLE = /^(?:the|an?) /i;

/** `StripLeadingArticle`: a leading "The ", "A " or "An " removed (any case). */
export function stripLeadingArticle(input: string): string {
  const s = trimSpace(input);
  const m = LEADING_ARTICLE.exec(s);
  return m ? trimSpace(s.slice(m[0].length)) : s;
}

export interface SplitTitleResult {
  mainTitle: string;
  secondaryTitle: string;
  hasSecondary: boolean;
}

/**
 * `SplitTitle`: main title and subtitle, split at the first ":", else the first " - ", else the first "'s "
 * (the "'s" staying with the main title).
 */
export function splitTitle(title: string): SplitTitleResult {
  const s = trimSpace(title);
  let at = s.indexOf(":");
  if (at >= 0) return split(s, at, at + 1);
  at = s.indexOf(" - ");
  if (at >= 0) return split(s, at, at + 3);
  at = s.indexOf("'s ");
  if (at >= 0) return split(s, at + 2, at + 3);
  return { mainTitle: s, secondaryTitle: "", hasSecondary: false };
}

function split(s: string, mainEnd: number, secondaryStart: number): SplitTitleResult {
  return { mainTitle: trimSpace(s.slice(0, mainEnd)), secondaryTitle: trimSpace(s.slice(secondaryStart)), hasSecondary: true };
}

/** `SplitAndStripArticles`: main title and subtitle, each without its leading article, joined by a space. */
export function splitAndStripArticles(s: string): string {
  const { mainTitle, secondaryTitle, hasSecondary } = splitTitle(s);
  const main = stripLeadingArticle(mainTitle);
  return hasSecondary ? trimSpace(`${main} ${stripLeadingArticle(secondaryTitle)}`) : main;
}

/** ", the" with the separator or end that follows it (Go's `\s` is ASCII white space without \v). */
const TRAILING_ARTICLE = /,[\t\n\f\r ]*[Tt][Hh][Ee][\t\n\f\r ]*($|[\t\n\f\r :\-([])/g;

/** `StripTrailingArticle`: every ", The" before the end or a separator removed (the separator kept). */
export function stripTrailingArticle(s: string): string {
  TRAILING_ARTICLE.lastIndex = 0;
  if (!TRAILING_ARTICLE.test(s)) return s;
  return trimSpace(s.replace(TRAILING_ARTICLE, "$1"));
}
