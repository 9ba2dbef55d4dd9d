/**
 * Each pair's moves tracker (moves.ts), behind the guards the upstream's data needs: a tick the
 * trackers must not take (dated further ahead of this clock than any true tick, a price that is
 * not a positive finite number) is left out of the moves, though its window still counts it, and
 * nothing a tick carries can make folding throw into the socket that brought it.
 *
 * A price more than MAX_MOVE_PERCENT from the pair's last one taken is a bad quote, not a market:
 * kept, it would be a lookback's low or the day's open for up to a day and fire every move alert
 * on the pair. It is left out; when SPIKE_CONFIRMATIONS such prices come in a row the market has
 * moved there after all, and the pair's moves start afresh from it.
 */
import { MAX_MOVE_PERCENT, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import { FUTURE_TICK_MS, MoveTracker, type TickMoves } from '@price-alerts/domain/prices';

type Stored = Parameters<MoveTracker['seed']>[0];

const usable = (p: number) => Number.isFinite(p) && p > 0;
export const SPIKE_CONFIRMATIONS = 3;

export class PairMoves {
  readonly #trackers = new Map<CurrencyPair, MoveTracker>();
  /** Per pair, the last ask taken, and how many prices in a row lay too far from it. */
  readonly #last = new Map<CurrencyPair, { ask: number; far: number }>();
  readonly #now: () => number;
  /** Ticks left out of the moves, for the service's health. */
  skipped = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #tracker(pair: CurrencyPair): MoveTracker {
    let tracker = this.#trackers.get(pair);
    if (!tracker) this.#trackers.set(pair, (tracker = new MoveTracker(pair)));
    return tracker;
  }

  /** The tick's moves per side, or undefined when it is left out of them. */
  fold(pair: CurrencyPair, at: number, prices: Record<PriceSide, number>): Record<PriceSide, TickMoves> | undefined {
    if (!(at <= this.#now() + FUTURE_TICK_MS) || !usable(prices.ask) || !usable(prices.bid) || !usable(prices.mid)) {
      this.skipped += 1;
      return undefined;
    }
    const last = this.#last.get(pair);
    if (last && Math.abs(prices.ask / last.ask - 1) * 100 > MAX_MOVE_PERCENT) {
      last.far += 1;
      if (last.far < SPIKE_CONFIRMATIONS) {
        this.skipped += 1;
        return undefined;
      }
      this.#trackers.delete(pair);
    }
    this.#last.set(pair, { ask: prices.ask, far: 0 });
    try {
      return this.#tracker(pair).fold(at, prices);
    } catch {
      this.skipped += 1;
      return undefined;
    }
  }

  /**
   * Starts a pair's moves from where its stored latest price stood, before its first tick. Points
   * dated in the future or more than four days back (a 24-hour lookback over a weekend reaches
   * three) are not trusted; a pair that cannot be seeded starts from its first tick.
   */
  seed(pair: CurrencyPair, stored: Stored): void {
    if (this.#trackers.has(pair)) return;
    const now = this.#now();
    const fresh = (at: number) => at <= now + FUTURE_TICK_MS && at >= now - 4 * 86_400_000;
    const kept: Stored = {};
    for (const [side, refs] of Object.entries(stored) as [PriceSide, NonNullable<Stored[PriceSide]>][]) {
      kept[side] = Object.fromEntries(
        Object.entries(refs).filter(
          ([, p]) => p && usable(p.low) && usable(p.high) && fresh(p.lowAt) && fresh(p.highAt),
        ),
      );
    }
    const tracker = new MoveTracker(pair);
    try {
      tracker.seed(kept);
      this.#trackers.set(pair, tracker);
    } catch {
      this.#trackers.delete(pair);
    }
  }
}
