/**
 * Bounded memoization for the parser's pure steps: a library repeats the same bracket words and company names
 * thousands of times. A table that reaches its limit is emptied and refills. `clearTagCaches` empties all.
 */

const tables: Map<string, unknown>[] = [];

/** `fn` remembered by its string argument, at most `limit` entries at a time. */
export function memoize<V>(fn: (key: string) => V, limit = 20_000): (key: string) => V {
  const table = new Map<string, V>();
  tables.push(table);
  return (key: string): V => {
    const hit = table.get(key);
    if (hit !== undefined || table.has(key)) return hit as V;
    const v = fn(key);
    if (table.size >= limit) table.clear();
    table.set(key, v);
    return v;
  };
}

/** Empties every memo table (to give the memory back after an indexing run). */
export function clearTagCaches(): void {
  for (const t of tables) t.clear();
}
