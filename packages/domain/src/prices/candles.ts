/**
 * A pair's recent candles, per side (ask, bid, mid) and chart range, folded from every tick: the ingest
 * service and each relay keep them in memory and serve them to the chart, and the app folds its own ticks
 * into the last candle with the same function, so both ends agree without a read anywhere.
 *
 * A candle is a fixed bucket of time (aligned to multiples of its step since the epoch) holding the first,
 * highest, lowest and last price of the ticks in it. A bucket without a tick has no candle: the weekend's
 * closed market is a gap, never a flat line.
 */
import { PRICE_SIDES, type PriceSide } from '../common/constants.ts';
import { FUTURE_TICK_MS, MINUTE_MS, MIN_WIRE_PRICE } from './pairDay.ts';

export const CHART_RANGES = ['1h', '1d', '1w'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** Each range's bucket and how many buckets it spans (the current one included). */
export const CHART_RANGE_SPEC: Record<ChartRange, { stepMs: number; count: number; label: string }> = {
  '1h': { stepMs: MINUTE_MS, count: 60, label: '1 hour' },
  '1d': { stepMs: 15 * MINUTE_MS, count: 96, label: '1 day' },
  '1w': { stepMs: 60 * MINUTE_MS, count: 168, label: '1 week' },
};

export interface Candle {
  /** The bucket's start, ms since the epoch. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

/** What a fold did: nothing, the last candle changed, an older one changed, or a new one began. */
export type CandleFold = 'none' | 'last' | 'older' | 'new';

export function bucketStart(at: number, stepMs: number): number {
  return Math.floor(at / stepMs) * stepMs;
}

/**
 * Folds one price into a range's candles (oldest first), in place: a server folds hundreds of ticks a
 * second into a few hundred candles, and copying them each time would be most of its work. A tick in the
 * newest bucket moves its high, low and close; one in a later bucket starts a candle and drops those that
 * left the range; one in an earlier bucket still kept (a late tick) moves only that candle's high or low,
 * never its open or close, which later ticks have set. A price that is not a finite number of at least
 * MIN_WIRE_PRICE, a time more than FUTURE_TICK_MS after `now`, or a bucket older than the range changes
 * nothing: the candles travel in messages that refuse such a price, and a week's range would keep one a week.
 */
export function foldCandle(candles: Candle[], range: ChartRange, price: number, at: number, now: number): CandleFold {
  if (!(price >= MIN_WIRE_PRICE) || !Number.isFinite(price) || !Number.isFinite(at) || at > now + FUTURE_TICK_MS)
    return 'none';
  const { stepMs, count } = CHART_RANGE_SPEC[range];
  const t = bucketStart(at, stepMs);
  const last = candles.at(-1);
  if (!last || t > last.t) {
    candles.push({ t, o: price, h: price, l: price, c: price });
    const oldest = t - (count - 1) * stepMs;
    let drop = 0;
    while ((candles[drop]?.t ?? oldest) < oldest) drop += 1;
    if (drop > 0) candles.splice(0, drop);
    return 'new';
  }
  if (t === last.t) {
    const changed = price !== last.c || price > last.h || price < last.l;
    last.c = price;
    if (price > last.h) last.h = price;
    if (price < last.l) last.l = price;
    return changed ? 'last' : 'none';
  }
  const older = findCandle(candles, t);
  if (!older || (price <= older.h && price >= older.l)) return 'none';
  older.h = Math.max(older.h, price);
  older.l = Math.min(older.l, price);
  return 'older';
}

function findCandle(candles: readonly Candle[], t: number): Candle | undefined {
  let lo = 0;
  let hi = candles.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candle = candles[mid];
    if (!candle || candle.t === t) return candle;
    if (candle.t < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/**
 * A side's price in a tick. The mid is the average, as the windows have it, to 12 significant digits: more
 * than any price holds (the average of two prices of 7 has 8), and fewer than the float noise of adding two
 * decimals in binary ((0.65549 + 0.65547) / 2 is 0.6554800000000001), which would lengthen every message
 * the candles travel in. A tick whose ask or bid is below MIN_WIRE_PRICE has no mid (NaN, which foldCandle
 * folds into nothing): half of it would be no price.
 */
export function tickSidePrice(side: PriceSide, ask: number, bid: number): number {
  if (side !== 'mid') return side === 'ask' ? ask : bid;
  if (!(ask >= MIN_WIRE_PRICE && bid >= MIN_WIRE_PRICE)) return Number.NaN;
  return Number(((ask + bid) / 2).toPrecision(12));
}

/** One pair's candles for every side and range. */
export type PairCandles = Record<PriceSide, Record<ChartRange, Candle[]>>;

export function emptyPairCandles(): PairCandles {
  const sides = {} as PairCandles;
  for (const side of PRICE_SIDES) sides[side] = { '1h': [], '1d': [], '1w': [] };
  return sides;
}

/** Folds a tick into every side and range of a pair; true when any candle changed. */
export function foldPairTick(book: PairCandles, ask: number, bid: number, at: number, now: number): boolean {
  let changed = false;
  for (const side of PRICE_SIDES) {
    const price = tickSidePrice(side, ask, bid);
    for (const range of CHART_RANGES)
      if (foldCandle(book[side][range], range, price, at, now) !== 'none') changed = true;
  }
  return changed;
}

/**
 * Joins candles kept elsewhere (a relay's own, the ingest's, a stored copy) with ours: a bucket either holds
 * is kept. Where both hold it, ours keeps its open and close, since ours folded the live ticks in their order,
 * and takes the higher high and the lower low: either side may have missed ticks the other folded (a feed
 * that dropped for a moment, a restart in the middle of a bucket), and an extreme either saw was a true price.
 * Both are oldest first; the result is too, cut to the range. Merging the result with either again changes
 * nothing, so two servers that merge each other's candles agree after one exchange.
 */
export function mergeCandles(ours: readonly Candle[], theirs: readonly Candle[], range: ChartRange): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of theirs) byTime.set(candle.t, { ...candle });
  for (const candle of ours) {
    const other = byTime.get(candle.t);
    byTime.set(
      candle.t,
      other ? { ...candle, h: Math.max(candle.h, other.h), l: Math.min(candle.l, other.l) } : { ...candle },
    );
  }
  const merged = [...byTime.values()].sort((a, b) => a.t - b.t);
  const newest = merged.at(-1);
  if (!newest) return merged;
  const { stepMs, count } = CHART_RANGE_SPEC[range];
  const oldest = newest.t - (count - 1) * stepMs;
  return merged.filter((candle) => candle.t >= oldest);
}

/**
 * The candles of ours that merging into theirs (mergeCandles, theirs as the ours there) would change: each
 * bucket theirs lack, and each whose high is above theirs or whose low below. The rest would change nothing
 * there, so only these need to travel. Both oldest first; so is the result.
 */
export function candlesBeyond(ours: readonly Candle[], theirs: readonly Candle[]): Candle[] {
  const byTime = new Map(theirs.map((candle) => [candle.t, candle]));
  return ours.filter((candle) => {
    const other = byTime.get(candle.t);
    return !other || candle.h > other.h || candle.l < other.l;
  });
}

/** Candles as they travel: the first bucket's start, then [open, high, low, close] per bucket, null for none. */
export type CandleRun = [from: number, slots: ([number, number, number, number] | null)[]];

/** The candles (oldest first, on the step's grid) as a run; undefined for none. */
export function candleRun(candles: readonly Candle[], stepMs: number): CandleRun | undefined {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return undefined;
  const slots: CandleRun[1] = Array.from({ length: (last.t - first.t) / stepMs + 1 }, () => null);
  for (const c of candles) slots[(c.t - first.t) / stepMs] = [c.o, c.h, c.l, c.c];
  return [first.t, slots];
}
