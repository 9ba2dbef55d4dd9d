import { describe, expect, it } from 'vitest';
import { firedAtOpen, pathFromInterval, pathFromLatest, type Firing, type PricePath } from './crossing.ts';
import { intervalMessageSchema } from '../prices/intervals.ts';

describe('firedAtOpen: the first price after the weekend close', () => {
  const t = (iso: string) => Date.parse(iso);
  const path = (beforeAt?: string): PricePath => ({
    before: { price: 1.1, heldUntil: 0, ...(beforeAt ? { at: t(beforeAt) } : {}) },
    points: [],
  });
  const firing = (iso: string): Firing => ({ price: 1.12, at: t(iso) });
  // Winter: the FX week closes Friday 22:00 UTC and opens Sunday 22:00 UTC.
  it.each<[string, Parameters<typeof firedAtOpen>[0], PricePath, Firing, boolean]>([
    ['Friday close to Sunday open', 'EUR/USD', path('2026-11-20T21:59:59Z'), firing('2026-11-22T22:00:01Z'), true],
    ['a metal too', 'XAU/USD', path('2026-11-20T21:59:59Z'), firing('2026-11-22T22:00:01Z'), true],
    [
      'a price after the open before it',
      'EUR/USD',
      path('2026-11-22T22:00:05Z'),
      firing('2026-11-22T22:00:06Z'),
      false,
    ],
    ['midweek', 'EUR/USD', path('2026-11-24T10:00:00Z'), firing('2026-11-24T10:00:01Z'), false],
    ['crypto never closes', 'BTC/USD', path('2026-11-20T21:59:59Z'), firing('2026-11-22T22:00:01Z'), false],
    ['the time of the price before unknown', 'EUR/USD', path(), firing('2026-11-22T22:00:01Z'), false],
    ['no price before at all', 'EUR/USD', { points: [] }, firing('2026-11-22T22:00:01Z'), false],
    ['a price before from the epoch', 'EUR/USD', path('1970-01-01T00:00:00Z'), firing('2026-11-22T22:00:01Z'), false],
    [
      'an outage of a week across the weekend',
      'EUR/USD',
      path('2026-11-16T10:00:00Z'),
      firing('2026-11-22T22:00:01Z'),
      false,
    ],
    [
      'a first price days after the open',
      'EUR/USD',
      path('2026-11-20T21:59:59Z'),
      firing('2026-11-25T10:00:00Z'),
      false,
    ],
    ['within the open hour', 'EUR/USD', path('2026-11-20T21:59:59Z'), firing('2026-11-22T22:59:00Z'), true],
  ])('%s: %s', (_label, pair, p, f, expected) => {
    expect(firedAtOpen(pair, p, f)).toBe(expected);
  });

  it('an interval and the scheduled check carry the time of the price before', () => {
    const m = intervalMessageSchema.parse({
      pair: 'EUR/USD',
      start: 1000,
      end: 2000,
      firstAt: 1100,
      lastAt: 1900,
      ticks: 1,
      ask: { first: 1.1, low: 1.1, high: 1.1, last: 1.1, lowAt: 1100, highAt: 1100 },
      bid: { first: 1.1, low: 1.1, high: 1.1, last: 1.1, lowAt: 1100, highAt: 1100 },
      previousAsk: 1.09,
      previousBid: 1.09,
      previousAt: 500,
      source: 'test',
    });
    expect(pathFromInterval(m).before).toEqual({ price: 1.09, heldUntil: 1100, at: 500 });
    expect(pathFromLatest({ price: 1.09, at: 500 }, { price: 1.1, at: 900 }).before).toEqual({
      price: 1.09,
      heldUntil: 500,
      at: 500,
    });
  });
});
