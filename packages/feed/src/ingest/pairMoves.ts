/**
 * Each pair's moves tracker (moves.ts), behind the guards the upstream's data needs: a tick the
 * trackers must not take (dated further ahead of this clock than any true tick, a price that is
 * not a positive finite number) is left out of the moves, though its window still counts it, and
 * nothing a tick carries can make folding throw into the socket that brought it.
 *
 * A tick with any side more than half again above, or a third below, that side's last price taken
 * is a bad quote, not a market: kept, it would be a lookback's low or the day's open for up to a day
 * and fire every move alert on the pair. It is left out; when SPIKE_CONFIRMATIONS such ticks come
 * in a row the market has moved there after all, and the pair's moves start afresh from the last.
 *
 * A smaller jump that is still unusual for the market from one tick to the next (UNUSUAL_RATIO) is
 * believed only when the next tick stays nearer it than the price before: a lone print that comes
 * straight back would otherwise fire the pair's move alerts, and be their low or high for a day.
 * The first such tick is left out either way, so a true jump is measured one tick later.
 */
import { MAX_MOVE_PERCENT, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import { FUTURE_TICK_MS, MoveTracker, marketKind, type MarketKind, type TickMoves } from '@price-alerts/domain/prices';
import type { PriceDocument } from '@price-alerts/domain/store';
import type { Logger } from '../shared/log.ts';

type Stored = Parameters<MoveTracker['seed']>[0];

const usable = (p: number) => Number.isFinite(p) && p > 0;
export const SPIKE_CONFIRMATIONS = 3;

const SIDES = ['ask', 'bid', 'mid'] as const;
/** How far, as a ratio either way, a price may lie from the side's last one taken: 1.5 is 50% up or a third down. */
const MAX_RATIO = 1 + MAX_MOVE_PERCENT / 100;

const ratio = (a: number, b: number) => Math.max(a / b, b / a);
/** Whether a price lies too far from the last one taken, judged the same way up and down. */
const far = (price: number, last: number) => ratio(price, last) > MAX_RATIO;
/** A change from one tick to the next that one tick alone does not make believable, per market. */
export const UNUSUAL_RATIO: Record<MarketKind, number> = { fx: 1.03, metal: 1.05, crypto: 1.15 };

export class PairMoves {
  readonly #trackers = new Map<CurrencyPair, MoveTracker>();
  /** Per pair, each side's last price taken, and how many ticks in a row lay too far from them. */
  readonly #last = new Map<CurrencyPair, { prices: Record<PriceSide, number>; far: number }>();
  /** Per pair, an unusual tick left out, waiting for the next to say whether the market is there. */
  readonly #held = new Map<CurrencyPair, Record<PriceSide, number>>();
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
    if (!(at <= this.#now() + FUTURE_TICK_MS) || !SIDES.every((side) => usable(prices[side]))) {
      this.skipped += 1;
      return undefined;
    }
    const last = this.#last.get(pair);
    // Each side on its own: a sound ask beside a bid of nothing is still a bad quote.
    if (last && SIDES.some((side) => far(prices[side], last.prices[side]))) {
      last.far += 1;
      if (last.far < SPIKE_CONFIRMATIONS) {
        this.skipped += 1;
        return undefined;
      }
      this.#trackers.delete(pair);
      this.#held.delete(pair);
    } else if (last && this.#unusual(pair, prices, last.prices)) {
      this.skipped += 1;
      return undefined;
    }
    this.#last.set(pair, { prices: { ...prices }, far: 0 });
    try {
      return this.#tracker(pair).fold(at, prices);
    } catch {
      this.skipped += 1;
      return undefined;
    }
  }

  /**
   * Whether to leave the tick out as an unusual jump from the last price taken: unless the tick
   * before was one and this one stays nearer it (the market moved there), it is held for the next.
   */
  #unusual(pair: CurrencyPair, prices: Record<PriceSide, number>, last: Record<PriceSide, number>): boolean {
    const held = this.#held.get(pair);
    this.#held.delete(pair);
    const limit = UNUSUAL_RATIO[marketKind(pair)];
    if (!SIDES.some((side) => ratio(prices[side], last[side]) > limit)) return false;
    if (held && ratio(prices.mid, held.mid) < ratio(prices.mid, last.mid)) return false;
    this.#held.set(pair, { ...prices });
    return true;
  }

  /**
   * Starts a pair's moves from where its stored latest price stood, before its first tick, and
   * judges the first tick against that price as any other. Points dated in the future or more than
   * four days back (a 24-hour lookback over a weekend reaches three) are not trusted; a pair that
   * cannot be seeded starts from its first tick.
   */
  seed(pair: CurrencyPair, stored: Stored, latest: Record<PriceSide, number>): void {
    if (this.#trackers.has(pair)) return;
    try {
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
      tracker.seed(kept);
      this.#trackers.set(pair, tracker);
      if (SIDES.every((side) => usable(latest[side]))) this.#last.set(pair, { prices: { ...latest }, far: 0 });
    } catch {
      this.#trackers.delete(pair);
    }
  }
}

/**
 * Reads the stored latest prices once at start and seeds each pair that has moves: measured from
 * themselves, the first prices after a restart would show no move and re-arm every fired
 * every-time move alert. One read of the 15 prices a start, bounded at 10 s; a store that cannot
 * be read is logged and the moves start from the first ticks.
 */
export async function seedFromStore(
  load: (() => Promise<PriceDocument[]>) | undefined,
  seed: (price: PriceDocument, moves: NonNullable<PriceDocument['moves']>) => void,
  log: Logger,
): Promise<void> {
  if (!load) return;
  try {
    const stored = await Promise.race([
      load(),
      new Promise<never>((_, fail) => setTimeout(() => fail(new Error('no answer in 10 s')), 10_000).unref()),
    ]);
    for (const price of stored) if (price.moves) seed(price, price.moves);
  } catch (error) {
    log.warn('Could not read the latest prices; moves start from the first ticks', { error: String(error) });
  }
}
