import { type CurrencyPair } from '@price-alerts/domain/common';
import { intervalMessageSchema, type IntervalMessage } from '@price-alerts/domain/prices';

/** One side's prices in a window; `lowAt` and `highAt` are ms into it (300 and 600 unless given). */
export interface WindowPrices {
  first: number;
  low: number;
  high: number;
  last: number;
  lowAt?: number;
  highAt?: number;
}

/** The same prices `by` lower: a bid below an ask. */
export const shifted = (p: WindowPrices, by: number): WindowPrices => ({
  ...p,
  first: p.first - by,
  low: p.low - by,
  high: p.high - by,
  last: p.last - by,
});

const average = (a: WindowPrices, b: WindowPrices): WindowPrices => ({
  ...a,
  first: (a.first + b.first) / 2,
  low: (a.low + b.low) / 2,
  high: (a.high + b.high) / 2,
  last: (a.last + b.last) / 2,
});

/**
 * A window of `pair` (EUR/USD) starting at `start` (ms): first and last 100 and 900 ms in. The bid is
 * the ask (no spread) unless given; mid is their average; each side's price before the window is the
 * ask's `previousAsk` less the side's spread at the window's first price.
 */
export function interval(
  start: number,
  ask: WindowPrices,
  previousAsk?: number,
  pair: CurrencyPair = 'EUR/USD',
  bid: WindowPrices = ask,
): IntervalMessage {
  const mid = average(ask, bid);
  const side = (p: WindowPrices) => ({
    first: p.first,
    low: p.low,
    high: p.high,
    last: p.last,
    lowAt: start + (p.lowAt ?? 300),
    highAt: start + (p.highAt ?? 600),
  });
  const before = (p: WindowPrices) => (previousAsk === undefined ? undefined : previousAsk - (ask.first - p.first));
  return intervalMessageSchema.parse({
    pair,
    start,
    end: start + 1000,
    firstAt: start + 100,
    lastAt: start + 900,
    ticks: 4,
    ask: side(ask),
    bid: side(bid),
    mid: side(mid),
    ...(previousAsk !== undefined ? { previousAsk, previousBid: before(bid), previousMid: before(mid) } : {}),
    source: 'test',
  });
}
