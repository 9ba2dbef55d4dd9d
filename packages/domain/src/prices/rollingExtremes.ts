/**
 * The lowest (or highest) price over a trailing span of time, for every span up to the longest at
 * once. A monotonic queue: each entry is the extreme of every price from its time to the latest, so
 * the extreme over the last L is the first entry at or after `latest - L` (one binary search per
 * span). Prices that can never again be an extreme are dropped as they are beaten, so a market
 * moving both ways keeps a few hundred entries over a day.
 *
 * A market trending one way makes every price an entry. So a price is not added after an entry of
 * the same second (`grainMs`) that it does not beat: a lookback's far end is then counted to the
 * second (the extreme of that second's first prices), and a day of trend keeps one entry a second,
 * in three typed arrays: at most 86,400 entries, 2 MiB. Past `cap` entries the oldest go (`dropped`).
 */
export interface Extreme {
  price: number;
  /** When the price was seen (wall clock, ms since the epoch). */
  at: number;
}

export class RollingExtremes {
  readonly #better: (a: number, b: number) => boolean;
  readonly #spanMs: number;
  readonly #grainMs: number;
  readonly #cap: number;
  /** A ring of entries: `#count` of them from `#head`, each a time on the caller's clock, a wall time and a price. */
  #clock = new Float64Array(16);
  #at = new Float64Array(16);
  #price = new Float64Array(16);
  #head = 0;
  #count = 0;
  dropped = 0;

  /**
   * `kind` 'low' keeps the lowest, 'high' the highest; `spanMs` is the longest span asked for,
   * measured on the caller's clock (trading time, moves.ts).
   */
  constructor(kind: 'low' | 'high', spanMs: number, { cap = 100_000, grainMs = 1_000 } = {}) {
    this.#better = kind === 'low' ? (a, b) => a < b : (a, b) => a > b;
    this.#spanMs = spanMs;
    this.#grainMs = grainMs;
    this.#cap = cap;
  }

  get size(): number {
    return this.#count;
  }

  /** The capacity is a power of two, so a slot is a mask away. */
  #slot(i: number): number {
    return (this.#head + i) & (this.#clock.length - 1);
  }

  /** Adds a price seen at `clock` (never earlier than the last one added) and drops what has expired. */
  push(clock: number, at: number, price: number): void {
    // An entry stays only while strictly better than the newer price: ties go to the newer one.
    while (this.#count > 0 && !this.#better(this.#price[this.#slot(this.#count - 1)] ?? price, price)) this.#count -= 1;
    const last = this.#count > 0 ? this.#slot(this.#count - 1) : -1;
    const sameGrain =
      last >= 0 && Math.floor((this.#clock[last] ?? 0) / this.#grainMs) === Math.floor(clock / this.#grainMs);
    if (!sameGrain) {
      if (this.#count === this.#clock.length) this.#grow();
      const slot = this.#slot(this.#count);
      this.#clock[slot] = clock;
      this.#at[slot] = at;
      this.#price[slot] = price;
      this.#count += 1;
    }
    while (this.#count > 1 && (this.#clock[this.#head] ?? clock) < clock - this.#spanMs) this.#shift(1);
    if (this.#count > this.#cap) {
      this.dropped += this.#count - this.#cap;
      this.#shift(this.#count - this.#cap);
    }
  }

  /** The extreme of every price kept from `clock - spanMs` on, or undefined before the first price. */
  over(clock: number, spanMs: number): Extreme | undefined {
    if (this.#count === 0) return undefined;
    const from = clock - spanMs;
    let lo = 0;
    let hi = this.#count - 1;
    // The newest entry is never older than the latest price's second: the search ends on it at worst.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.#clock[this.#slot(mid)] ?? from) >= from) hi = mid;
      else lo = mid + 1;
    }
    const slot = this.#slot(lo);
    return { price: this.#price[slot] ?? 0, at: this.#at[slot] ?? 0 };
  }

  #shift(n: number): void {
    this.#head = (this.#head + n) & (this.#clock.length - 1);
    this.#count -= n;
  }

  #grow(): void {
    const size = this.#clock.length * 2;
    const copy = (from: Float64Array) => {
      const to = new Float64Array(size);
      for (let i = 0; i < this.#count; i++) to[i] = from[this.#slot(i)] ?? 0;
      return to;
    };
    [this.#clock, this.#at, this.#price] = [copy(this.#clock), copy(this.#at), copy(this.#price)];
    this.#head = 0;
  }
}
