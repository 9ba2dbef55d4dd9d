/**
 * Telegram's sending limits as its Bot FAQ states them ("My bot is hitting limits", https://core.telegram.org/bots/faq):
 * about one message a second in a chat, short bursts over it tolerated, and about 30 a second in all;
 * past them the API answers 429 with `retry_after`. A token bucket per key gives both: `burst` messages
 * at once, then `perSecond`. Only sendMessage is counted: Telegram states no numbers for edits.
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
  ) {}

  private bucket(key: string) {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    b.tokens = Math.min(this.limit.burst, b.tokens + ((now - b.at) / 1000) * this.limit.perSecond);
    b.at = now;
    this.buckets.set(key, b);
    return b;
  }

  /** How long until `key` may send again: 0 when it may now. */
  waitMs(key: string): number {
    const b = this.bucket(key);
    return b.tokens >= 1 ? 0 : ((1 - b.tokens) * 1000) / this.limit.perSecond;
  }

  take(key: string): void {
    this.bucket(key).tokens -= 1;
  }

  reset(): void {
    this.buckets.clear();
  }
}

/** The seconds a 429 names: whole seconds, at least one, as Telegram's `retry_after` always is. */
export const retryAfterSeconds = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 1000));
