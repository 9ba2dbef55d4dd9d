import { describe, expect, it } from 'vitest';
import { CHART_RANGE_SPEC, foldCandle, foldPairTick, emptyPairCandles, mergeCandles, type Candle } from './candles.ts';
import { encodeCandles, parseCandles, parseCandlesRequest } from './candlesWire.ts';
import { parseFeedMessage } from './feed.ts';

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

  it('folds a tick into every side and range: the mid is the average of ask and bid', () => {
    const book = emptyPairCandles();
    expect(foldPairTick(book, 1.2, 1.0, utc('2025-01-15T12:20:00'), utc('2025-01-15T12:20:00'))).toBe(true);
    expect(book.ask['1h']).toEqual([candle('2025-01-15T12:20:00', 1.2, 1.2, 1.2, 1.2)]);
    expect(book.bid['1d']).toEqual([candle('2025-01-15T12:15:00', 1.0, 1.0, 1.0, 1.0)]);
    expect(book.mid['1w']).toEqual([candle('2025-01-15T12:00:00', 1.1, 1.1, 1.1, 1.1)]);
  });
});

describe('mergeCandles', () => {
  it('keeps the buckets either side holds, ours where both do, cut to the range', () => {
    const ours = [candle('2025-01-15T13:00:00', 2, 2, 2, 2), candle('2025-01-15T13:01:00', 3, 3, 3, 3)];
    const theirs = [
      candle('2025-01-15T11:59:00', 9, 9, 9, 9),
      candle('2025-01-15T12:30:00', 1, 1, 1, 1),
      candle('2025-01-15T13:00:00', 5, 5, 5, 5),
    ];
    expect(mergeCandles(ours, theirs, '1h')).toEqual([
      candle('2025-01-15T12:30:00', 1, 1, 1, 1),
      candle('2025-01-15T13:00:00', 2, 2, 2, 2),
      candle('2025-01-15T13:01:00', 3, 3, 3, 3),
    ]);
  });
});

describe('the candles message', () => {
  const candles = [
    candle('2025-01-15T12:00:00', 1.1, 1.3, 1.0, 1.2),
    candle('2025-01-15T12:02:00', 1.2, 1.2, 1.2, 1.2),
  ];

  it('travels with a null for each bucket without a tick, and comes back as it went', () => {
    const wire = encodeCandles({ symbol: 'EURUSD', side: 'bid', range: '1h', candles });
    expect(wire).toBe(
      `4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":${utc('2025-01-15T12:00:00')},"candles":[[1.1,1.3,1,1.2],null,[1.2,1.2,1.2,1.2]]}`,
    );
    expect(parseFeedMessage(wire, null)).toEqual({
      type: 'candles',
      pair: 'EUR/USD',
      candles: { symbol: 'EURUSD', side: 'bid', range: '1h', candles },
    });
  });

  it.each([
    ['not JSON', '4{'],
    [
      'a step that is not the range’s',
      '4{"symbol":"EURUSD","side":"bid","range":"1h","step":1000,"from":0,"candles":[]}',
    ],
    ['a start off the grid', '4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":1,"candles":[]}'],
    [
      'more buckets than the range',
      `4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[${Array(61).fill('null').join()}]}`,
    ],
    [
      'a price below the least',
      '4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[[0,1,1,1]]}',
    ],
    ['an unknown side', '4{"symbol":"EURUSD","side":"last","range":"1h","step":60000,"from":0,"candles":[]}'],
  ])('is invalid with %s', (_name, wire) => {
    expect(parseFeedMessage(wire, null).type).toBe('invalid');
  });

  it('drops a candle whose high is below its low', () => {
    const parsed = parseCandles(
      '{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[[1,0.9,1.1,1],[1,1,1,1]]}',
    );
    expect(parsed.ok && parsed.message.candles).toEqual([{ t: 60_000, o: 1, h: 1, l: 1, c: 1 }]);
  });

  it.each([
    [{ candles: { symbol: 'EURUSD', side: 'mid', range: '1w' } }, { symbol: 'EURUSD', side: 'mid', range: '1w' }],
    [{ candles: { symbol: 'EURUSD', side: 'mid', range: '1y' } }, undefined],
    [{ candles: { symbol: 'EURUSD', side: 'mid', range: '1h', extra: 1 } }, undefined],
    [{ candles: { symbol: 'x'.repeat(17), side: 'mid', range: '1h' } }, undefined],
    [{ pairs: ['EURUSD'] }, undefined],
  ])('reads a request %j as %j', (json, request) => {
    expect(parseCandlesRequest(json)).toEqual(request);
  });
});
