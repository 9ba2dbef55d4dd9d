import { CURRENCY_PAIRS, PRICE_SIDES, type CurrencyPair } from '@price-alerts/domain/common';
import {
  CHART_RANGES,
  CHART_RANGE_SPEC,
  bucketStart,
  hasMarketHours,
  isMarketOpen,
  marketKind,
  pairCandlesSnapshotSchema,
  previousClose,
  type PairHistory,
} from '@price-alerts/domain/prices';
import { priceHistoryDocument, priceHistoryDocumentSchema } from '@price-alerts/domain/store';
import { describe, expect, it } from 'vitest';
import { DAILY_VOLATILITY, demoHistory, demoPairHistory, tradingSpans } from './demoHistory.ts';
import { PriceEngine } from '../simulator/priceEngine.ts';

const t = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

const cases = [
  { when: 'on a Wednesday', now: t('2025-01-08T12:00:00.123Z') },
  { when: 'on a Saturday (FX closed)', now: t('2025-01-11T12:00:00.000Z') },
  { when: 'on Sunday after the open', now: t('2025-01-12T23:30:00.000Z') },
  { when: 'on a summer Monday (EDT)', now: t('2025-07-07T09:00:07.000Z') },
];

// Each case's histories, built once: a week of all 15 pairs takes a few hundred milliseconds.
const built = new Map<number, PairHistory[]>();
function histories(now: number): PairHistory[] {
  let history = built.get(now);
  if (!history) built.set(now, (history = demoHistory({ now })));
  return history;
}

/** Every candle of a side and range, as the ingest reads them back: [bucket start, o, h, l, c]. */
function candlesOf(history: PairHistory, side: (typeof PRICE_SIDES)[number], range: (typeof CHART_RANGES)[number]) {
  const run = history.candles[side]?.[range];
  if (!run) return [];
  const [from, slots] = run;
  return slots.flatMap((slot, i) => (slot ? [[from + i * CHART_RANGE_SPEC[range].stepMs, ...slot] as const] : []));
}

/** When the simulator's first price of the pair is dated: now, or just before the close for a closed market. */
const lastTickAt = (pair: CurrencyPair, now: number) =>
  isMarketOpen(pair, now) ? now : (previousClose(pair, now) ?? now) - 1;

describe.each(cases)('a week of demo history $when', ({ now }) => {
  it('is a stored price history of every pair, its snapshot what the ingest parses', () => {
    const stored = histories(now);
    expect(stored.map((h) => h.pair)).toEqual([...CURRENCY_PAIRS]);
    for (const history of stored) {
      expect(pairCandlesSnapshotSchema.safeParse(history.candles).success).toBe(true);
      const document = priceHistoryDocumentSchema.safeParse(priceHistoryDocument(history, now));
      expect(document.success, history.pair).toBe(true);
    }
  });

  it.each([...CURRENCY_PAIRS])('ends %s at the price the simulator starts it at, in its last bucket', (pair) => {
    const history = histories(now).find((h) => h.pair === pair);
    const { ask, bid } = new PriceEngine().quote(pair);
    const end = lastTickAt(pair, now);
    for (const range of CHART_RANGES)
      for (const side of PRICE_SIDES) {
        const last = history && candlesOf(history, side, range).at(-1);
        expect(last?.[0], `${side} ${range}`).toBe(bucketStart(end, CHART_RANGE_SPEC[range].stepMs));
        expect(last?.[4], `${side} ${range}`).toBeCloseTo(
          side === 'ask' ? ask : side === 'bid' ? bid : (ask + bid) / 2,
          9,
        );
      }
  });

  it.each([...CURRENCY_PAIRS])('leaves a gap where %s does not trade, and valid candles within each range', (pair) => {
    const history = histories(now).find((h) => h.pair === pair);
    if (!history) throw new Error(`no history of ${pair}`);
    const end = lastTickAt(pair, now);
    for (const range of CHART_RANGES)
      for (const side of PRICE_SIDES) {
        const { stepMs, count } = CHART_RANGE_SPEC[range];
        const candles = candlesOf(history, side, range);
        expect(history.candles[side]?.[range]?.[1].length).toBeLessThanOrEqual(count);
        expect(candles.length).toBeGreaterThan(0);
        const oldest = bucketStart(end, stepMs) - (count - 1) * stepMs;
        // Hours change on whole hours, so a bucket that opens in a closed market is closed throughout.
        const wrong = candles.filter(
          ([at, o, h, l, c]) =>
            at < oldest || !isMarketOpen(pair, at) || h < Math.max(o, c) || l > Math.min(o, c) || !(l > 0),
        );
        expect(wrong, `${side} ${range}`).toEqual([]);
      }
    // Any 168 hours hold one weekend: FX and metals trade 120 of them, whatever the day or season.
    expect(candlesOf(history, 'mid', '1w')).toHaveLength(hasMarketHours(pair) ? 120 : 168);
  });
});

describe('the demo history’s walk', () => {
  const now = cases[0]?.now ?? 0;

  it.each([...CURRENCY_PAIRS])('moves %s about as much in a day as its market does', (pair) => {
    const history = histories(now).find((h) => h.pair === pair);
    const closes = history ? candlesOf(history, 'mid', '1w').map((candle) => candle[4]) : [];
    const returns = closes.slice(1).map((close, i) => Math.log(close / (closes[i] ?? close)));
    const daily = Math.sqrt((returns.reduce((sum, r) => sum + r * r, 0) / returns.length) * 24);
    const target = DAILY_VOLATILITY[marketKind(pair)];
    expect(daily).toBeGreaterThan(target / 2);
    expect(daily).toBeLessThan(target * 2);
  });

  it('is the same for the same seed and time, and another for another seed', () => {
    const first = histories(now)[0];
    expect(demoPairHistory('EUR/USD', { now })).toEqual(first);
    expect(demoPairHistory('EUR/USD', { now, seed: 7 }).candles.ask?.['1w']).not.toEqual(first?.candles.ask?.['1w']);
  });

  it.each([
    ['EUR/USD', 'winter', t('2025-01-06T00:00:00Z'), t('2025-01-13T00:00:00Z'), 22],
    ['EUR/USD', 'summer', t('2025-07-07T00:00:00Z'), t('2025-07-14T00:00:00Z'), 21],
    ['XAU/GBP', 'winter', t('2025-01-06T00:00:00Z'), t('2025-01-13T00:00:00Z'), 22],
  ] as const)('trades %s (%s) from Sunday to Friday at 17:00 New York', (pair, _season, from, to, utcHour) => {
    const close = from + 4 * 24 * HOUR + utcHour * HOUR;
    expect(tradingSpans(pair, from, to)).toEqual([
      [from, close],
      [close + 48 * HOUR, to],
    ]);
  });

  it('trades crypto throughout', () => {
    expect(tradingSpans('BTC/USD', 0, 7 * 24 * HOUR)).toEqual([[0, 7 * 24 * HOUR]]);
  });
});
