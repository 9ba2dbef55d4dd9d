/**
 * Pacing sends to Telegram and Discord by their own published limits, so a spike is spread out rather
 * than refused with 429s. Each limit is a generic cell rate (as webhookBudget.ts): a burst of `burst`
 * at once, then one every `interval` ms. A send asks for a slot on its chat (or webhook) and on the
 * provider overall; it goes at the later of the two. One pacer per instance: several instances may
 * together go over, and Telegram's or Discord's 429 with its retry_after then paces them.
 */

export interface Rate {
  /** ms between sends once the burst is spent. */
  interval: number;
  burst: number;
}

/**
 * Telegram (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this): about one
 * message a second to a chat, 30 a second in all (only a person's own chat is linked, so no group's 20 a
 * minute applies). Neither says whether a burst is
 * let through, so none is sent: the sends are spread evenly, never more than the limit in any second, and
 * each a little slower than the limit (whole milliseconds), so a send timed to the millisecond or a moment
 * of network jitter does not land on its edge.
 */
export const TELEGRAM_RATES = {
  overall: { interval: 35, burst: 1 },
  chat: { interval: 1_050, burst: 1 },
} as const satisfies Record<string, Rate>;

/**
 * Discord (https://discord.com/developers/docs/topics/rate-limits): 50 requests a second in all; a
 * webhook's own bucket, as its X-RateLimit headers tell, 5 requests per 2 seconds. With the same margin.
 */
export const DISCORD_RATES = {
  overall: { interval: 21, burst: 1 },
  webhook: { interval: 420, burst: 1 },
} as const satisfies Record<string, Rate>;

/** When a send asked at `now` may go, and the limit's state after it (`tat`, undefined: nothing lately). */
export function cellSlot(tat: number | undefined, now: number, rate: Rate): { at: number; tat: number } {
  const start = Math.max(tat ?? now, now);
  return { at: Math.max(now, start - (rate.burst - 1) * rate.interval), tat: start + rate.interval };
}

/** Past this many keys, those whose limit has recovered are forgotten (a key forgotten starts afresh). */
const KEYS_KEPT = 10_000;

export class Pacer {
  readonly #keys = new Map<string, number>();
  #overall: number | undefined;

  constructor(readonly overall: Rate) {}

  /**
   * The time a send to `key` asked at `now` may go (`taken`), or when to ask again. While the chat itself
   * is not ready nothing is taken: the overall slot is counted when the send can really go, so a chat
   * held back neither holds back every other chat nor lands on top of another's slot. An overall slot
   * more than `maxWait` ms away is not taken either: it is for a later try.
   */
  reserve(key: string, rate: Rate, now: number, maxWait: number): { at: number; taken: boolean } {
    const own = cellSlot(this.#keys.get(key), now, rate);
    if (own.at > now) return { at: own.at, taken: false };
    const all = cellSlot(this.#overall, now, this.overall);
    if (all.at - now > maxWait) return { at: all.at, taken: false };
    this.#overall = all.tat;
    this.#keys.set(key, Math.max(own.tat, all.at + rate.interval));
    if (this.#keys.size > KEYS_KEPT) for (const [k, tat] of this.#keys) if (tat <= now) this.#keys.delete(k);
    return { at: all.at, taken: true };
  }

  /** Holds back sends to `key` at `rate` (every send, when `key` is undefined) until `until`: a provider's 429. */
  block(key: string | undefined, rate: Rate, until: number): void {
    if (key === undefined) {
      this.#overall = Math.max(this.#overall ?? 0, until + (this.overall.burst - 1) * this.overall.interval);
      return;
    }
    this.#keys.set(key, Math.max(this.#keys.get(key) ?? 0, until + (rate.burst - 1) * rate.interval));
  }
}
