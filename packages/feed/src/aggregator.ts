import type { CurrencyPair, FeedTick, IntervalMessage } from '@price-alerts/domain';

interface Side {
  first: number;
  low: number;
  high: number;
  last: number;
}

interface Open {
  start: number;
  firstAt: number;
  lastAt: number;
  ticks: number;
  ask: Side;
  bid: Side;
}

const side = (price: number): Side => ({ first: price, low: price, high: price, last: price });
const extend = (s: Side, price: number): void => {
  s.low = Math.min(s.low, price);
  s.high = Math.max(s.high, price);
  s.last = price;
};

/**
 * Folds ticks into fixed windows per pair. It does not care where ticks come from, so an upstream
 * reconnect in the middle of a window loses nothing: the next ticks join the same window.
 */
export class Aggregator {
  readonly #open = new Map<CurrencyPair, Open>();
  readonly #previousAsk = new Map<CurrencyPair, number>();

  constructor(
    readonly windowMs: number,
    readonly source: string,
  ) {}

  windowStart(timestamp: number): number {
    return Math.floor(timestamp / this.windowMs) * this.windowMs;
  }

  /** Adds a tick; a tick of a later window first closes the pair's open one and returns it. */
  add(tick: FeedTick & { pair: CurrencyPair }): IntervalMessage | undefined {
    const start = this.windowStart(tick.timestamp);
    const open = this.#open.get(tick.pair);
    let closed: IntervalMessage | undefined;
    if (open && start > open.start) closed = this.#close(tick.pair, open);
    const current = this.#open.get(tick.pair);
    if (current && start < current.start) {
      // A late tick from an already-closed window: counted in the current one rather than lost.
      extend(current.ask, tick.ask);
      extend(current.bid, tick.bid);
      current.ticks += 1;
      return closed;
    }
    if (!current) {
      this.#open.set(tick.pair, {
        start,
        firstAt: tick.timestamp,
        lastAt: tick.timestamp,
        ticks: 1,
        ask: side(tick.ask),
        bid: side(tick.bid),
      });
    } else {
      extend(current.ask, tick.ask);
      extend(current.bid, tick.bid);
      current.lastAt = tick.timestamp;
      current.ticks += 1;
    }
    return closed;
  }

  /** Closes every window that ended at or before `now` (a timer calls this at window ends). */
  flush(now: number): IntervalMessage[] {
    const closed: IntervalMessage[] = [];
    for (const [pair, open] of this.#open) {
      if (open.start + this.windowMs <= now) closed.push(this.#close(pair, open));
    }
    return closed;
  }

  #close(pair: CurrencyPair, open: Open): IntervalMessage {
    this.#open.delete(pair);
    const previousAsk = this.#previousAsk.get(pair);
    this.#previousAsk.set(pair, open.ask.last);
    const end = open.start + this.windowMs;
    return {
      pair,
      start: open.start,
      end,
      firstAt: open.firstAt,
      lastAt: Math.min(open.lastAt, end - 1),
      ticks: open.ticks,
      ask: { ...open.ask },
      bid: { ...open.bid },
      ...(previousAsk !== undefined ? { previousAsk } : {}),
      source: this.source,
    };
  }
}
