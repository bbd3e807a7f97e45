import { BudgetCache } from "../budget-cache.ts";

/**
 * Bitsets kept between searches (those of common words and of query words that match many index words), within
 * a byte budget: the least recently used go first. Keys are word ids (numbers) or query words (strings).
 */
export class BitsetCache extends BudgetCache<number | string, Int32Array> {
  constructor(maxBytes: number) {
    super(maxBytes, (bits) => bits.byteLength);
  }
}
