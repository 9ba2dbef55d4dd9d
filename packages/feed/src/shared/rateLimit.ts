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
}
