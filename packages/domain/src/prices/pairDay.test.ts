import { describe, expect, it } from 'vitest';
import type { CurrencyPair } from '../common/constants.ts';
import { dayChange, foldTick, tradingDayStart, type PairDay } from './pairDay.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const MINUTE = 60_000;

describe('tradingDayStart', () => {
  it.each([
    // FX and metals roll at 17:00 New York: 22:00 UTC in winter (EST), 21:00 UTC in summer (EDT).
    ['EUR/USD', '2025-01-15T12:00:00', '2025-01-14T22:00:00'],
    ['EUR/USD', '2025-01-15T21:59:59.999', '2025-01-14T22:00:00'],
    ['EUR/USD', '2025-01-15T22:00:00', '2025-01-15T22:00:00'],
    ['XAU/USD', '2025-07-15T21:00:00', '2025-07-15T21:00:00'],
    ['XAU/USD', '2025-07-15T20:59:00', '2025-07-14T21:00:00'],
    // Monday's day is the one the Sunday open starts; a Saturday tick belongs to Saturday 17:00's.
    ['GBP/USD', '2025-01-13T09:00:00', '2025-01-12T22:00:00'],
    ['GBP/USD', '2025-01-11T23:00:00', '2025-01-11T22:00:00'],
    // The day after the US switch to summer time (Sun 9 March 2025).
    ['USD/JPY', '2025-03-10T12:00:00', '2025-03-09T21:00:00'],
    // The US switch days themselves: 17:00 New York is 21:00 UTC on Sun 9 March 2025 (EDT from 02:00),
    // and 22:00 UTC on Sun 2 November 2025 (EST from 02:00); the hour before belongs to Saturday's day.
    ['EUR/USD', '2025-03-09T21:00:00', '2025-03-09T21:00:00'],
    ['EUR/USD', '2025-03-09T20:59:59.999', '2025-03-08T22:00:00'],
    ['EUR/USD', '2025-11-02T22:00:00', '2025-11-02T22:00:00'],
    ['EUR/USD', '2025-11-02T21:59:59.999', '2025-11-01T21:00:00'],
    ['XAU/USD', '2025-11-02T21:00:00', '2025-11-01T21:00:00'],
    // Crypto rolls at 00:00 UTC.
    ['BTC/USD', '2025-01-15T23:59:59.999', '2025-01-15T00:00:00'],
    ['ETH/USD', '2025-01-16T00:00:00', '2025-01-16T00:00:00'],
  ] as [CurrencyPair, string, string][])('%s at %s began at %s UTC', (pair, at, start) => {
    expect(tradingDayStart(pair, utc(at))).toBe(utc(start));
  });
});

/** Folds [ask, iso time] ticks from nothing, on a clock at `now` (by default, each tick's own time). */
const fold = (pair: CurrencyPair, ticks: [number, string][], from?: PairDay, now?: string) =>
  ticks.reduce<PairDay | undefined>(
    (day, [ask, at]) => foldTick(day, pair, ask, utc(at), now === undefined ? utc(at) : utc(now)),
    from,
  );
const closes = (day: PairDay | undefined) => day?.closes.map((c) => [new Date(c.minute).toISOString(), c.ask]);

describe('foldTick', () => {
  it.each<[string, [number, string][], Partial<PairDay>, [string, number][]]>([
    [
      'the first tick opens the day and its minute',
      [[100, '2025-01-15T10:00:05']],
      { open: 100, openAt: utc('2025-01-15T10:00:05'), dayStart: utc('2025-01-15T00:00:00') },
      [['2025-01-15T10:00:00.000Z', 100]],
    ],
    [
      'a later tick in the same minute replaces its close, not the open',
      [
        [100, '2025-01-15T10:00:05'],
        [101, '2025-01-15T10:00:59.999'],
      ],
      { open: 100 },
      [['2025-01-15T10:00:00.000Z', 101]],
    ],
    [
      'a minute without ticks leaves a gap',
      [
        [100, '2025-01-15T10:00:05'],
        [102, '2025-01-15T10:02:00'],
      ],
      { open: 100 },
      [
        ['2025-01-15T10:00:00.000Z', 100],
        ['2025-01-15T10:02:00.000Z', 102],
      ],
    ],
    [
      'a tick older than the latest minute changes nothing',
      [
        [100, '2025-01-15T10:05:00'],
        [90, '2025-01-15T10:04:59'],
      ],
      { open: 100 },
      [['2025-01-15T10:05:00.000Z', 100]],
    ],
    [
      'only the last hour is kept, the current minute included',
      [
        [100, '2025-01-15T10:00:00'],
        [101, '2025-01-15T10:01:00'],
        [160, '2025-01-15T11:00:30'],
      ],
      { open: 100 },
      [
        ['2025-01-15T10:01:00.000Z', 101],
        ['2025-01-15T11:00:00.000Z', 160],
      ],
    ],
    [
      'a new day takes a new open and keeps the last hour across midnight',
      [
        [100, '2025-01-15T23:59:00'],
        [105, '2025-01-16T00:00:01'],
      ],
      { open: 105, openAt: utc('2025-01-16T00:00:01'), dayStart: utc('2025-01-16T00:00:00') },
      [
        ['2025-01-15T23:59:00.000Z', 100],
        ['2025-01-16T00:00:00.000Z', 105],
      ],
    ],
  ])('crypto: %s', (_name, ticks, expected, expectedCloses) => {
    const day = fold('BTC/USD', ticks);
    expect(day).toMatchObject(expected);
    expect(closes(day)).toEqual(expectedCloses);
  });

  it.each<[string, [number, string][], string, Partial<PairDay> | undefined]>([
    [
      'a first tick over a minute ahead of the clock opens nothing',
      [[100, '2025-01-16T00:01:01']],
      '2025-01-16T00:00:00',
      undefined,
    ],
    [
      'a tick over a minute ahead changes nothing, and true ticks keep folding after it',
      [
        [100, '2025-01-15T10:00:00'],
        [999, '2025-01-17T10:00:00'],
        [101, '2025-01-15T10:00:30'],
      ],
      '2025-01-15T10:00:30',
      { open: 100, dayStart: utc('2025-01-15T00:00:00'), closes: [{ minute: utc('2025-01-15T10:00:00'), ask: 101 }] },
    ],
    [
      'a price below the least the wire carries changes nothing, and true ticks keep folding after it',
      [
        [100, '2025-01-15T10:00:00'],
        [0.00005, '2025-01-15T10:01:10'],
        [101, '2025-01-15T10:02:30'],
      ],
      '2025-01-15T10:02:30',
      {
        open: 100,
        dayStart: utc('2025-01-15T00:00:00'),
        closes: [
          { minute: utc('2025-01-15T10:00:00'), ask: 100 },
          { minute: utc('2025-01-15T10:02:00'), ask: 101 },
        ],
      },
    ],
    [
      'a tick up to a minute ahead (a clock a little off) is taken',
      [[100, '2025-01-16T00:01:00']],
      '2025-01-16T00:00:00',
      { open: 100, dayStart: utc('2025-01-16T00:00:00') },
    ],
  ])('crypto, the clock ahead: %s', (_name, ticks, now, expected) => {
    const day = fold('BTC/USD', ticks, undefined, now);
    if (expected === undefined) expect(day).toBeUndefined();
    else expect(day).toEqual(expect.objectContaining(expected));
  });

  it('FX: the Sunday open starts a day whose open is its first price; Friday’s hour is dropped after it', () => {
    const friday = fold('EUR/USD', [
      [1.08, '2025-01-10T20:00:00'],
      [1.081, '2025-01-10T21:59:00'],
    ]);
    expect(friday).toMatchObject({ open: 1.08, dayStart: utc('2025-01-09T22:00:00') });
    const sunday = fold('EUR/USD', [[1.09, '2025-01-12T22:00:02']], friday);
    expect(sunday).toMatchObject({ open: 1.09, dayStart: utc('2025-01-12T22:00:00') });
    expect(closes(sunday)).toEqual([['2025-01-12T22:00:00.000Z', 1.09]]);
  });

  it('keeps at most 60 closes for a tick every minute for two hours', () => {
    const ticks = Array.from({ length: 120 }, (_, i): [number, string] => [
      100 + i,
      new Date(utc('2025-01-15T10:00:00') + i * MINUTE).toISOString().slice(0, -1),
    ]);
    const day = fold('BTC/USD', ticks);
    expect(day?.closes).toHaveLength(60);
    expect(day?.closes[0]?.ask).toBe(160);
  });
});

describe('dayChange', () => {
  it.each([
    [100, 100.12, 'up', '+0.12%', "Up 0.12% since the day's open"],
    [100, 99.5, 'down', '\u22120.50%', "Down 0.50% since the day's open"],
    [1.08512, 1.08513, 'flat', '0.00%', "Unchanged since the day's open"],
    [1.0, 1.0, 'flat', '0.00%', "Unchanged since the day's open"],
    [50_000, 75_000, 'up', '+50.00%', "Up 50.00% since the day's open"],
    [1, 11, 'up', '+1000.00%', "Up 1000.00% since the day's open"],
  ])('from %s to %s is %s, %s', (open, ask, direction, text, spoken) => {
    expect(dayChange({ open }, ask)).toMatchObject({ direction, text, spoken });
  });

  // Only a bad open or price gets here: no change is said rather than '+Infinity%' or '+1e+300%'.
  it.each([
    ['an open of 0', 0, 1.08],
    ['an open of 5e-324', 5e-324, 1.08],
    ['a change over 1000%', 1, 11.5],
    ['a fall over 1000% (a negative price)', 1, -10.5],
    ['a price that is not a number', 1, Number.NaN],
    ['an infinite price', 1, Number.POSITIVE_INFINITY],
  ])('says nothing for %s', (_name, open, ask) => {
    expect(dayChange({ open }, ask)).toBeUndefined();
  });
});
