/**
 * Typing distance between two words: insertions, deletions, substitutions and swaps of two neighbouring
 * letters each count one (optimal string alignment). `limit`: stop early and answer limit + 1 once the distance
 * must exceed it.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const cols = b.length + 1;
  let before = new Array<number>(cols).fill(0); // row i - 2
  let prev = Array.from({ length: cols }, (_, j) => j); // row i - 1
  let cur = new Array<number>(cols).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[b.length] as number;
}

/** How many typos a word of this length may hold and still be recognised: 1 up to 4 letters, 2 up to 8, else 3. */
export function typoAllowance(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** The three-letter pieces of a word (each once), as the trigram index holds them. */
export function trigrams(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) out.add(word.slice(i, i + 3));
  return [...out];
}

/**
 * The pieces to look a mistyped word up by: its own trigrams and those of each spelling with two neighbouring
 * letters swapped (a swap breaks every piece of a short word: "wrold" shares none with "world").
 */
export function typoTrigrams(word: string): string[] {
  const out = new Set(trigrams(word));
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    for (const t of trigrams(swapped)) out.add(t);
  }
  return [...out];
}
