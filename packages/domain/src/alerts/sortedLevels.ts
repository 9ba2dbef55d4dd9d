/** A sorted multiset of prices: insert and remove by binary search, and "is any level in [min, max]?". */
export class SortedLevels {
  #values: number[] = [];

  static from(values: readonly number[]): SortedLevels {
    const out = new SortedLevels();
    out.#values = [...values].sort((a, b) => a - b);
    return out;
  }

  get size(): number {
    return this.#values.length;
  }

  /** Index of the first value >= `x`. */
  #lowerBound(x: number): number {
    let lo = 0;
    let hi = this.#values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#values[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(x: number): void {
    this.#values.splice(this.#lowerBound(x), 0, x);
  }

  /** Removes one copy of `x`; false when there was none. */
  remove(x: number): boolean {
    const i = this.#lowerBound(x);
    if (this.#values[i] !== x) return false;
    this.#values.splice(i, 1);
    return true;
  }

  copy(): SortedLevels {
    const out = new SortedLevels();
    out.#values = this.#values.slice();
    return out;
  }

  min(): number | undefined {
    return this.#values[0];
  }

  max(): number | undefined {
    return this.#values.at(-1);
  }

  /** Whether any level lies in [min, max], both inclusive; an absent bound is open. */
  anyIn(min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY): boolean {
    const i = this.#lowerBound(min);
    return i < this.#values.length && (this.#values[i] as number) <= max;
  }

  /**
   * At most `count` closed intervals that together hold every level: the levels themselves, with
   * the smallest gaps between neighbours closed first until few enough remain. Looser than the
   * levels (a price in a closed gap is in an interval), never tighter.
   */
  cover(count: number): [number, number][] {
    const distinct = [...new Set(this.#values)];
    if (distinct.length === 0 || count < 1) return [];
    const gaps = distinct
      .slice(1)
      .map((v, i) => ({ i, size: v - (distinct[i] as number) }))
      .sort((a, b) => b.size - a.size || a.i - b.i)
      .slice(0, count - 1)
      .map((g) => g.i)
      .sort((a, b) => a - b);
    const out: [number, number][] = [];
    let start = 0;
    for (const gap of gaps) {
      out.push([distinct[start] as number, distinct[gap] as number]);
      start = gap + 1;
    }
    out.push([distinct[start] as number, distinct.at(-1) as number]);
    return out;
  }
}

/** Adds (`sign` 1) or removes (-1) one level of a named set in `map`, creating the set when needed. */
export function adjustLevels(map: Map<string, SortedLevels>, name: string, x: number | undefined, sign: 1 | -1): void {
  if (x === undefined) return;
  let levels = map.get(name);
  if (!levels) map.set(name, (levels = new SortedLevels()));
  if (sign === 1) levels.add(x);
  else levels.remove(x);
}
