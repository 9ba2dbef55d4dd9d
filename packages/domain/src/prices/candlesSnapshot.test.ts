import { describe, expect, it } from 'vitest';
import { CHART_RANGE_SPEC, emptyPairCandles, foldPairTick, type Candle } from './candles.ts';
import { pairCandlesFromSnapshot, pairCandlesSnapshotSchema, snapshotPairCandles } from './candlesSnapshot.ts';
import { parseRelayFeed, readPairHistories } from './relayFeed.ts';
import { priceHistoryDocument, priceHistoryDocumentSchema } from '../store/priceHistory.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const HOUR = 3_600_000;

/** A book folded from one tick a minute for `minutes` up to `end`, the ask rising, the bid a pip under. */
function foldedBook(minutes: number, end = utc('2025-01-15T12:00:30')) {
  const book = emptyPairCandles();
  for (let m = minutes - 1; m >= 0; m -= 1) {
    const ask = 1.1 + (minutes - m) / 10_000;
    foldPairTick(book, ask, ask - 0.0001, end - m * 60_000, end);
  }
  return book;
}

describe('the candles snapshot', () => {
  it('gives back the book it was taken of, every side and range', () => {
    const book = foldedBook(3 * 60);
    const snapshot = snapshotPairCandles(book);
    expect(pairCandlesSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot);
    expect(pairCandlesFromSnapshot(snapshot)).toEqual(book);
    expect(book.mid['1h']).toHaveLength(60);
    // 09:01:30 to 12:00:30: the quarters from 09:00 to 12:00.
    expect(book.ask['1d']).toHaveLength(13);
  });

  it('writes a bucket without a tick as null and leaves an empty range out', () => {
    const book = emptyPairCandles();
    const t = utc('2025-01-15T12:00:00');
    book.ask['1h'].push({ t, o: 1, h: 2, l: 0.5, c: 1.5 }, { t: t + 2 * 60_000, o: 1.5, h: 1.5, l: 1.5, c: 1.5 });
    expect(snapshotPairCandles(book)).toEqual({
      ask: {
        '1h': [t, [[1, 2, 0.5, 1.5], null, [1.5, 1.5, 1.5, 1.5]]],
      },
    });
    expect(snapshotPairCandles(emptyPairCandles())).toEqual({});
  });

  it('leaves out a candle drawn upside down', () => {
    const t = utc('2025-01-15T12:00:00');
    const book = pairCandlesFromSnapshot({
      bid: {
        '1h': [
          t,
          [
            [1, 0.9, 1.1, 1],
            [1, 1.1, 0.9, 1],
          ],
        ],
      },
    });
    expect(book.bid['1h']).toEqual<Candle[]>([{ t: t + 60_000, o: 1, h: 1.1, l: 0.9, c: 1 }]);
  });

  it.each([
    ['more buckets than the range spans', { ask: { '1h': [0, Array(61).fill(null)] } }],
    ['a start that is no bucket start', { ask: { '1w': [HOUR + 1, [[1, 1, 1, 1]]] } }],
    ['a price of 0', { mid: { '1d': [0, [[1, 1, 0, 1]]] } }],
    ['a price that is not a number', { mid: { '1d': [0, [[1, '1', 1, 1]]] } }],
    ['a candle of three prices', { bid: { '1h': [0, [[1, 1, 1]]] } }],
  ])('refuses %s', (_name, snapshot) => {
    expect(pairCandlesSnapshotSchema.safeParse(snapshot).success).toBe(false);
  });

  it('drops a range or side this version does not know', () => {
    const parsed = pairCandlesSnapshotSchema.parse({ ask: { '1h': [0, []], '1y': [0, []] }, last: {} });
    expect(parsed).toEqual({ ask: { '1h': [0, []] } });
  });

  it('spans each range at most: a week of hourly candles', () => {
    const book = foldedBook(8 * 24 * 60);
    const snapshot = snapshotPairCandles(book);
    expect(snapshot.ask?.['1w']?.[1]).toHaveLength(CHART_RANGE_SPEC['1w'].count);
    expect(pairCandlesSnapshotSchema.safeParse(snapshot).success).toBe(true);
  });
});

describe('the feed hello', () => {
  const hello = { type: 'hello', ticks: [], days: [], outage: null };

  it('carries each pair’s candles, and is whole without them (an ingest older than the charts)', () => {
    const candles = snapshotPairCandles(foldedBook(90));
    const withCandles = parseRelayFeed(JSON.stringify({ ...hello, candles: [{ pair: 'EUR/USD', candles }] }));
    const entries = withCandles.ok && withCandles.message.type === 'hello' ? withCandles.message.candles : [];
    expect(readPairHistories(entries ?? [])).toEqual({ histories: [{ pair: 'EUR/USD', candles }], skipped: [] });
    expect(parseRelayFeed(JSON.stringify(hello)).ok).toBe(true);
  });

  it('is whole with a pair it does not know, which is skipped', () => {
    const candles = [{ pair: 'EUR/XYZ', candles: {} }];
    const parsed = parseRelayFeed(JSON.stringify({ ...hello, candles }));
    expect(parsed.ok && parsed.message.type === 'hello' && readPairHistories(parsed.message.candles ?? [])).toEqual({
      histories: [],
      skipped: [{ pair: 'EUR/XYZ', reason: expect.any(String) as unknown }],
    });
  });
});

describe('priceHistory/{symbol}', () => {
  it('stores the snapshot as a JSON string and reads it back', () => {
    const candles = snapshotPairCandles(foldedBook(90));
    const stored = priceHistoryDocument({ pair: 'EUR/USD', candles }, 1_736_942_430_000);
    expect(typeof stored.candles).toBe('string');
    expect(priceHistoryDocumentSchema.parse(stored)).toEqual({ pair: 'EUR/USD', candles, savedAt: 1_736_942_430_000 });
  });

  it.each([
    ['candles that are not JSON', { pair: 'EUR/USD', candles: '{"ask":', savedAt: 1 }],
    ['candles that are no snapshot', { pair: 'EUR/USD', candles: '{"ask":{"1h":[1,[]]}}', savedAt: 1 }],
    ['a price below the least', { pair: 'EUR/USD', candles: '{"ask":{"1h":[0,[[1,1,0.00005,1]]]}}', savedAt: 1 }],
    ['candles as a map', { pair: 'EUR/USD', candles: {}, savedAt: 1 }],
    ['no time it was saved', { pair: 'EUR/USD', candles: '{}' }],
  ])('refuses %s', (_name, stored) => {
    expect(priceHistoryDocumentSchema.safeParse(stored).success).toBe(false);
  });
});
