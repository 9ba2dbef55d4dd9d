import type { CurrencyPair } from '@price-alerts/domain/common';
import type { IntervalMessage } from '@price-alerts/domain/prices';
import type { FeedTick } from '@price-alerts/domain/prices';
import { FUTURE_TICK_MS, WindowMoves, type MoveTracker } from '@price-alerts/domain/prices';
import { PairMoves } from './pairMoves.ts';
import { clampMoves } from './windowMoves.ts';

interface Side {
  first: number;
  low: number;
  high: number;
  last: number;
  lowAt: number;
  highAt: number;
}

interface Open {
  start: number;
  /** The grid window's end; `start` lies after the grid's start when an early cut split it. */
  end: number;
  firstAt: number;
  lastAt: number;
  ticks: number;
  ask: Side;
  bid: Side;
  mid: Side;
  moves: WindowMoves;
}

/** Mid is judged like ask and bid: its own first, low, high and last, from each tick's average. */
// Halved first: the sum of two prices near the largest number would be Infinity.
const midOf = (tick: Pick<FeedTick, 'ask' | 'bid'>): number => tick.ask / 2 + tick.bid / 2;

const side = (price: number, at: number): Side => ({
  first: price,
  low: price,
  high: price,
  last: price,
  lowAt: at,
  highAt: at,
});
/** `at` is clamped into the window's tick times by the caller; the first time a low or high is seen counts. */
const extend = (s: Side, price: number, at: number, isLast: boolean): void => {
  if (price < s.low) [s.low, s.lowAt] = [price, at];
  if (price > s.high) [s.high, s.highAt] = [price, at];
  if (isLast) s.last = price;
};

const SIDES: ((t: FeedTick) => number)[] = [(t) => t.ask, (t) => t.bid, midOf];

/** The ticks that hold each side's lowest and highest price so far, once each. */
function lateExtremes(kept: FeedTick[], tick: FeedTick): FeedTick[] {
  const all = [...kept, tick];
  const pick = SIDES.flatMap((price) => [
    all.reduce((a, b) => (price(b) < price(a) ? b : a)),
    all.reduce((a, b) => (price(b) > price(a) ? b : a)),
  ]);
  return [...new Set(pick)];
}

/**
 * Folds ticks into fixed windows per pair. It does not care where ticks come from, so an upstream
 * reconnect in the middle of a window loses nothing: the next ticks join the same window.
 */
export class Aggregator {
  readonly #open = new Map<CurrencyPair, Open>();
  /** Each side's last price of the pair's previous window. */
  readonly #previous = new Map<CurrencyPair, { ask: number; bid: number; mid: number; at: number }>();
  /** Windows a later tick closed, waiting for the window timer. */
  readonly #ready: IntervalMessage[] = [];
  /** Per pair, the end of the last window handed out: no tick may open a window before it again. */
  readonly #closedEnd = new Map<CurrencyPair, number>();
  /** The late ticks holding each side's lowest and highest price that came while no window was open, per pair. */
  readonly #late = new Map<CurrencyPair, { extremes: FeedTick[]; ticks: number }>();
  /** Each tick's moves per pair (moves.ts), late ones as seen at the latest tick's time; pairMoves.ts says which are left out. */
  readonly moves: PairMoves;
  /** Moves of late ticks that came while no window was open: the next window takes them. */
  readonly #lateMoves = new Map<CurrencyPair, WindowMoves>();

  /** `now`: the clock a tick's time is checked against before its moves are folded (pairMoves.ts). */
  constructor(
    readonly windowMs: number,
    readonly source: string,
    readonly now: () => number = Date.now,
  ) {
    this.moves = new PairMoves(now);
  }

  /** Ticks left out for a time more than FUTURE_TICK_MS ahead of the clock, since the start. */
  futureTicks = 0;

  /** Starts a pair's moves from where its stored latest price stood, before its first tick (pairMoves.ts). */
  seedMoves(
    pair: CurrencyPair,
    stored: Parameters<MoveTracker['seed']>[0],
    latest: { ask: number; bid: number },
  ): void {
    this.moves.seed(pair, stored, { ask: latest.ask, bid: latest.bid, mid: midOf(latest) });
  }

  windowStart(timestamp: number): number {
    return Math.floor(timestamp / this.windowMs) * this.windowMs;
  }

  /**
   * Adds a tick. A tick of a later window closes the pair's open window, which waits for the next
   * `flush`: only the window timer publishes (and `cut`, at most once a pair a window), so a busy feed
   * still makes one message per window.
   */
  add(given: FeedTick & { pair: CurrencyPair }): void {
    // A time no clock shows would open a window no later tick could close.
    if (!Number.isFinite(given.timestamp)) return;
    const now = this.now();
    // Dated ahead of our clock, a tick would open a window that every tick after it joins as late and
    // that nothing closes until the clock gets there: the pair's alerts would wait. Up to a minute
    // ahead (a provider's clock running fast) it counts as seen now; further, it is left out.
    if (given.timestamp > now + FUTURE_TICK_MS) {
      this.futureTicks += 1;
      return;
    }
    const tick = given.timestamp > now ? { ...given, timestamp: now } : given;
    const moves = this.moves.fold(tick.pair, tick.timestamp, { ask: tick.ask, bid: tick.bid, mid: midOf(tick) });
    const open = this.#open.get(tick.pair);
    if (open && tick.timestamp >= open.end) this.#ready.push(this.#close(tick.pair, open));
    const current = this.#open.get(tick.pair);
    const closedEnd = this.#closedEnd.get(tick.pair);
    if (current && tick.timestamp < current.start) {
      if (moves) current.moves.add(moves, true);
      return this.#foldLate(current, tick);
    }
    if (!current && closedEnd !== undefined && tick.timestamp < closedEnd) {
      // Cut early, and the grid window goes on: a tick of the same millisecond as the cut, or a
      // little behind it, opens the rest of the window, dated at its start, rather than wait for a
      // window that may never come.
      if (closedEnd % this.windowMs !== 0 && tick.timestamp >= this.windowStart(closedEnd - 1)) {
        this.#openWindow({ ...tick, timestamp: closedEnd }, closedEnd);
        if (moves) this.#open.get(tick.pair)?.moves.add(moves);
        return;
      }
      // Late for a window already handed out, and no window open: it waits for the next window, so
      // no window is published twice and a late price is never taken for a first or last one.
      const late = this.#late.get(tick.pair) ?? { extremes: [], ticks: 0 };
      late.extremes = lateExtremes(late.extremes, tick);
      late.ticks += 1;
      this.#late.set(tick.pair, late);
      if (!moves) return;
      const lateMoves = this.#lateMoves.get(tick.pair) ?? new WindowMoves();
      lateMoves.add(moves);
      this.#lateMoves.set(tick.pair, lateMoves);
      return;
    }
    const at = tick.timestamp;
    if (!current) {
      // After an early cut the rest of the grid window is a window of its own.
      this.#openWindow(tick, Math.max(this.windowStart(at), closedEnd ?? -Infinity));
    } else {
      current.lastAt = Math.max(current.lastAt, tick.timestamp);
      extend(current.ask, tick.ask, current.lastAt, true);
      extend(current.bid, tick.bid, current.lastAt, true);
      extend(current.mid, midOf(tick), current.lastAt, true);
      current.ticks += 1;
    }
    if (moves) this.#open.get(tick.pair)?.moves.add(moves);
  }

  /**
   * A late tick from an already-closed window: its low or high counts in the given one (as seen at
   * that window's first tick) rather than being lost; it is not the latest price.
   */
  #foldLate(window: Open, tick: FeedTick, ticks = 1): void {
    extend(window.ask, tick.ask, window.firstAt, false);
    extend(window.bid, tick.bid, window.firstAt, false);
    extend(window.mid, midOf(tick), window.firstAt, false);
    window.ticks += ticks;
  }

  #openWindow(tick: FeedTick & { pair: CurrencyPair }, start: number): void {
    const at = tick.timestamp;
    const window: Open = {
      start,
      end: this.windowStart(start) + this.windowMs,
      firstAt: at,
      lastAt: at,
      ticks: 1,
      ask: side(tick.ask, at),
      bid: side(tick.bid, at),
      mid: side(midOf(tick), at),
      moves: this.#lateMoves.get(tick.pair) ?? new WindowMoves(),
    };
    this.#lateMoves.delete(tick.pair);
    this.#open.set(tick.pair, window);
    const late = this.#late.get(tick.pair);
    if (!late) return;
    this.#late.delete(tick.pair);
    late.extremes.forEach((t, i) => this.#foldLate(window, t, i === 0 ? late.ticks : 0));
  }

  /** Every window closed by a later tick, plus every window that ended at or before `now`. */
  flush(now: number): IntervalMessage[] {
    const closed = this.#ready.splice(0);
    for (const [pair, open] of this.#open) {
      if (open.end <= now) closed.push(this.#close(pair, open));
    }
    return closed;
  }

  /**
   * The pair's open window as it would close now, without closing it: what the ingest service
   * judges on each tick to know whether to cut the window early.
   */
  peek(pair: CurrencyPair): IntervalMessage | undefined {
    const open = this.#open.get(pair);
    // Judged at once and dropped: its moves are the open window's own, not a copy made every tick.
    return open && this.#message(pair, open, this.#cutEnd(open), this.#previous.get(pair), false);
  }

  /**
   * Closes the pair's open window at its last tick, before the grid window's end, so a window that
   * reaches a level is judged at once; later ticks of the grid window make a window of their own.
   * Returns it after the pair's windows a later tick closed and the timer has not handed out yet:
   * a pair's windows always leave in time order.
   */
  cut(pair: CurrencyPair): IntervalMessage[] {
    const open = this.#open.get(pair);
    if (!open) return [];
    const earlier = this.#ready.filter((m) => m.pair === pair);
    if (earlier.length) this.#ready.splice(0, this.#ready.length, ...this.#ready.filter((m) => m.pair !== pair));
    return [...earlier, this.#close(pair, open, this.#cutEnd(open))];
  }

  /** A millisecond after the last tick (times may have fractions of one): windows start and end on whole ones. */
  #cutEnd(open: Open): number {
    return Math.min(open.end, Math.floor(Math.max(open.start, open.lastAt)) + 1);
  }

  #close(pair: CurrencyPair, open: Open, end = open.end): IntervalMessage {
    this.#open.delete(pair);
    this.#closedEnd.set(pair, end);
    const previous = this.#previous.get(pair);
    this.#previous.set(pair, { ask: open.ask.last, bid: open.bid.last, mid: open.mid.last, at: open.lastAt });
    return this.#message(pair, open, end, previous);
  }

  #message(
    pair: CurrencyPair,
    open: Open,
    end: number,
    previous: { ask: number; bid: number; mid: number; at: number } | undefined,
    final = true,
  ): IntervalMessage {
    const lastAt = Math.min(open.lastAt, end - 1);
    const clamp = (s: Side): Side => ({ ...s, lowAt: Math.min(s.lowAt, lastAt), highAt: Math.min(s.highAt, lastAt) });
    return {
      pair,
      start: open.start,
      end,
      // Clamped with lastAt: a window cut at a tick with a fraction of a millisecond ends on the next whole one.
      firstAt: Math.min(open.firstAt, lastAt),
      lastAt,
      ticks: open.ticks,
      ask: clamp(open.ask),
      bid: clamp(open.bid),
      mid: clamp(open.mid),
      ...(previous
        ? { previousAsk: previous.ask, previousBid: previous.bid, previousMid: previous.mid, previousAt: previous.at }
        : {}),
      ...(open.moves.empty
        ? {}
        : { moves: final ? clampMoves(open.moves.peek(), Math.min(open.firstAt, lastAt), lastAt) : open.moves.peek() }),
      source: this.source,
    };
  }
}
