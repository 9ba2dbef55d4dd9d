/**
 * Moves: how far a pair's price has come, per side, against the references a move alert names:
 * the lowest (for a rise) or highest (for a fall) price of a trailing lookback, or the trading
 * day's open. The ingest service folds every tick in (MoveTracker) and publishes, with each price
 * window, the largest, smallest and last move of the window per reference (WindowMoves), so the
 * evaluator judges move alerts from the window alone, without a read per alert.
 *
 * - A lookback counts trading time: the hours a market is shut for the weekend are left out, so
 *   the first prices after the Sunday open are measured against the last ones before the Friday
 *   close, and a weekend gap counts as a move at the open.
 * - The reference includes the price measured: a lookback's low is at most the price itself, so a
 *   rise is never negative; a day's change is against the day's first price on that side.
 * - After the ingest service restarts, a tracker starts from where the stored latest price stood
 *   (`seed`); with nothing stored, a lookback reaches back only to its first price, and the day's
 *   open is the first price it saw in the day (as for the top pairs' change, pairDay.ts).
 */
import {
  MOVE_DIRECTIONS,
  MOVE_LOOKBACK_MINUTES,
  MOVE_REFERENCES,
  type CurrencyPair,
  type MoveReference,
  type MoveDirection,
  type MoveLookback,
  type PriceSide,
} from '../common/constants.ts';
import { hasMarketHours, isMarketOpen, previousClose, previousOpen } from './marketHours.ts';
import { tradingDayStart } from './pairDay.ts';
import { RollingExtremes } from './rollingExtremes.ts';

const MINUTE_MS = 60_000;
const LONGEST_MS = 1440 * MINUTE_MS;

export const lookbackReference = (minutes: MoveLookback): MoveReference => String(minutes) as MoveReference;
const LOOKBACK_SPANS = MOVE_LOOKBACK_MINUTES.map((m) => [lookbackReference(m), m * MINUTE_MS] as const);

/** One price measured against its reference: `from` is the lookback's low or high, or the day's open. */
export interface MovePoint {
  price: number;
  at: number;
  from: number;
  fromAt: number;
}

/** The move of a point, in per cent: how far it rose above `from` ('up') or fell below it ('down'). */
export function movePercent(direction: MoveDirection, p: Pick<MovePoint, 'price' | 'from'>): number {
  return direction === 'up' ? (p.price / p.from - 1) * 100 : (1 - p.price / p.from) * 100;
}

/**
 * Whether a move reaches a threshold. Per cents are quotients, so a price exactly at the threshold's
 * level may come out a hair under it: a billionth of a per cent is forgiven, here and in the
 * evaluator's queries alike.
 */
export const MOVE_EPSILON = 1e-9;
export const reachesMove = (percent: number, threshold: number): boolean => percent >= threshold - MOVE_EPSILON;

/** Where a stored latest price stood for one reference (latestMoves.ts): the lookback's low and high, or the open. */
export interface SeedPoint {
  low: number;
  lowAt: number;
  high: number;
  highAt: number;
}

/** The ticks' moves for one reference: 'up' against the low (or the open), 'down' against the high (or the open). */
export type TickMove = Record<MoveDirection, MovePoint>;
export type TickMoves = Record<MoveReference, TickMove>;

/**
 * A pair's clock with its weekends taken out: trading time runs with the wall clock while the
 * market is open and stands still while it is shut, so a lookback spans trading minutes. A tick
 * seen while the market is shut (a quote before the open, a stray one at the weekend) counts as
 * seen at the close, so it neither moves the clock nor hides the weekend from the next open.
 */
export class TradingClock {
  readonly #pair: CurrencyPair;
  #shutMs = 0;
  /** The wall time the last tick counted as (its close when it came while the market was shut). */
  #lastAt: number | undefined;
  #lastShut = false;

  constructor(pair: CurrencyPair) {
    this.#pair = pair;
  }

  /** Trading time of a tick at `at` (not earlier than the last one asked about). */
  at(at: number): number {
    if (!hasMarketHours(this.#pair)) return at;
    const shut = !isMarketOpen(this.#pair, at);
    const counted = shut ? (previousClose(this.#pair, at) ?? at) : at;
    // The market is shut for two days at a time: after an open tick, a shorter gap holds no open.
    if (this.#lastAt !== undefined && !shut && (this.#lastShut || at - this.#lastAt > MINUTE_MS)) {
      const open = previousOpen(this.#pair, at);
      if (open !== undefined && this.#lastAt < open) {
        const close = previousClose(this.#pair, open) ?? open;
        this.#shutMs += open - Math.max(close, this.#lastAt);
      }
    }
    this.#lastAt = counted;
    this.#lastShut = shut;
    return counted - this.#shutMs;
  }
}

interface SideState {
  lows: RollingExtremes;
  highs: RollingExtremes;
  dayStart: number;
  open: number;
  openAt: number;
}

/** Every tick of one pair in, each side's moves against every reference out. */
export class MoveTracker {
  readonly #pair: CurrencyPair;
  readonly #clock: TradingClock;
  readonly #sides = new Map<PriceSide, SideState>();
  /** The queues' size cap and grain (RollingExtremes): tests make them small or exact. */
  readonly #queues: { cap?: number; grainMs?: number };
  #lastAt = Number.NEGATIVE_INFINITY;
  /** The trading day of the latest tick, and when the next one may start at the earliest. */
  #day = { start: Number.NEGATIVE_INFINITY, until: Number.NEGATIVE_INFINITY };

  constructor(pair: CurrencyPair, queues: { cap?: number; grainMs?: number } = {}) {
    this.#pair = pair;
    this.#clock = new TradingClock(pair);
    this.#queues = queues;
  }

  /** The trading day's start, worked out once a day (the next starts 23 to 25 hours later). */
  #dayStart(at: number): number {
    if (at < this.#day.start || at >= this.#day.until) {
      const start = tradingDayStart(this.#pair, at);
      this.#day = { start, until: tradingDayStart(this.#pair, start + 25 * 3_600_000) };
    }
    return this.#day.start;
  }

  /**
   * Starts a new tracker from where the latest stored price stood (latestMoves.ts) before the
   * service restarted: each lookback's low and high and the day's open, so the first prices after
   * a restart are measured as before it, not from themselves (which would re-arm every fired
   * every-time move alert at once). What lay between those lows and highs is not known: a
   * lookback's far end moves on to the prices seen since. Call it before the first tick.
   */
  seed(stored: Partial<Record<PriceSide, Partial<Record<MoveReference, SeedPoint>>>>): void {
    if (this.#lastAt !== Number.NEGATIVE_INFINITY) return;
    const points: { side: PriceSide; kind: 'low' | 'high' | 'open'; price: number; at: number }[] = [];
    for (const side of ['ask', 'bid', 'mid'] as const) {
      for (const [ref, p] of Object.entries(stored[side] ?? {}) as [MoveReference, SeedPoint][]) {
        if (ref === 'day') points.push({ side, kind: 'open', price: p.low, at: p.lowAt });
        else
          points.push(
            { side, kind: 'low', price: p.low, at: p.lowAt },
            { side, kind: 'high', price: p.high, at: p.highAt },
          );
      }
    }
    for (const p of points.sort((a, b) => a.at - b.at)) {
      const clock = this.#clock.at(p.at);
      this.#lastAt = Math.max(this.#lastAt, p.at);
      // A seeded low or high is no open: without a stored one the side's first tick opens its day.
      const s = this.#side(p.side, Number.NaN, p.at);
      if (p.kind === 'open')
        Object.assign(s, { dayStart: tradingDayStart(this.#pair, p.at), open: p.price, openAt: p.at });
      else (p.kind === 'low' ? s.lows : s.highs).push(clock, p.at, p.price);
    }
  }

  /** The side's state, made on its first price (which opens the day, unless a seed said otherwise). */
  #side(side: PriceSide, price: number, at: number): SideState {
    let s = this.#sides.get(side);
    if (!s) {
      s = {
        lows: new RollingExtremes('low', LONGEST_MS, this.#queues),
        highs: new RollingExtremes('high', LONGEST_MS, this.#queues),
        dayStart: this.#dayStart(at),
        open: price,
        openAt: at,
      };
      this.#sides.set(side, s);
    }
    return s;
  }

  /**
   * Folds one tick (its prices per side, seen at `at`) and returns its moves. A tick dated before
   * the latest one folded counts as seen with it: the queues need time order, and the aggregator
   * likewise folds a late tick into the open window.
   */
  fold(at: number, prices: Record<PriceSide, number>): Record<PriceSide, TickMoves> {
    const seenAt = Math.max(at, this.#lastAt);
    this.#lastAt = seenAt;
    const clock = this.#clock.at(seenAt);
    const dayStart = this.#dayStart(seenAt);
    const out = {} as Record<PriceSide, TickMoves>;
    for (const side of ['ask', 'bid', 'mid'] as const) {
      const price = prices[side];
      const s = this.#side(side, price, seenAt);
      if (dayStart > s.dayStart || Number.isNaN(s.open)) Object.assign(s, { dayStart, open: price, openAt: seenAt });
      s.lows.push(clock, seenAt, price);
      s.highs.push(clock, seenAt, price);
      const moves = {} as TickMoves;
      const here = { price, at: seenAt };
      for (const [reference, span] of LOOKBACK_SPANS) {
        // Never undefined: the price just pushed is within every span.
        const low = s.lows.over(clock, span) ?? here;
        const high = s.highs.over(clock, span) ?? here;
        moves[reference] = {
          up: { price, at: seenAt, from: low.price, fromAt: low.at },
          down: { price, at: seenAt, from: high.price, fromAt: high.at },
        };
      }
      const open = { price, at: seenAt, from: s.open, fromAt: s.openAt };
      moves.day = { up: open, down: open };
      out[side] = moves;
    }
    return out;
  }
}

/** A window's moves for one reference and direction: the largest, the smallest and the last. */
export interface MoveStats {
  best: MovePoint;
  least: MovePoint;
  last: MovePoint;
}
export type ReferenceMoves = Record<MoveDirection, MoveStats>;
export type SideMoves = Partial<Record<MoveReference, ReferenceMoves>>;

/** Folds the ticks of one window; `take` hands them over and starts the next window empty. */
export class WindowMoves {
  #sides: Partial<Record<PriceSide, SideMoves>> = {};

  /**
   * Folds one tick's moves. A late tick (`late`: it belongs to a window already closed) counts
   * toward the largest and smallest move, as it does toward the window's low and high, but is
   * never its last: the aggregator never takes a late price for a window's last one.
   */
  add(moves: Record<PriceSide, TickMoves>, late = false): void {
    for (const [side, refs] of Object.entries(moves) as [PriceSide, TickMoves][]) {
      const kept = (this.#sides[side] ??= {});
      for (const ref of MOVE_REFERENCES) {
        const tick = refs[ref];
        const stats = kept[ref];
        if (!stats) {
          kept[ref] = {
            up: { best: tick.up, least: tick.up, last: tick.up },
            down: { best: tick.down, least: tick.down, last: tick.down },
          };
          continue;
        }
        for (const direction of MOVE_DIRECTIONS) foldStats(stats[direction], tick[direction], direction, late);
      }
    }
  }

  get empty(): boolean {
    return Object.keys(this.#sides).length === 0;
  }

  /** The moves so far, still folded into by later ticks: copy what must stay as it is. */
  peek(): Partial<Record<PriceSide, SideMoves>> {
    return this.#sides;
  }

  take(): Partial<Record<PriceSide, SideMoves>> {
    const taken = this.#sides;
    this.#sides = {};
    return taken;
  }
}

/** Ties keep the earlier point: a move alert fires on the first price that reaches its threshold. */
function foldStats(stats: MoveStats, point: MovePoint, direction: MoveDirection, late: boolean): void {
  const percent = movePercent(direction, point);
  if (percent > movePercent(direction, stats.best)) stats.best = point;
  if (percent < movePercent(direction, stats.least)) stats.least = point;
  if (!late) stats.last = point;
}
