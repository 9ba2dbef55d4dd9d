/**
 * The lowest (or highest) price over a trailing span of time, for every span up to the longest at
 * once. A monotonic queue: each entry is the extreme of every price from its time to the latest, so
 * the extreme over the last L is the first entry at or after `latest - L` (one binary search per
 * span). Prices that can never again be an extreme are dropped as they are beaten, so a market
 * moving both ways keeps a few hundred entries over a day; a market trending one way for hours keeps
 * one a tick, up to `cap`, after which the oldest go (the longest span then reaches less far back,
 * and `dropped` counts them).
 */
export interface Extreme {
  price: number;
  /** When the price was seen (wall clock, ms since the epoch). */
  at: number;
}

interface Entry extends Extreme {
  /** The time spans are measured in (the caller's clock). */
  clock: number;
}

export class RollingExtremes {
  readonly #keep: (older: number, newer: number) => boolean;
  readonly #spanMs: number;
  readonly #cap: number;
  /** The entries from `#head` on, in time order. */
  #entries: Entry[] = [];
  #head = 0;
  dropped = 0;

  /**
   * `kind` 'low' keeps the lowest, 'high' the highest; `spanMs` is the longest span asked for,
   * measured on the caller's clock (trading time, moves.ts).
   */
  constructor(kind: 'low' | 'high', spanMs: number, cap = 100_000) {
    // An older entry stays only while strictly better than the newer price: ties go to the newer one.
    this.#keep = kind === 'low' ? (older, newer) => older < newer : (older, newer) => older > newer;
    this.#spanMs = spanMs;
    this.#cap = cap;
  }

  get size(): number {
    return this.#entries.length - this.#head;
  }

  /** Adds a price seen at `clock` (never earlier than the last one added) and drops what has expired. */
  push(clock: number, at: number, price: number): void {
    for (let last = this.#entries.at(-1); this.size > 0 && last; last = this.#entries.at(-1)) {
      if (this.#keep(last.price, price)) break;
      this.#entries.pop();
    }
    this.#entries.push({ clock, at, price });
    while ((this.#entries[this.#head]?.clock ?? clock) < clock - this.#spanMs) this.#head += 1;
    if (this.size > this.#cap) {
      this.dropped += this.size - this.#cap;
      this.#head = this.#entries.length - this.#cap;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
  }

  /** The extreme of every price seen at or after `clock - spanMs`, or undefined before the first price. */
  over(clock: number, spanMs: number): Extreme | undefined {
    const from = clock - spanMs;
    let lo = this.#head;
    let hi = this.#entries.length - 1;
    // The newest entry is the latest price itself, always within any span: the search ends on it at worst.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.#entries[mid]?.clock ?? from) >= from) hi = mid;
      else lo = mid + 1;
    }
    const found = lo >= this.#head ? this.#entries[lo] : undefined;
    return found && { price: found.price, at: found.at };
  }
}
