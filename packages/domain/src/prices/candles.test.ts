import { describe, expect, it } from 'vitest';
import {
  CHART_RANGE_SPEC,
  candlesBeyond,
  emptyPairCandles,
  foldCandle,
  foldPairTick,
  mergeCandles,
  tickSidePrice,
  type Candle,
} from './candles.ts';
import { MIN_WIRE_PRICE } from './pairDay.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const candle = (iso: string, o: number, h: number, l: number, c: number): Candle => ({ t: utc(iso), o, h, l, c });

/** Folds [price, iso time] ticks into the 1 hour range's minute candles, each on a clock at its own time. */
function fold(ticks: [number, string][], from: Candle[] = []) {
  const candles = from.map((c) => ({ ...c }));
  const results = ticks.map(([price, at]) => foldCandle(candles, '1h', price, utc(at), utc(at)));
  return { candles, results };
}

describe('foldCandle', () => {
  it.each([
    {
      name: 'ticks in one minute make one candle: first, highest, lowest and last',
      ticks: [
        [1.1, '2025-01-15T12:00:05'],
        [1.3, '2025-01-15T12:00:20'],
        [1.0, '2025-01-15T12:00:40'],
        [1.2, '2025-01-15T12:00:59.999'],
      ],
      candles: [candle('2025-01-15T12:00:00', 1.1, 1.3, 1.0, 1.2)],
      results: ['new', 'last', 'last', 'last'],
    },
    {
      name: 'a minute without a tick leaves a gap, not a flat candle',
      ticks: [
        [1.1, '2025-01-15T12:00:05'],
        [1.2, '2025-01-15T12:02:05'],
      ],
      candles: [candle('2025-01-15T12:00:00', 1.1, 1.1, 1.1, 1.1), candle('2025-01-15T12:02:00', 1.2, 1.2, 1.2, 1.2)],
      results: ['new', 'new'],
    },
    {
      name: 'a late tick moves only its own candle’s high or low',
      ticks: [
        [1.1, '2025-01-15T12:00:05'],
        [1.2, '2025-01-15T12:01:05'],
        [1.05, '2025-01-15T12:00:50'],
        [1.1, '2025-01-15T12:00:51'],
      ],
      candles: [candle('2025-01-15T12:00:00', 1.1, 1.1, 1.05, 1.1), candle('2025-01-15T12:01:00', 1.2, 1.2, 1.2, 1.2)],
      results: ['new', 'new', 'older', 'none'],
    },
    {
      name: 'the same price again changes nothing',
      ticks: [
        [1.1, '2025-01-15T12:00:05'],
        [1.1, '2025-01-15T12:00:06'],
      ],
      candles: [candle('2025-01-15T12:00:00', 1.1, 1.1, 1.1, 1.1)],
      results: ['new', 'none'],
    },
    {
      name: 'prices that are no prices change nothing',
      ticks: [
        [0, '2025-01-15T12:00:05'],
        [-1, '2025-01-15T12:00:05'],
        [Number.NaN, '2025-01-15T12:00:05'],
        [Infinity, '2025-01-15T12:00:05'],
      ],
      candles: [],
      results: ['none', 'none', 'none', 'none'],
    },
    {
      name: 'a price below the least the messages carry changes nothing, in a candle or before one',
      ticks: [
        [0.00009999, '2025-01-15T12:00:05'],
        [5e-324, '2025-01-15T12:00:06'],
        [1.1, '2025-01-15T12:00:10'],
        [0.00005, '2025-01-15T12:00:20'],
        [1.2, '2025-01-15T12:01:05'],
        [0.00001, '2025-01-15T12:00:50'],
        [MIN_WIRE_PRICE, '2025-01-15T12:02:05'],
      ],
      candles: [
        candle('2025-01-15T12:00:00', 1.1, 1.1, 1.1, 1.1),
        candle('2025-01-15T12:01:00', 1.2, 1.2, 1.2, 1.2),
        candle('2025-01-15T12:02:00', MIN_WIRE_PRICE, MIN_WIRE_PRICE, MIN_WIRE_PRICE, MIN_WIRE_PRICE),
      ],
      results: ['none', 'none', 'new', 'none', 'new', 'none', 'new'],
    },
  ] as { name: string; ticks: [number, string][]; candles: Candle[]; results: string[] }[])('$name', (row) => {
    const { candles, results } = fold(row.ticks);
    expect(candles).toEqual(row.candles);
    expect(results).toEqual(row.results);
  });

  it('keeps only the buckets of the range: an hour of minutes, the current one included', () => {
    const ticks: [number, string][] = [];
    for (let m = 0; m < 75; m += 1)
      ticks.push([1 + m / 1000, new Date(utc('2025-01-15T12:00:30') + m * 60_000).toISOString().slice(0, -1)]);
    const { candles } = fold(ticks);
    expect(candles).toHaveLength(CHART_RANGE_SPEC['1h'].count);
    expect(candles[0]?.t).toBe(utc('2025-01-15T12:15:00'));
    expect(candles.at(-1)?.t).toBe(utc('2025-01-15T13:14:00'));
  });

  it('leaves out a tick dated more than a minute after the clock, and one older than the range', () => {
    const candles = [candle('2025-01-15T12:00:00', 1.1, 1.1, 1.1, 1.1)];
    expect(foldCandle(candles, '1h', 1.2, utc('2025-01-15T12:02:00.001'), utc('2025-01-15T12:01:00'))).toBe('none');
    expect(foldCandle(candles, '1h', 1.2, utc('2025-01-15T10:00:00'), utc('2025-01-15T12:01:00'))).toBe('none');
    expect(candles).toEqual([candle('2025-01-15T12:00:00', 1.1, 1.1, 1.1, 1.1)]);
  });

  it('folds nothing of a tick whose bid is below the least price into the bid or the mid', () => {
    const book = emptyPairCandles();
    const at = utc('2025-01-15T12:20:00');
    expect(foldPairTick(book, 1.2, 0.00001, at, at)).toBe(true);
    expect(book.ask['1h']).toEqual([candle('2025-01-15T12:20:00', 1.2, 1.2, 1.2, 1.2)]);
    // The mid of such a tick (0.600005) would pass, but it is half a price and half a broken one.
    expect(book.bid['1h']).toEqual([]);
    expect(book.mid['1h']).toEqual([]);
    expect(tickSidePrice('mid', 1.2, 0.00001)).toBeNaN();
    expect(tickSidePrice('mid', 0.00001, 1.2)).toBeNaN();
  });

  it.each([
    // ask, bid, mid: the average, without the float noise of adding two decimals in binary.
    [0.65549, 0.65547, 0.65548],
    [0.3, 0.1, 0.2],
    [0.2, 0.1, 0.15],
    [1.08513, 1.08512, 1.085125],
    [150.123, 150.121, 150.122],
    [2650.45, 2650.05, 2650.25],
    [97_123.45, 97_121.05, 97_122.25],
    [1.7, 1.7, 1.7],
  ])('folds the mid of %d and %d as %d', (ask, bid, mid) => {
    expect(tickSidePrice('mid', ask, bid)).toBe(mid);
    expect(String(tickSidePrice('mid', ask, bid))).toBe(String(mid));
    expect([tickSidePrice('ask', ask, bid), tickSidePrice('bid', ask, bid)]).toEqual([ask, bid]);
  });

  it('folds a tick into every side and range: the mid is the average of ask and bid', () => {
    const book = emptyPairCandles();
    expect(foldPairTick(book, 1.2, 1.0, utc('2025-01-15T12:20:00'), utc('2025-01-15T12:20:00'))).toBe(true);
    expect(book.ask['1h']).toEqual([candle('2025-01-15T12:20:00', 1.2, 1.2, 1.2, 1.2)]);
    expect(book.bid['1d']).toEqual([candle('2025-01-15T12:15:00', 1.0, 1.0, 1.0, 1.0)]);
    expect(book.mid['1w']).toEqual([candle('2025-01-15T12:00:00', 1.1, 1.1, 1.1, 1.1)]);
  });
});

describe('mergeCandles', () => {
  const c = (minute: string, o: number, h: number, l: number, cl: number) =>
    candle(`2025-01-15T${minute}:00`, o, h, l, cl);

  it.each([
    {
      name: 'keeps the buckets either side holds, oldest first',
      ours: [c('13:00', 2, 2, 2, 2), c('13:02', 3, 3, 3, 3)],
      theirs: [c('12:30', 1, 1, 1, 1), c('13:01', 4, 4, 4, 4)],
      merged: [c('12:30', 1, 1, 1, 1), c('13:00', 2, 2, 2, 2), c('13:01', 4, 4, 4, 4), c('13:02', 3, 3, 3, 3)],
    },
    {
      name: 'where both hold a bucket within ours, ours whole',
      ours: [c('13:00', 2, 2.5, 1.5, 2)],
      theirs: [c('13:00', 2.2, 2.3, 2.1, 2.2)],
      merged: [c('13:00', 2, 2.5, 1.5, 2)],
    },
    {
      name: 'where both hold a bucket, ours’ open and close with their higher high and lower low',
      // Ours dropped for part of the minute: theirs saw 2.6 and 1.4.
      ours: [c('13:00', 2, 2.1, 1.9, 2)],
      theirs: [c('13:00', 1.8, 2.6, 1.4, 2.2)],
      merged: [c('13:00', 2, 2.6, 1.4, 2)],
    },
    {
      name: 'their higher high alone, and their lower low alone',
      ours: [c('13:00', 2, 2.1, 1.9, 2), c('13:01', 2, 2.1, 1.9, 2)],
      theirs: [c('13:00', 2, 2.4, 2, 2), c('13:01', 2, 2, 1.5, 2)],
      merged: [c('13:00', 2, 2.4, 1.9, 2), c('13:01', 2, 2.1, 1.5, 2)],
    },
    {
      name: 'cut to the range from the newest bucket, whichever side holds it',
      ours: [c('12:00', 5, 5, 5, 5), c('13:00', 2, 2, 2, 2)],
      theirs: [c('11:59', 9, 9, 9, 9), c('13:01', 3, 3, 3, 3)],
      merged: [c('13:00', 2, 2, 2, 2), c('13:01', 3, 3, 3, 3)],
    },
    { name: 'nothing on either side', ours: [], theirs: [], merged: [] },
  ] as { name: string; ours: Candle[]; theirs: Candle[]; merged: Candle[] }[])('$name', ({ ours, theirs, merged }) => {
    const before = structuredClone([ours, theirs]);
    expect(mergeCandles(ours, theirs, '1h')).toEqual(merged);
    // Neither input is changed.
    expect([ours, theirs]).toEqual(before);
  });

  it('agrees after one exchange: each merging the other’s result changes nothing more', () => {
    const relay = [c('13:00', 2, 2.1, 1.9, 2), c('13:01', 2, 2.2, 2, 2.1), c('13:03', 2.1, 2.1, 2.1, 2.1)];
    const ingest = [c('12:59', 1.9, 1.9, 1.9, 1.9), c('13:00', 1.95, 2.4, 1.95, 2), c('13:01', 2.05, 2.2, 2, 2.1)];
    const relayAfter = mergeCandles(relay, ingest, '1h');
    const ingestAfter = mergeCandles(ingest, relay, '1h');
    expect(mergeCandles(relayAfter, ingestAfter, '1h')).toEqual(relayAfter);
    expect(mergeCandles(ingestAfter, relayAfter, '1h')).toEqual(ingestAfter);
    // The same buckets, highs and lows on both; each keeps its own opens and closes.
    expect(relayAfter.map(({ t, h, l }) => [t, h, l])).toEqual(ingestAfter.map(({ t, h, l }) => [t, h, l]));
    expect(candlesBeyond(relayAfter, ingestAfter)).toEqual([]);
    expect(candlesBeyond(ingestAfter, relayAfter)).toEqual([]);
  });
});

describe('candlesBeyond', () => {
  const c = (minute: string, o: number, h: number, l: number, cl: number) =>
    candle(`2025-01-15T${minute}:00`, o, h, l, cl);

  it.each([
    {
      name: 'the buckets theirs lack',
      ours: [c('13:00', 2, 2, 2, 2), c('13:01', 3, 3, 3, 3)],
      theirs: [c('13:01', 3, 3, 3, 3)],
      beyond: [c('13:00', 2, 2, 2, 2)],
    },
    {
      name: 'a bucket whose high is above theirs, and one whose low is below',
      ours: [c('13:00', 2, 2.5, 2, 2), c('13:01', 2, 2, 1.5, 2)],
      theirs: [c('13:00', 2, 2.2, 2, 2), c('13:01', 2, 2, 1.8, 2)],
      beyond: [c('13:00', 2, 2.5, 2, 2), c('13:01', 2, 2, 1.5, 2)],
    },
    {
      name: 'not a bucket within theirs, whatever its open and close',
      ours: [c('13:00', 2.1, 2.2, 2, 2.05)],
      theirs: [c('13:00', 2, 2.4, 1.9, 2.3)],
      beyond: [],
    },
    {
      name: 'all of ours when theirs hold nothing',
      ours: [c('13:00', 2, 2, 2, 2)],
      theirs: [],
      beyond: [c('13:00', 2, 2, 2, 2)],
    },
  ] as { name: string; ours: Candle[]; theirs: Candle[]; beyond: Candle[] }[])('$name', ({ ours, theirs, beyond }) => {
    expect(candlesBeyond(ours, theirs)).toEqual(beyond);
    // Merging only these into theirs gives what merging all of ours would.
    expect(mergeCandles(theirs, beyond, '1h')).toEqual(mergeCandles(theirs, ours, '1h'));
  });
});
