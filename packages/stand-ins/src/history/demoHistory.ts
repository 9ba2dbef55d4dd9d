/**
 * A week of plausible chart history for every pair, for the local demo only: the local stack writes it to
 * priceHistory/{symbol} before the ingest service starts (demo-history-cli.ts), and the ingest reads it
 * back as it would what its last graceful stop wrote. Without it a fresh stack's 1 day and 1 week charts
 * hold only the minutes since the start (docs/local-stack.md).
 *
 * Each pair is a seeded random walk, run backwards from the price the simulator starts the pair at
 * (instruments.ts), so the simulator's live ticks carry the chart on without a jump. FX and metals have
 * no tick while their market is closed (isMarketOpen), so their weekend is a gap, and their price moves
 * at the open as the simulator's does; crypto trades throughout. The ticks go through the domain's own
 * foldPairTick, so the candles are exactly the ones the ingest service would have folded from them.
 */
import { CURRENCY_PAIRS, type CurrencyPair } from '@price-alerts/domain/common';
import {
  CHART_RANGE_SPEC,
  bucketStart,
  emptyPairCandles,
  foldPairTick,
  isMarketOpen,
  marketKind,
  nextClose,
  nextOpen,
  snapshotPairCandles,
  type MarketKind,
  type PairHistory,
} from '@price-alerts/domain/prices';
import { instrument, round } from '../simulator/instruments.ts';
import { seededRandom } from '../simulator/priceEngine.ts';

/** A typical day's move (the standard deviation of a day's return), close to what these markets do. */
export const DAILY_VOLATILITY: Record<MarketKind, number> = { fx: 0.005, metal: 0.01, crypto: 0.03 };

/**
 * Four ticks a minute over the hour the 1 hour chart shows, so each of its candles has a body and wicks;
 * one a minute before that, plenty for candles of 15 minutes and an hour, so that a week of all 15 pairs
 * folds in a fraction of a second.
 */
export const DEMO_TICK_MS = 15_000;
const EARLIER_TICK_MS = 60_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The largest move at a market's open after the weekend: the simulator's default opening gap. */
const OPEN_GAP = 0.003;
/**
 * Volatility comes in spells (busy hours, quiet ones) rather than at one even pace: its log drifts back
 * to its mean with a half-life of about three hours, around a typical spread of this much.
 */
const VOL_SPELL_SPREAD = 0.35;
const VOL_SPELL_HALF_LIFE_MS = 3 * HOUR_MS;

export interface DemoHistoryOptions {
  /** The end of the history: the time the simulator starts from (Date.now() at start). */
  now: number;
  /** Changes every pair's walk; the same seed and `now` give the same history. */
  seed?: number;
}

/** Every pair's history, in the pair list's order. */
export function demoHistory(options: DemoHistoryOptions): PairHistory[] {
  return CURRENCY_PAIRS.map((pair) => demoPairHistory(pair, options));
}

export function demoPairHistory(pair: CurrencyPair, { now, seed = 1 }: DemoHistoryOptions): PairHistory {
  const times = tickTimes(pair, now);
  const mids = walkBack(pair, times, seededRandom(pairSeed(pair, seed)));
  const { spread, decimals } = instrument(pair);
  const book = emptyPairCandles();
  times.forEach((at, i) => {
    const mid = mids[i] ?? 0;
    // As the simulator quotes (PriceEngine.quote), so the last tick is exactly its first.
    foldPairTick(book, round(mid + spread / 2, decimals), round(mid - spread / 2, decimals), at, now);
  });
  return { pair, candles: snapshotPairCandles(book) };
}

/**
 * The spans [start, end) in which the pair trades between `from` and `to`: one for crypto, and for FX and
 * metals one per trading week, found with a few calls rather than one a tick (a market-hours check costs
 * about 10 µs, and the ticks of a week number some 150,000).
 */
export function tradingSpans(pair: CurrencyPair, from: number, to: number): [start: number, end: number][] {
  const spans: [number, number][] = [];
  let at = from;
  while (at < to) {
    if (isMarketOpen(pair, at)) {
      const close = Math.min(nextClose(pair, at) ?? to, to);
      spans.push([at, close]);
      at = close;
    } else at = nextOpen(pair, at) ?? to;
  }
  return spans;
}

/**
 * The tick times, oldest first: on a grid while the market trades, over the week the 1 week chart shows
 * (denser over its last hour), and a last tick at the pair's last trading instant: now, or just before
 * the close for a closed market, which is when the simulator dates a closed market's price.
 */
function tickTimes(pair: CurrencyPair, now: number): number[] {
  const week = CHART_RANGE_SPEC['1w'];
  // A closed market's chart ends at its close, so its week reaches back from there, a weekend at most.
  const reach = week.count * week.stepMs + 3 * DAY_MS;
  const spans = tradingSpans(pair, now - reach, now + 1);
  const last = spans.at(-1);
  if (!last) return [];
  const end = Math.min(now, last[1] - 1);
  const from = bucketStart(end, week.stepMs) - (week.count - 1) * week.stepMs;
  const dense = bucketStart(end, HOUR_MS) - HOUR_MS;
  const times: number[] = [];
  for (const [open, close] of spans) {
    let at = Math.ceil(Math.max(open, from) / EARLIER_TICK_MS) * EARLIER_TICK_MS;
    while (at < close && at < end) {
      times.push(at);
      at += at >= dense ? DEMO_TICK_MS : EARLIER_TICK_MS;
    }
  }
  times.push(end);
  return times;
}

/**
 * Each tick's mid, walked back from the simulator's starting price at the last tick: the walk's end is
 * fixed, wherever its seed takes its start. Each step moves by the time it spans; a step back over a
 * closed market undoes the open's gap instead.
 */
function walkBack(pair: CurrencyPair, times: readonly number[], random: () => number): Float64Array {
  const mids = new Float64Array(times.length);
  const daily = DAILY_VOLATILITY[marketKind(pair)];
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  let mid = instrument(pair).mid;
  let spell = 0;
  for (let i = times.length - 1; i > 0; i -= 1) {
    mids[i] = mid;
    const step = (times[i] ?? 0) - (times[i - 1] ?? 0);
    const closed = step > HOUR_MS;
    const dt = closed ? EARLIER_TICK_MS : step;
    const keep = Math.pow(0.5, dt / VOL_SPELL_HALF_LIFE_MS);
    spell = spell * keep + gaussian() * VOL_SPELL_SPREAD * Math.sqrt(1 - keep * keep);
    // exp(spell - spread²) keeps the mean variance at the day's, whatever the spell does.
    mid *= Math.exp(daily * Math.sqrt(dt / DAY_MS) * Math.exp(spell - VOL_SPELL_SPREAD ** 2) * gaussian());
    if (closed) mid *= 1 + (random() < 0.5 ? -1 : 1) * OPEN_GAP * (0.5 + random() / 2);
  }
  mids[0] = mid;
  return mids;
}

/** A seed of its own per pair (FNV-1a of its name), so each pair walks its own way. */
function pairSeed(pair: CurrencyPair, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < pair.length; i += 1) hash = Math.imul(hash ^ pair.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
