/**
 * The bracket groups of a name, in order: parens, braces and angle brackets as one list, square brackets as
 * another. Groups do not nest: inside a group only its own closing character ends it; empty groups are skipped.
 */

const CLOSERS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };

export function extractTags(filename: string): { parenTags: string[]; bracketTags: string[] } {
  const parenTags: string[] = [];
  const bracketTags: string[] = [];
  let i = 0;
  while (i < filename.length) {
    const open = filename[i]!;
    const close = CLOSERS[open];
    if (close === undefined) {
      i++;
      continue;
    }
    const end = filename.indexOf(close, i + 1);
    if (end < 0) break;
    if (end > i + 1) (open === "[" ? bracketTags : parenTags).push(filename.slice(i + 1, end));
    i = end + 1;
  }
  return { parenTags, bracketTags };
}
