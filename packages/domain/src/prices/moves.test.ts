import { describe, expect, it } from 'vitest';
import type { CurrencyPair, MoveReference, PriceSide } from '../common/constants.ts';
import { MoveTracker, WindowMoves, movePercent, reachesMove, type TickMoves } from './moves.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const prices = (ask: number, bid = ask, mid = (ask + bid) / 2): Record<PriceSide, number> => ({ ask, bid, mid });

/** Folds [iso time, ask] ticks (bid equal) and returns the last tick's moves on ask. */
function lastMoves(pair: CurrencyPair, ticks: [string, number][]): TickMoves {
  const tracker = new MoveTracker(pair);
  const [first, ...rest] = ticks;
  if (!first) throw new Error('no ticks');
  let last = tracker.fold(utc(first[0]), prices(first[1])).ask;
  for (const [at, ask] of rest) last = tracker.fold(utc(at), prices(ask)).ask;
  return last;
}

const up = (m: TickMoves, ref: MoveReference) => Number(movePercent('up', m[ref].up).toFixed(4));
const down = (m: TickMoves, ref: MoveReference) => Number(movePercent('down', m[ref].down).toFixed(4));

describe('a tick’s moves against each lookback', () => {
  it.each([
    // [label, ticks, reference, rise from the low, fall from the high]
    ['a single price moved nowhere', [['2026-01-14T12:00:00', 100]], '15', 0, 0],
    [
      'a rise from the low 10 minutes before',
      [
        ['2026-01-14T12:00:00', 100],
        ['2026-01-14T12:10:00', 101.5],
      ],
      '15',
      1.5,
      0,
    ],
    [
      'the low exactly 15 minutes before counts',
      [
        ['2026-01-14T12:00:00', 100],
        ['2026-01-14T12:15:00', 102],
      ],
      '15',
      2,
      0,
    ],
    [
      'a low a millisecond past 15 minutes does not',
      [
        ['2026-01-14T12:00:00', 100],
        ['2026-01-14T12:07:00', 101],
        ['2026-01-14T12:15:00.001', 102],
      ],
      '15',
      0.9901,
      0,
    ],
    [
      'the same move within 5 minutes is no move',
      [
        ['2026-01-14T12:00:00', 100],
        ['2026-01-14T12:10:00', 102],
      ],
      '5',
      0,
      0,
    ],
    [
      'a fall from the high within the hour',
      [
        ['2026-01-14T12:00:00', 100],
        ['2026-01-14T12:50:00', 98],
      ],
      '60',
      0,
      2,
    ],
    [
      'a fall after a rise is measured from the high',
      [
        ['2026-01-14T12:00:00', 100],
        ['2026-01-14T12:01:00', 110],
        ['2026-01-14T12:02:00', 99],
      ],
      '5',
      0,
      10,
    ],
    [
      '24 hours reach back a day',
      [
        ['2026-01-13T12:00:00', 80],
        ['2026-01-14T11:59:00', 100],
      ],
      '1440',
      25,
      0,
    ],
  ] as [string, [string, number][], MoveReference, number, number][])('%s', (_label, ticks, ref, rise, fall) => {
    const m = lastMoves('BTC/USD', ticks);
    expect([up(m, ref), down(m, ref)]).toEqual([rise, fall]);
  });

  it('tells where the move was measured from', () => {
    const m = lastMoves('BTC/USD', [
      ['2026-01-14T12:00:00', 100],
      ['2026-01-14T12:05:00', 97],
      ['2026-01-14T12:09:00', 99],
    ]);
    expect(m['15'].up).toEqual({
      price: 99,
      at: utc('2026-01-14T12:09:00'),
      from: 97,
      fromAt: utc('2026-01-14T12:05:00'),
    });
    expect(m['15'].down).toEqual({
      price: 99,
      at: utc('2026-01-14T12:09:00'),
      from: 100,
      fromAt: utc('2026-01-14T12:00:00'),
    });
  });

  it('judges each side on its own prices', () => {
    const tracker = new MoveTracker('EUR/USD');
    tracker.fold(utc('2026-01-14T12:00:00'), prices(1.1, 1.09));
    const m = tracker.fold(utc('2026-01-14T12:01:00'), prices(1.1, 1.1));
    expect(movePercent('up', m.ask['5'].up)).toBe(0);
    expect(movePercent('up', m.bid['5'].up)).toBeCloseTo(0.9174, 4);
    expect(m.mid['5'].up.from).toBeCloseTo(1.095, 10);
  });

  it('counts a tick dated before the latest as seen with it', () => {
    const tracker = new MoveTracker('BTC/USD');
    tracker.fold(utc('2026-01-14T12:00:00'), prices(100));
    const late = tracker.fold(utc('2026-01-14T11:59:00'), prices(103)).ask;
    expect(late['5'].up).toMatchObject({ at: utc('2026-01-14T12:00:00'), from: 100 });
  });
});

describe('the day’s change is measured from the day’s first price', () => {
  it.each([
    // [label, pair, ticks, day's open, change from it]
    [
      'crypto’s day starts at 00:00 UTC',
      'BTC/USD',
      [
        ['2026-01-14T23:59:59', 100],
        ['2026-01-15T00:00:00', 104],
        ['2026-01-15T06:00:00', 106.08],
      ],
      104,
      2,
    ],
    [
      'FX’s day starts at 17:00 New York: 22:00 UTC in winter',
      'EUR/USD',
      [
        ['2026-01-14T21:59:00', 1.0],
        ['2026-01-14T22:00:00', 1.1],
        ['2026-01-15T10:00:00', 1.122],
      ],
      1.1,
      2,
    ],
    [
      'and 21:00 UTC in summer',
      'EUR/USD',
      [
        ['2026-07-14T20:59:00', 1.0],
        ['2026-07-14T21:00:00', 1.1],
        ['2026-07-15T10:00:00', 1.078],
      ],
      1.1,
      -2,
    ],
    // The US switch to summer time, Sunday 8 March 2026: the Sunday open is 21:00 UTC, the Friday close was 22:00 UTC.
    [
      'the Sunday open after the switch to summer time',
      'EUR/USD',
      [
        ['2026-03-06T21:59:00', 1.0],
        ['2026-03-08T21:00:00', 1.05],
        ['2026-03-09T09:00:00', 1.071],
      ],
      1.05,
      2,
    ],
    // Back to winter time on Sunday 1 November 2026: Monday's day ends at 22:00 UTC, an hour later than the Friday before.
    [
      'Monday 21:30 UTC after the switch to winter time is still Monday’s day',
      'EUR/USD',
      [
        ['2026-11-01T22:00:00', 1.2],
        ['2026-11-02T21:30:00', 1.176],
      ],
      1.2,
      -2,
    ],
    [
      'and 22:00 UTC starts the next',
      'EUR/USD',
      [
        ['2026-11-01T22:00:00', 1.2],
        ['2026-11-02T22:00:00', 1.1],
        ['2026-11-03T01:00:00', 1.122],
      ],
      1.1,
      2,
    ],
  ] as [string, CurrencyPair, [string, number][], number, number][])('%s', (_label, pair, ticks, open, change) => {
    const m = lastMoves(pair, ticks);
    expect(m.day.up.from).toBe(open);
    expect(Number(movePercent('up', m.day.up).toFixed(4))).toBe(change);
    expect(Number(movePercent('down', m.day.down).toFixed(4))).toBe(-change || 0);
  });
});

describe('a window’s moves', () => {
  function window(ticks: [number, number][]) {
    const tracker = new MoveTracker('BTC/USD');
    const windows = new WindowMoves();
    const base = utc('2026-01-14T12:00:00');
    for (const [seconds, ask] of ticks) windows.add(tracker.fold(base + seconds * 1000, prices(ask)));
    const stats = windows.take().ask?.['15'];
    if (!stats) throw new Error('no moves on ask');
    return { stats, base };
  }

  it('keeps the largest, the smallest and the last move of each direction', () => {
    const { stats, base } = window([
      [0, 100],
      [1, 103],
      [2, 101],
      [3, 102],
    ]);
    expect(stats.up.best).toMatchObject({ price: 103, at: base + 1000, from: 100 });
    expect(stats.up.least).toMatchObject({ price: 100, at: base });
    expect(stats.up.last).toMatchObject({ price: 102, at: base + 3000 });
    // From the high of 103: the last tick's fall of 2 from it, 101, is the largest.
    expect(stats.down.best).toMatchObject({ price: 101, from: 103 });
  });

  it('keeps the earlier of two equal moves', () => {
    const { stats, base } = window([
      [0, 100],
      [1, 102],
      [2, 101],
      [3, 102],
    ]);
    expect(stats.up.best.at).toBe(base + 1000);
  });

  it('starts the next window empty', () => {
    const windows = new WindowMoves();
    windows.add(new MoveTracker('BTC/USD').fold(0, prices(1)));
    expect(windows.empty).toBe(false);
    windows.take();
    expect(windows.empty).toBe(true);
  });
});

describe('reachesMove', () => {
  it.each([
    [1.5, 1.5, true],
    [1.4999999999, 1.5, true],
    [1.49, 1.5, false],
    [2, 1.5, true],
  ])('%s%% against %s%%: %s', (percent, threshold, expected) => {
    expect(reachesMove(percent, threshold)).toBe(expected);
  });

  it('forgives the quotient at a price exactly on the threshold', () => {
    // 1.0841 × 1.015 as a float rounds below the true 1.1003615: the rise must still reach 1.5%.
    const price = 1.0841 * 1.015;
    expect(reachesMove(movePercent('up', { price, from: 1.0841 }), 1.5)).toBe(true);
  });
});
