import { intervalMessageSchema, type CurrencyPair, type IntervalMessage } from '@price-alerts/domain';

/**
 * A window of EUR/USD starting at `start` (ms): first, low, high, last 100, 300, 600, 900 ms in, with
 * the same prices on every side (no spread).
 */
export function interval(
  start: number,
  ask: { first: number; low: number; high: number; last: number },
  previousAsk?: number,
  pair: CurrencyPair = 'EUR/USD',
): IntervalMessage {
  const side = { ...ask, lowAt: start + 300, highAt: start + 600 };
  return intervalMessageSchema.parse({
    pair,
    start,
    end: start + 1000,
    firstAt: start + 100,
    lastAt: start + 900,
    ticks: 4,
    ask: side,
    bid: side,
    mid: side,
    ...(previousAsk !== undefined ? { previousAsk, previousBid: previousAsk, previousMid: previousAsk } : {}),
    source: 'test',
  });
}
