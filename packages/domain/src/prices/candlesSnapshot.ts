/**
 * A pair's candles (candles.ts) in brief, as the ingest service hands them to each relay in the feed's
 * hello (relayFeed.ts) and stores them at a graceful stop (priceHistory/{symbol}, store/priceHistory.ts): per
 * side and range, the first bucket's start and one [open, high, low, close] per bucket from it, null for a
 * bucket without a tick, as the type 4 message has them. A range without candles is left out:
 *
 *   {"ask":{"1h":[1736503140000,[[1.0851,1.0853,1.085,1.0852],null,…]],"1d":[…],"1w":[…]},"bid":…,"mid":…}
 *
 * A full book is about 40 KB a pair. A range or side this version does not know is dropped, so an older
 * relay reads a newer ingest's hello.
 */
import { z } from '../common/zod.ts';
import { PRICE_SIDES, type CurrencyPair } from '../common/constants.ts';
import {
  CHART_RANGES,
  CHART_RANGE_SPEC,
  candleRun,
  emptyPairCandles,
  type ChartRange,
  type PairCandles,
} from './candles.ts';
import { MIN_WIRE_PRICE } from './pairDay.ts';

const price = z.number().check(z.gte(MIN_WIRE_PRICE), z.refine(Number.isFinite, 'must be finite'));
const slot = z.nullable(z.tuple([price, price, price, price]));

/** A range's run: at most as many buckets as the range spans, from a bucket's start. */
function runSchema(range: ChartRange) {
  const { stepMs, count } = CHART_RANGE_SPEC[range];
  return z.tuple([
    z.int().check(
      z.nonnegative(),
      z.refine((from) => from % stepMs === 0, 'must be a bucket start'),
    ),
    z.array(slot).check(z.maxLength(count)),
  ]);
}

const sideSchema = z.object({
  '1h': z.optional(runSchema('1h')),
  '1d': z.optional(runSchema('1d')),
  '1w': z.optional(runSchema('1w')),
});

export const pairCandlesSnapshotSchema = z.object({
  ask: z.optional(sideSchema),
  bid: z.optional(sideSchema),
  mid: z.optional(sideSchema),
});
export type PairCandlesSnapshot = z.infer<typeof pairCandlesSnapshotSchema>;

/** One pair's history, as the hello carries it and the ingest stores it. */
export interface PairHistory {
  pair: CurrencyPair;
  candles: PairCandlesSnapshot;
}

/** The book in brief; empty ranges and sides are left out. */
export function snapshotPairCandles(book: PairCandles): PairCandlesSnapshot {
  const snapshot: PairCandlesSnapshot = {};
  for (const side of PRICE_SIDES)
    for (const range of CHART_RANGES) {
      const run = candleRun(book[side][range], CHART_RANGE_SPEC[range].stepMs);
      if (run) (snapshot[side] ??= {})[range] = run;
    }
  return snapshot;
}

/**
 * The book a snapshot holds (parsed by its schema first). A candle whose high is below its low, open or
 * close, or whose low is above them, is left out: it would draw a bar upside down.
 */
export function pairCandlesFromSnapshot(snapshot: PairCandlesSnapshot): PairCandles {
  const book = emptyPairCandles();
  for (const side of PRICE_SIDES)
    for (const range of CHART_RANGES) {
      const run = snapshot[side]?.[range];
      if (!run) continue;
      const [from, slots] = run;
      const { stepMs } = CHART_RANGE_SPEC[range];
      slots.forEach((slot, i) => {
        if (!slot) return;
        const [o, h, l, c] = slot;
        if (h < l || h < o || h < c || l > o || l > c) return;
        book[side][range].push({ t: from + i * stepMs, o, h, l, c });
      });
    }
  return book;
}
