import { describe, expect, it } from 'vitest';
import { CURRENCY_PAIRS, PRICE_SIDES } from '../common/constants.ts';
import { CHART_RANGES, CHART_RANGE_SPEC, emptyPairCandles, foldPairTick } from './candles.ts';
import { snapshotPairCandles, type PairCandlesSnapshot } from './candlesSnapshot.ts';
import { MAX_FEED_CANDLES_BYTES, parseRelayCandles, parseRelayFeed, readPairHistories } from './relayFeed.ts';

const HOUR = 3_600_000;
const hello = { type: 'hello', ticks: [], days: [], outage: null };

/** Every side and range of a pair full, each price the longest a number is written in. */
function longestSnapshot(): PairCandlesSnapshot {
  const price = Number.MAX_VALUE;
  expect(String(price)).toHaveLength(23);
  const snapshot: PairCandlesSnapshot = {};
  for (const side of PRICE_SIDES) {
    const runs: NonNullable<PairCandlesSnapshot['ask']> = {};
    for (const range of CHART_RANGES) {
      const { stepMs, count } = CHART_RANGE_SPEC[range];
      const from = Math.floor(Number.MAX_SAFE_INTEGER / (7 * 24 * HOUR)) * 7 * 24 * HOUR - stepMs * count;
      runs[range] = [from, Array.from({ length: count }, () => [price, price, price, price])];
    }
    snapshot[side] = runs;
  }
  return snapshot;
}

/** A week of one tick a minute at a pair's usual price, every side and range full. */
function realSnapshot(price: number, decimals: number): PairCandlesSnapshot {
  const book = emptyPairCandles();
  const end = Date.UTC(2025, 0, 15, 12);
  for (let m = 7 * 24 * 60; m >= 0; m -= 1) {
    const ask = Number((price * (1 + Math.sin(m / 97) / 100)).toFixed(decimals));
    const bid = Number((ask - 3 * 10 ** -decimals).toFixed(decimals));
    foldPairTick(book, ask, bid, end - m * 60_000, end);
  }
  return snapshotPairCandles(book);
}

describe('the candles on the relay feed', () => {
  it('stay within MAX_FEED_CANDLES_BYTES, however long every price, with every pair full', () => {
    const candles = CURRENCY_PAIRS.map((pair) => ({ pair, candles: longestSnapshot() }));
    for (const message of [
      { ...hello, candles, takesCandles: true },
      { type: 'candles', candles },
    ]) {
      const text = JSON.stringify(message);
      expect(text.length).toBeLessThanOrEqual(MAX_FEED_CANDLES_BYTES);
      expect(text.length).toBeGreaterThan(MAX_FEED_CANDLES_BYTES * 0.95);
      const parsed = message.type === 'hello' ? parseRelayFeed(text) : parseRelayCandles(text);
      const entries = parsed.ok && 'candles' in parsed.message ? parsed.message.candles : undefined;
      expect(readPairHistories(entries ?? []).histories).toHaveLength(CURRENCY_PAIRS.length);
    }
    expect(MAX_FEED_CANDLES_BYTES).toBeLessThan(1_500_000);
  });

  it('take some 40 KB a pair at real prices: about 600 KB for the 15', () => {
    const candles = CURRENCY_PAIRS.map((pair) => ({
      pair,
      candles: pair.includes('JPY') ? realSnapshot(155.123, 3) : realSnapshot(1.08512, 5),
    }));
    const text = JSON.stringify({ type: 'candles', candles });
    const parsed = parseRelayCandles(text);
    expect(parsed.ok && readPairHistories(parsed.message.candles).histories).toHaveLength(CURRENCY_PAIRS.length);
    expect(text.length / CURRENCY_PAIRS.length).toBeGreaterThan(30_000);
    expect(text.length / CURRENCY_PAIRS.length).toBeLessThan(50_000);
  });

  it.each([
    ['16 entries', [...CURRENCY_PAIRS, 'EUR/USD'].map((pair) => ({ pair, candles: {} }))],
    ['candles that are no list', { 'EUR/USD': {} }],
  ])('are refused with %s', (_name, candles) => {
    expect(parseRelayFeed(JSON.stringify({ ...hello, candles })).ok).toBe(false);
    expect(parseRelayCandles(JSON.stringify({ type: 'candles', candles })).ok).toBe(false);
  });

  const good = { pair: 'GBP/USD', candles: { ask: { '1h': [0, [[1.25, 1.26, 1.24, 1.255]]] } } };
  it.each([
    ['a price below the least', { pair: 'EUR/USD', candles: { mid: { '1w': [0, [[1.08, 1.09, 0.00005, 1.08]]] } } }],
    ['a price of 0', { pair: 'EUR/USD', candles: { ask: { '1h': [0, [[0, 0, 0, 0]]] } } }],
    ['a pair it does not know', { pair: 'EUR/XYZ', candles: {} }],
    ['a run longer than its range', { pair: 'EUR/USD', candles: { ask: { '1h': [0, Array(61).fill(null)] } } }],
    ['a start that is no bucket start', { pair: 'EUR/USD', candles: { ask: { '1h': [1, [[1, 1, 1, 1]]] } } }],
    ['no pair', { candles: {} }],
    ['a pair given twice (the second)', { pair: 'GBP/USD', candles: {} }],
    ['an entry that is no object', 'EUR/USD'],
    ['null', null],
  ])('skip a pair with %s alone, and keep the rest', (_name, bad) => {
    for (const text of [
      JSON.stringify({ ...hello, candles: [good, bad], takesCandles: true }),
      JSON.stringify({ type: 'candles', candles: [good, bad] }),
    ]) {
      const parsed = text.includes('hello') ? parseRelayFeed(text) : parseRelayCandles(text);
      const entries = parsed.ok && 'candles' in parsed.message ? parsed.message.candles : undefined;
      const { histories, skipped } = readPairHistories(entries ?? []);
      expect(histories).toEqual([good]);
      expect(skipped).toHaveLength(1);
      expect(skipped[0]?.pair).toBe(
        typeof bad === 'object' && bad && 'pair' in bad && typeof bad.pair === 'string' ? bad.pair : '?',
      );
      expect(skipped[0]?.reason).not.toBe('');
    }
  });

  it('say which price of a skipped pair did not parse', () => {
    const bad = { pair: 'EUR/USD', candles: { mid: { '1w': [0, [null, [1.08, 1.09, 0.00005, 1.08]]] } } };
    expect(readPairHistories([bad]).skipped).toEqual([
      { pair: 'EUR/USD', reason: expect.stringMatching(/^candles\.mid\.1w\.1\.1\.2: .*0\.0001/) as unknown },
    ]);
  });
});

describe('a relay’s candles message', () => {
  it('carries each pair’s candles; the hello says whether the ingest takes them', () => {
    const candles = [{ pair: 'EUR/USD', candles: realSnapshot(1.08512, 5) }];
    expect(parseRelayCandles(JSON.stringify({ type: 'candles', candles }))).toEqual({
      ok: true,
      message: { type: 'candles', candles },
    });
    const told = parseRelayFeed(JSON.stringify({ ...hello, takesCandles: true }));
    expect(told.ok && told.message.type === 'hello' && told.message.takesCandles).toBe(true);
    const older = parseRelayFeed(JSON.stringify(hello));
    expect(older.ok && older.message.type === 'hello' && older.message.takesCandles).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"type":"candles"'],
    ['no candles', '{"type":"candles"}'],
    ['another type', JSON.stringify({ ...hello, candles: [] })],
    ['a string', '"candles"'],
    ['null', 'null'],
  ])('is refused as %s, and the parser never throws', (_name, text) => {
    expect(parseRelayCandles(text).ok).toBe(false);
  });
});
