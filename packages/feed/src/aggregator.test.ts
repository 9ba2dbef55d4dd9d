import { intervalMessageSchema, type CurrencyPair } from '@price-alerts/domain';
import { describe, expect, it } from 'vitest';
import { Aggregator } from './aggregator.ts';

const tick = (pair: CurrencyPair, ask: number, timestamp: number) => ({
  symbol: pair.replace('/', ''),
  pair,
  ask,
  bid: ask - 0.0001,
  timestamp,
});

describe('Aggregator', () => {
  it('keeps first, low, high and last per side and closes a window when the next one starts', () => {
    const agg = new Aggregator(1000, 'test');
    expect(agg.add(tick('EUR/USD', 1.1, 10_100))).toBeUndefined();
    agg.add(tick('EUR/USD', 1.105, 10_200));
    agg.add(tick('EUR/USD', 1.098, 10_500));
    agg.add(tick('EUR/USD', 1.101, 10_900));
    const closed = agg.add(tick('EUR/USD', 1.2, 11_050));
    expect(closed).toMatchObject({
      pair: 'EUR/USD',
      start: 10_000,
      end: 11_000,
      firstAt: 10_100,
      lastAt: 10_900,
      ticks: 4,
      ask: { first: 1.1, low: 1.098, high: 1.105, last: 1.101, lowAt: 10_500, highAt: 10_200 },
    });
    expect(closed?.previousAsk).toBeUndefined();
    expect(intervalMessageSchema.safeParse(closed).success).toBe(true);
  });

  it('carries the last ask of a window into the next as previousAsk', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('BTC/USD', 90_000, 1_000));
    agg.add(tick('BTC/USD', 91_000, 2_000));
    const [second] = agg.flush(3_000);
    expect(second).toMatchObject({ start: 2_000, previousAsk: 90_000, ask: { first: 91_000, last: 91_000 } });
  });

  it('keeps the time of the first low and high, and clamps tick times into the window', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 4_100));
    agg.add(tick('EUR/USD', 1.09, 4_300));
    agg.add(tick('EUR/USD', 1.09, 4_400));
    agg.add(tick('EUR/USD', 1.12, 4_600));
    agg.add(tick('EUR/USD', 1.1, 4_999.5));
    const [closed] = agg.flush(5_000);
    expect(closed).toMatchObject({ ask: { lowAt: 4_300, highAt: 4_600 }, lastAt: 4_999 });
    expect(intervalMessageSchema.safeParse(closed).success).toBe(true);
  });

  it('flushes only windows that have ended, per pair', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 5_100));
    agg.add(tick('GBP/USD', 1.25, 5_900));
    expect(agg.flush(5_999)).toEqual([]);
    expect(
      agg
        .flush(6_000)
        .map((m) => m.pair)
        .sort(),
    ).toEqual(['EUR/USD', 'GBP/USD']);
    expect(agg.flush(7_000)).toEqual([]);
  });

  it('counts a late tick in the open window instead of losing it, without taking it for the latest price', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 2_100));
    agg.add(tick('EUR/USD', 1.3, 1_900));
    const [closed] = agg.flush(3_000);
    expect(closed).toMatchObject({ ticks: 2, ask: { first: 1.1, high: 1.3, highAt: 2_100, last: 1.1 } });
    expect(intervalMessageSchema.safeParse(closed).success).toBe(true);
  });
});
