/**
 * Ordering rules of a card set: positions are 0..n-1 with no gaps; inserting, removing and moving keep them so.
 * Pure: the set store applies the positions these return.
 */

/** Where `count` new games go in a set of `size` (`at` absent or past the end: the end). */
export function insertAt(size: number, at: number | undefined): number {
  return at === undefined || at > size ? size : Math.max(0, at);
}

/** The ids in their new order after moving `id` to index `to` (clamped to the list); unchanged when `id` is absent. */
export function moveTo<T>(ids: readonly T[], id: T, to: number): T[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const out = [...ids];
  out.splice(from, 1);
  out.splice(Math.min(Math.max(0, to), out.length), 0, id);
  return out;
}
