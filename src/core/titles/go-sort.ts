/**
 * Go's `sort.Slice` (pattern-defeating quicksort, not stable) reproduced step for step, so that elements the
 * comparison treats as equal end up in the same order as in the reference. Only needed where the reference sorts
 * more than twelve items with ties (below that Go runs a stable insertion sort).
 */

type Less<T> = (a: T, b: T) => boolean;

const MAX_INSERTION = 12;
const SHORTEST_NINTHER = 50;
const MAX_SWAPS = 12;
const SHORTEST_SHIFTING = 50;
const MAX_SHIFT_STEPS = 5;

const enum Hint {
  Unknown,
  Increasing,
  Decreasing,
}

function bitLength(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}

class Sorter<T> {
  constructor(
    private readonly xs: T[],
    private readonly lessFn: Less<T>,
  ) {}

  less(i: number, j: number): boolean {
    return this.lessFn(this.xs[i] as T, this.xs[j] as T);
  }

  swap(i: number, j: number): void {
    const t = this.xs[i] as T;
    this.xs[i] = this.xs[j] as T;
    this.xs[j] = t;
  }

  insertionSort(a: number, b: number): void {
    for (let i = a + 1; i < b; i++) {
      for (let j = i; j > a && this.less(j, j - 1); j--) this.swap(j, j - 1);
    }
  }

  siftDown(lo: number, hi: number, first: number): void {
    let root = lo;
    for (;;) {
      let child = 2 * root + 1;
      if (child >= hi) return;
      if (child + 1 < hi && this.less(first + child, first + child + 1)) child++;
      if (!this.less(first + root, first + child)) return;
      this.swap(first + root, first + child);
      root = child;
    }
  }

  heapSort(a: number, b: number): void {
    const hi = b - a;
    for (let i = Math.trunc((hi - 1) / 2); i >= 0; i--) this.siftDown(i, hi, a);
    for (let i = hi - 1; i >= 0; i--) {
      this.swap(a, a + i);
      this.siftDown(0, i, a);
    }
  }

  pdqsort(a0: number, b0: number, limit0: number): void {
    let a = a0;
    let b = b0;
    let limit = limit0;
    let wasBalanced = true;
    let wasPartitioned = true;
    for (;;) {
      const length = b - a;
      if (length <= MAX_INSERTION) {
        this.insertionSort(a, b);
        return;
      }
      if (limit === 0) {
        this.heapSort(a, b);
        return;
      }
      if (!wasBalanced) {
        this.breakPatterns(a, b);
        limit--;
      }
      let [pivot, hint] = this.choosePivot(a, b);
      if (hint === Hint.Decreasing) {
        this.reverseRange(a, b);
        pivot = b - 1 - (pivot - a);
        hint = Hint.Increasing;
      }
      if (wasBalanced && wasPartitioned && hint === Hint.Increasing && this.partialInsertionSort(a, b)) return;
      if (a > 0 && !this.less(a - 1, pivot)) {
        a = this.partitionEqual(a, b, pivot);
        continue;
      }
      const [mid, alreadyPartitioned] = this.partition(a, b, pivot);
      wasPartitioned = alreadyPartitioned;
      const leftLen = mid - a;
      const rightLen = b - mid;
      const balanceThreshold = Math.trunc(length / 8);
      if (leftLen < rightLen) {
        wasBalanced = leftLen >= balanceThreshold;
        this.pdqsort(a, mid, limit);
        a = mid + 1;
      } else {
        wasBalanced = rightLen >= balanceThreshold;
        this.pdqsort(mid + 1, b, limit);
        b = mid;
      }
    }
  }

  partition(a: number, b: number, pivot: number): [number, boolean] {
    this.swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    while (i <= j && this.less(i, a)) i++;
    while (i <= j && !this.less(j, a)) j--;
    if (i > j) {
      this.swap(j, a);
      return [j, true];
    }
    this.swap(i, j);
    i++;
    j--;
    for (;;) {
      while (i <= j && this.less(i, a)) i++;
      while (i <= j && !this.less(j, a)) j--;
      if (i > j) break;
      this.swap(i, j);
      i++;
      j--;
    }
    this.swap(j, a);
    return [j, false];
  }

  partitionEqual(a: number, b: number, pivot: number): number {
    this.swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    for (;;) {
      while (i <= j && !this.less(a, i)) i++;
      while (i <= j && this.less(a, j)) j--;
      if (i > j) break;
      this.swap(i, j);
      i++;
      j--;
    }
    return i;
  }

  partialInsertionSort(a: number, b: number): boolean {
    let i = a + 1;
    for (let step = 0; step < MAX_SHIFT_STEPS; step++) {
      while (i < b && !this.less(i, i - 1)) i++;
      if (i === b) return true;
      if (b - a < SHORTEST_SHIFTING) return false;
      this.swap(i, i - 1);
      if (i - a >= 2) {
        for (let j = i - 1; j >= 1; j--) {
          if (!this.less(j, j - 1)) break;
          this.swap(j, j - 1);
        }
      }
      if (b - i >= 2) {
        for (let j = i + 1; j < b; j++) {
          if (!this.less(j, j - 1)) break;
          this.swap(j, j - 1);
        }
      }
    }
    return false;
  }

  breakPatterns(a: number, b: number): void {
    const length = b - a;
    if (length < 8) return;
    const mask64 = (1n << 64n) - 1n;
    let random = BigInt(length);
    const modulus = 1 << bitLength(length);
    const base = a + Math.trunc(length / 4) * 2;
    for (let idx = base - 1; idx <= base + 1; idx++) {
      random ^= (random << 13n) & mask64;
      random ^= random >> 17n;
      random ^= (random << 5n) & mask64;
      let other = Number(random & BigInt(modulus - 1));
      if (other >= length) other -= length;
      this.swap(idx, a + other);
    }
  }

  choosePivot(a: number, b: number): [number, Hint] {
    const l = b - a;
    const quarter = Math.trunc(l / 4);
    const swaps = { n: 0 };
    let i = a + quarter;
    let j = a + quarter * 2;
    let k = a + quarter * 3;
    if (l >= 8) {
      if (l >= SHORTEST_NINTHER) {
        i = this.median(i - 1, i, i + 1, swaps);
        j = this.median(j - 1, j, j + 1, swaps);
        k = this.median(k - 1, k, k + 1, swaps);
      }
      j = this.median(i, j, k, swaps);
    }
    if (swaps.n === 0) return [j, Hint.Increasing];
    if (swaps.n === MAX_SWAPS) return [j, Hint.Decreasing];
    return [j, Hint.Unknown];
  }

  median(a0: number, b0: number, c0: number, swaps: { n: number }): number {
    let a = a0;
    let b = b0;
    let c = c0;
    if (this.less(b, a)) {
      swaps.n++;
      [a, b] = [b, a];
    }
    if (this.less(c, b)) {
      swaps.n++;
      [b, c] = [c, b];
    }
    if (this.less(b, a)) {
      swaps.n++;
      [a, b] = [b, a];
    }
    return b;
  }

  reverseRange(a: number, b: number): void {
    for (let i = a, j = b - 1; i < j; i++, j--) this.swap(i, j);
  }
}

/** Sorts `xs` in place exactly as Go's `sort.Slice(xs, less)` would order it. */
export function goSortSlice<T>(xs: T[], less: Less<T>): T[] {
  new Sorter(xs, less).pdqsort(0, xs.length, bitLength(xs.length));
  return xs;
}
