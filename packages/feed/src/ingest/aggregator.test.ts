import { type CurrencyPair } from '@price-alerts/domain/common';
import { intervalMessageSchema } from '@price-alerts/domain/prices';
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
    agg.add(tick('EUR/USD', 1.1, 10_100));
    agg.add(tick('EUR/USD', 1.105, 10_200));
    agg.add(tick('EUR/USD', 1.098, 10_500));
    agg.add(tick('EUR/USD', 1.101, 10_900));
    agg.add(tick('EUR/USD', 1.2, 11_050));
    // The next window's first tick closed it; the window timer (flush) hands it out.
    const [closed, ...rest] = agg.flush(11_005);
    expect(rest).toEqual([]);
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

  it('never publishes a window twice, nor takes a late tick for a first or last price', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.05, 100_200));
    agg.add(tick('EUR/USD', 1.1, 100_500));
    expect(agg.flush(101_005).map((w) => w.start)).toEqual([100_000]);
    // Stamped inside the published window, arriving after it was flushed, with no window open (a
    // replay or a slow provider): nothing is published for it on its own.
    agg.add(tick('EUR/USD', 1.05, 100_200));
    expect(agg.flush(102_005)).toEqual([]);
    // It joins the next window as a low seen at that window's first tick, never its first or last.
    agg.add(tick('EUR/USD', 1.12, 102_500));
    const [next, ...rest] = agg.flush(103_005);
    expect(rest).toEqual([]);
    expect(next).toMatchObject({
      start: 102_000,
      firstAt: 102_500,
      ticks: 2,
      previousAsk: 1.1,
      ask: { first: 1.12, last: 1.12, low: 1.05, lowAt: 102_500, high: 1.12 },
    });
    expect(intervalMessageSchema.safeParse(next).success).toBe(true);
  });

  it('keeps mid, the average of each tick, as a side of its own', () => {
    const agg = new Aggregator(1000, 'test');
    // Spreads differ per tick, so mid's low and high are not the averages of ask's and bid's.
    agg.add({ symbol: 'EURUSD', pair: 'EUR/USD', ask: 1.1004, bid: 1.0996, timestamp: 10_100 });
    agg.add({ symbol: 'EURUSD', pair: 'EUR/USD', ask: 1.1001, bid: 1.1, timestamp: 10_400 });
    agg.add({ symbol: 'EURUSD', pair: 'EUR/USD', ask: 1.1002, bid: 1.0992, timestamp: 10_700 });
    const [closed] = agg.flush(11_000);
    expect(closed?.mid?.first).toBeCloseTo(1.1, 10);
    expect(closed?.mid?.high).toBeCloseTo(1.10005, 10);
    expect(closed?.mid?.highAt).toBe(10_400);
    expect(closed?.mid?.low).toBeCloseTo(1.0997, 10);
    expect(closed?.mid?.lowAt).toBe(10_700);
    expect(closed?.ask).toMatchObject({ high: 1.1004, low: 1.1001 });
    expect(intervalMessageSchema.safeParse(closed).success).toBe(true);
  });

  it('carries the last price of each side of a window into the next', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('BTC/USD', 90_000, 1_000));
    agg.add(tick('BTC/USD', 91_000, 2_000));
    const [first, second] = agg.flush(3_000);
    expect(first).toMatchObject({ start: 1_000, ask: { last: 90_000 } });
    expect(second).toMatchObject({ start: 2_000, previousAsk: 90_000, ask: { first: 91_000, last: 91_000 } });
    // When that price before was seen: the first window's last tick, for 'fired at the open'.
    expect(second?.previousAt).toBe(1_000);
    expect(second?.previousBid).toBeCloseTo(90_000 - 0.0001, 6);
    expect(second?.previousMid).toBeCloseTo(90_000 - 0.00005, 6);
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

  it('hands out every window closed by later ticks in the one flush at the window end', () => {
    const agg = new Aggregator(1000, 'test');
    const pairs = ['EUR/USD', 'GBP/USD', 'BTC/USD'] as const;
    for (const pair of pairs) agg.add(tick(pair, 1, 1_100));
    // Busy pairs cross into the next window one by one, before the timer fires.
    for (const [i, pair] of pairs.entries()) agg.add(tick(pair, 2, 2_000 + i));
    const flushed = agg.flush(2_005);
    expect(flushed.map((m) => [m.pair, m.start])).toEqual(pairs.map((p) => [p, 1_000]));
    expect(agg.flush(2_500)).toEqual([]);
  });

  it('counts a late tick in the open window instead of losing it, without taking it for the latest price', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 2_100));
    agg.add(tick('EUR/USD', 1.12, 1_900));
    const [closed] = agg.flush(3_000);
    expect(closed).toMatchObject({ ticks: 2, ask: { first: 1.1, high: 1.12, highAt: 2_100, last: 1.1 } });
    expect(intervalMessageSchema.safeParse(closed).success).toBe(true);
    // Its move counts toward the largest too, never as the last.
    const up = closed?.moves?.ask?.['5']?.up;
    expect(up?.best.price).toBe(1.12);
    expect(up?.last.price).toBe(1.1);
  });

  it('cuts a window at its last tick, and the rest of the grid window is a window of its own', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 10_100));
    agg.add(tick('EUR/USD', 1.2, 10_300));
    expect(agg.peek('EUR/USD')).toMatchObject({ start: 10_000, end: 10_301, lastAt: 10_300 });
    const [cut, ...more] = agg.cut('EUR/USD');
    expect(more).toEqual([]);
    expect(cut).toMatchObject({ start: 10_000, end: 10_301, firstAt: 10_100, lastAt: 10_300, ticks: 2 });
    expect(intervalMessageSchema.safeParse(cut).success).toBe(true);
    expect(agg.peek('EUR/USD')).toBeUndefined();
    // Behind the cut: it opens the rest of the grid window, dated at its start.
    agg.add(tick('EUR/USD', 1.0, 10_250));
    agg.add(tick('EUR/USD', 1.15, 10_600));
    agg.add(tick('EUR/USD', 1.16, 10_900));
    expect(agg.flush(10_999)).toEqual([]);
    const [rest, ...none] = agg.flush(11_005);
    expect(none).toEqual([]);
    expect(rest).toMatchObject({
      start: 10_301,
      end: 11_000,
      firstAt: 10_301,
      lastAt: 10_900,
      ticks: 3,
      previousAsk: 1.2,
      previousAt: 10_300,
      ask: { first: 1.0, low: 1.0, lowAt: 10_301, last: 1.16 },
    });
    expect(intervalMessageSchema.safeParse(rest).success).toBe(true);
    // The next grid window is whole again.
    agg.add(tick('EUR/USD', 1.17, 11_200));
    expect(agg.flush(12_005)).toMatchObject([{ start: 11_000, end: 12_000, previousAsk: 1.16 }]);
  });

  it('cuts nothing for a pair with no open window, and a tick after the cut of a window closes the rest', () => {
    const agg = new Aggregator(1000, 'test');
    expect(agg.cut('EUR/USD')).toEqual([]);
    agg.add(tick('EUR/USD', 1.1, 20_999));
    expect(agg.cut('EUR/USD')).toMatchObject([{ start: 20_000, end: 21_000, lastAt: 20_999 }]);
    // A cut at the grid window's last millisecond leaves no rest: the next tick opens the next window.
    agg.add(tick('EUR/USD', 1.2, 21_000));
    agg.add(tick('EUR/USD', 1.3, 21_400));
    expect(agg.cut('EUR/USD')).toMatchObject([{ start: 21_000, end: 21_401, previousAsk: 1.1 }]);
    agg.add(tick('EUR/USD', 1.25, 22_100));
    expect(agg.flush(22_005)).toEqual([]);
    expect(agg.flush(23_005)).toMatchObject([{ start: 22_000, end: 23_000, previousAsk: 1.3 }]);
  });

  it('cuts on whole milliseconds when tick times have fractions of one', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 10_300.5));
    const [cut] = agg.cut('EUR/USD');
    expect(cut).toMatchObject({ start: 10_000, end: 10_301, firstAt: 10_300, lastAt: 10_300 });
    agg.add(tick('EUR/USD', 1.2, 10_700.25));
    const [rest] = agg.flush(11_005);
    for (const m of [cut, rest]) expect(intervalMessageSchema.safeParse(m).success).toBe(true);
    expect(rest).toMatchObject({ start: 10_301, end: 11_000 });
  });

  it('hands out a window a later tick closed before the cut that follows it', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 10_100));
    agg.add(tick('GBP/USD', 1.3, 10_100));
    agg.add(tick('EUR/USD', 1.2, 11_001));
    expect(agg.cut('EUR/USD').map((m) => [m.start, m.end])).toEqual([
      [10_000, 11_000],
      [11_000, 11_002],
    ]);
    // The other pair's closed window still waits for the timer.
    agg.add(tick('GBP/USD', 1.31, 11_002));
    expect(agg.flush(11_005).map((m) => [m.pair, m.start])).toEqual([['GBP/USD', 10_000]]);
  });

  it('keeps each side’s extremes among late ticks, and ignores a tick with no finite time', () => {
    const agg = new Aggregator(1000, 'test');
    agg.add(tick('EUR/USD', 1.1, 10_100));
    agg.flush(11_005);
    for (const [ask, bid] of [
      [1.1, 1.0],
      [1.16, 1.1],
      [1.15, 0.5],
    ] as const)
      agg.add({ ...tick('EUR/USD', ask, 10_500), bid });
    agg.add(tick('EUR/USD', 1.12, Number.POSITIVE_INFINITY));
    agg.add(tick('EUR/USD', 1.12, 12_100));
    const [next, ...none] = agg.flush(13_005);
    expect(none).toEqual([]);
    // The bid of 0.5 came with neither the lowest nor the highest ask.
    expect(next).toMatchObject({ ticks: 4, ask: { low: 1.1, high: 1.16 }, bid: { low: 0.5 } });
  });
});

describe('a tick dated ahead of the clock', () => {
  it('counts as seen now up to a minute ahead, and is left out beyond, so the pair’s windows go on closing', () => {
    let now = 1_800_000_000_000;
    const agg = new Aggregator(1000, 'test', () => now);
    agg.add(tick('EUR/USD', 1.1, now - 500));
    // A year ahead: had it opened a window, every later tick would join it as late.
    agg.add(tick('EUR/USD', 9.9, now + 365 * 86_400_000));
    // 45 s ahead: a fast clock upstream. Dated ahead it would hold the pair's windows for 45 s.
    now += 1_000;
    agg.add(tick('EUR/USD', 1.102, now + 45_000));
    now += 1_000;
    agg.add(tick('EUR/USD', 1.101, now + 45_000));
    agg.add(tick('EUR/USD', 1.2, now + 60_001));
    const closed = agg.flush(now + 1_000);
    expect(closed.map((m) => [m.start, m.firstAt, m.ask.last])).toEqual([
      [now - 3_000, now - 2_500, 1.1],
      [now - 1_000, now - 1_000, 1.102],
      [now, now, 1.101],
    ]);
    expect(agg.futureTicks).toBe(2);
  });
});
