/** A token bucket: `burst` at once, refilled at `perSecond`. */
export class RateLimit {
  #tokens: number;
  #at: number;

  constructor(
    readonly burst: number,
    readonly perSecond: number,
    readonly now: () => number = Date.now,
  ) {
    this.#tokens = burst;
    this.#at = now();
  }

  take(): boolean {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.perSecond);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** Refilled to its burst: it allows what a new bucket would. */
  get full(): boolean {
    return this.#tokens + ((this.now() - this.#at) / 1000) * this.perSecond >= this.burst;
  }
}

/**
 * A token bucket per key (an account), shared by everything that takes under that key: what one socket
 * spends, the account's next socket does not get back. A bucket that is full again is forgotten, since a
 * new one would allow the same; they are looked over at most once every `sweepMs`, as a take comes, never
 * on a timer, so the map holds the keys that took within about burst / perSecond seconds plus `sweepMs`.
 */
export class RateLimits {
  readonly #buckets = new Map<string, RateLimit>();
  #sweptAt: number;

  constructor(
    readonly burst: number,
    readonly perSecond: number,
    readonly now: () => number = Date.now,
    readonly sweepMs = 60_000,
  ) {
    this.#sweptAt = now();
  }

  take(key: string): boolean {
    const now = this.now();
    if (now - this.#sweptAt >= this.sweepMs) {
      this.#sweptAt = now;
      for (const [held, bucket] of this.#buckets) if (bucket.full) this.#buckets.delete(held);
    }
    let bucket = this.#buckets.get(key);
    if (!bucket) this.#buckets.set(key, (bucket = new RateLimit(this.burst, this.perSecond, this.now)));
    return bucket.take();
  }

  /** The keys held: those that took lately. */
  get size(): number {
    return this.#buckets.size;
  }
}
