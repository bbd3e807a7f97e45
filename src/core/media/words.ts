/**
 * Search rules in one place: a name and a query are lowercased and split on white space. A query word matches
 * a name when it is a substring of one of the name's words (a query word holds no white space, so it can only
 * occur inside a single name word). The index therefore stores each distinct name word once, with the media
 * that hold it; a query word is looked up among the distinct words, never among all media.
 */

/** White space other than the plain space: names rarely hold any, so most take the quick split. */
const OTHER_SPACE = /[^\S ]/;

/** The distinct lowercased words of a media name. */
export function nameWords(name: string): string[] {
  const lower = name.toLowerCase();
  const words = OTHER_SPACE.test(lower) ? lower.split(/\s+/) : lower.split(" ");
  const out = new Set(words); // first occurrences, in order; a Set keeps a query of many words linear
  out.delete("");
  return [...out];
}

/** The distinct lowercased words of a query, longest first (longer words are usually the more selective). */
export function queryWords(query: string): string[] {
  const out = nameWords(query);
  return out.sort((a, b) => b.length - a.length);
}

/** Shortest word the trigram index answers; shorter words are matched against the word list. */
export const TRIGRAM_MIN = 3;

/** A query word as an FTS5 string literal (double quotes doubled). */
export function ftsLiteral(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** A URL scheme and `://` at the start of a path. */
const VIRTUAL_PATH = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A store game's virtual path or folder (`steam://<id>`): its name is taken whole, it has no extension. */
export const isVirtualPath = (path: string): boolean => path.includes("://") && VIRTUAL_PATH.test(path);

/** Media name from a file name: the name without its last extension (the whole name when `whole`). */
export function mediaName(fileName: string, whole = false): string {
  if (whole) return fileName;
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Media name of a `<folder>/<file>` path: `mediaName` of its file name, taken from the path in one slice. */
export function mediaNameOfPath(path: string): string {
  const start = path.lastIndexOf("/") + 1;
  const dot = isVirtualPath(path) ? -1 : path.lastIndexOf(".");
  return path.slice(start, dot > start ? dot : path.length);
}
