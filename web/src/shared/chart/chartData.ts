/**
 * What a chart draws and says, from the candles and the live price, free of the chart library: its bars
 * (with an empty slot for each bucket without a tick, so a closed market is a gap), the range it is
 * scaled to, and its text alternative.
 */
import {
  DEFAULT_MOVE_LOOKBACK,
  formatDateTime,
  formatPrice,
  pairDecimals,
  type CurrencyPair,
} from '@price-alerts/domain/common';
import {
  MOVE_LOOKBACK_LABELS,
  levelDistance,
  moveAxis,
  moveSpanWords,
  type MoveShape,
} from '@price-alerts/domain/alerts';
import { CHART_RANGE_SPEC, type Candle, type ChartRange, type SeedPoint } from '@price-alerts/domain/prices';

/** A bar as the chart library takes it (seconds since the epoch), or an empty slot. */
export type Bar = { time: number; open: number; high: number; low: number; close: number } | { time: number };

export function toBar(candle: Candle): Bar {
  return { time: candle.t / 1000, open: candle.o, high: candle.h, low: candle.l, close: candle.c };
}

/** Empty slots for the buckets strictly between two candles' starts. */
export function gapSlots(from: number, to: number, stepMs: number): Bar[] {
  const slots: Bar[] = [];
  for (let t = from + stepMs; t < to; t += stepMs) slots.push({ time: t / 1000 });
  return slots;
}

/** The candles as bars, oldest first, each bucket without a tick an empty slot between them. */
export function toBars(candles: readonly Candle[], range: ChartRange): Bar[] {
  const { stepMs } = CHART_RANGE_SPEC[range];
  const bars: Bar[] = [];
  let previous: Candle | undefined;
  for (const candle of candles) {
    if (previous) bars.push(...gapSlots(previous.t, candle.t, stepMs));
    bars.push(toBar(candle));
    previous = candle;
  }
  return bars;
}

export interface ChartFacts {
  high: number;
  low: number;
  last: number;
}

/** The range's high and low, the live price included (it may not have reached the candles yet), and the last price. */
export function chartFacts(candles: readonly Candle[], live: number | undefined): ChartFacts | undefined {
  const last = live ?? candles.at(-1)?.c;
  if (last === undefined) return undefined;
  let high = last;
  let low = last;
  for (const c of candles) {
    if (c.h > high) high = c.h;
    if (c.l < low) low = c.l;
  }
  return { high, low, last };
}

/**
 * The chart in words, for those who cannot see it and for anyone in a hurry:
 * '1 day: high 1.09123, low 1.08412, last 1.08760. Level 1.09000, 0.22% above the market.'
 */
export function chartSummary(
  pair: CurrencyPair,
  range: ChartRange,
  facts: ChartFacts | undefined,
  level: number | undefined,
  points: readonly ChartPoint[] = [],
): string {
  const label = CHART_RANGE_SPEC[range].label;
  const price = (value: number) => formatPrice(pair, value);
  const marked = points
    .map((p) => (p.price === undefined ? '' : ` ${p.text} at ${price(p.price)}, ${formatDateTime(p.at)}.`))
    .join('');
  if (!facts) return `${label}: no prices yet.${marked}`;
  const summary = `${label}: high ${price(facts.high)}, low ${price(facts.low)}, last ${price(facts.last)}.`;
  if (level === undefined) return `${summary}${marked}`;
  return `${summary} Level ${levelPrice(pair, level)}, ${levelDistance(level, facts.last)}.${marked}`;
}

/**
 * A level as it will be saved: the pair's decimals, or more when more were typed (155.12349 on a pair quoted
 * to three decimals is saved as typed, so the chart does not say 155.123).
 */
export function levelPrice(pair: CurrencyPair, level: number): string {
  const typed = String(level).split('.')[1]?.length ?? 0;
  return typed > pairDecimals(pair) ? String(level) : formatPrice(pair, level);
}

/** The step a key moves the level by: a hundredth of a percent of the price, at least the pair's last decimal. */
export function keyStep(decimals: number, price: number, large: boolean): number {
  const unit = 10 ** -decimals;
  const step = Math.max(unit, Math.round((price * 0.0001) / unit) * unit);
  return large ? step * 10 : step;
}

/** A horizontal line drawn across the chart, with its title on the price axis. */
export interface ChartLine {
  price: number;
  title: string;
}

/**
 * A point marked on the chart: a fired alert's price and time, a move's reference where it stood, or (with
 * no price) a moment, such as where a lookback begins.
 */
export interface ChartPoint {
  at: number;
  price?: number;
  text: string;
}

/**
 * A move alert on the chart: where its lookback begins, the price it is measured from (the lookback's low
 * or high, or the day's open, marked where it stood; the live price, now, once it went past it) and the
 * level at which the threshold is reached, from the reference as last stored, as the move so far is
 * measured (moveSoFar).
 */
export function moveGuides(
  shape: MoveShape & { movePercent?: number | undefined },
  stored: SeedPoint | undefined,
  price: number | undefined,
  now: number,
): { lines: ChartLine[]; points: ChartPoint[] } {
  if (!stored || !(stored.low > 0) || !(stored.high > 0)) return { lines: [], points: [] };
  const { reference, direction } = moveAxis(shape);
  const span = moveSpanWords(shape);
  let from: number;
  let at: number;
  let title: string;
  if (reference === 'day') {
    [from, at, title] = [stored.low, stored.lowAt, 'Day open'];
  } else if (direction === 'up') {
    const live = price !== undefined && price < stored.low;
    [from, at, title] = [live ? price : stored.low, live ? now : stored.lowAt, `Low ${span}`];
  } else {
    const live = price !== undefined && price > stored.high;
    [from, at, title] = [live ? price : stored.high, live ? now : stored.highAt, `High ${span}`];
  }
  const lines: ChartLine[] = [{ price: from, title }];
  const percent = shape.movePercent;
  if (percent !== undefined && percent > 0) {
    const up = direction === 'up';
    lines.push({ price: from * (1 + ((up ? 1 : -1) * percent) / 100), title: `Fires ${up ? '+' : '−'}${percent}%` });
  }
  const mark = reference === 'day' ? 'Open' : direction === 'up' ? 'Low' : 'High';
  const points: ChartPoint[] = [{ at, price: from, text: mark }];
  // The day's lookback begins at its open, marked already; a lookback of minutes, that long before now.
  if (reference !== 'day') {
    const minutes = shape.lookbackMinutes ?? DEFAULT_MOVE_LOOKBACK;
    points.unshift({ at: now - minutes * 60_000, text: `${MOVE_LOOKBACK_LABELS[minutes]} ago` });
  }
  return { lines, points };
}
