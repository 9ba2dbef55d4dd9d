/**
 * Each pair's latest price, written for the scheduled evaluator and the staleness check: a pair
 * never stored is written at once, the others every `everyMs` when they moved (0: every window).
 * The scheduled check runs each minute, so a write a window would pay 900 writes a minute for 15.
 * Each carries where the price stands for moves (latestMoves.ts), at no write of its own.
 */
import type { CurrencyPair } from '@price-alerts/domain/common';
import { latestMovesOf, type IntervalMessage } from '@price-alerts/domain/prices';
import type { PriceDocument } from '@price-alerts/domain/store';
import type { Logger } from '../shared/log.ts';

export class LatestPrices {
  /** Prices waiting to be written, newest per pair, and whether a write is in flight. */
  readonly #waiting = new Map<string, PriceDocument>();
  #saving = false;
  /** Each pair's newest price, and the time of the one last handed to a write. */
  readonly #newest = new Map<CurrencyPair, PriceDocument>();
  readonly #written = new Map<CurrencyPair, number>();
  readonly #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly everyMs: number,
    readonly save: (prices: PriceDocument[]) => Promise<void>,
    readonly log: Logger,
  ) {
    if (everyMs > 0) this.#timer = setInterval(() => this.#store(), everyMs);
  }

  /** The closed windows' last prices; a pair never stored is stored at once (every pair when everyMs is 0). */
  windows(closed: readonly IntervalMessage[]): void {
    for (const m of closed) {
      const seen = this.#newest.get(m.pair);
      if (!seen || seen.timestamp < m.lastAt) {
        const moves = latestMovesOf(m);
        this.#newest.set(m.pair, {
          pair: m.pair,
          ask: m.ask.last,
          bid: m.bid.last,
          timestamp: m.lastAt,
          ...(moves ? { moves } : {}),
        });
      }
    }
    this.#store(this.everyMs <= 0 ? undefined : (p) => !this.#written.has(p));
  }

  /** Hands the pairs whose newest price is not stored yet (of those `only` keeps) to the writer. */
  #store(only?: (pair: CurrencyPair) => boolean): void {
    for (const [pair, price] of this.#newest) {
      if (only && !only(pair)) continue;
      if ((this.#written.get(pair) ?? -Infinity) >= price.timestamp) continue;
      this.#written.set(pair, price.timestamp);
      this.#waiting.set(pair, price);
    }
    if (!this.#saving && this.#waiting.size) void this.#write();
  }

  /**
   * One write at a time, always the newest: two writes in flight could land out of order (a new
   * client's first commit is slow) and leave an older price stored.
   */
  async #write(): Promise<void> {
    this.#saving = true;
    while (this.#waiting.size) {
      const prices = [...this.#waiting.values()];
      this.#waiting.clear();
      try {
        await this.save(prices);
      } catch (error) {
        this.log.error('Saving latest prices failed', { error: String(error) });
      }
    }
    this.#saving = false;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
