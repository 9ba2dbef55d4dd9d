import { cooldownEnd, repeats, type RepeatMode } from './alertModel.ts';
import type { AlertType, CurrencyPair, PriceSide } from '../common/constants.ts';
import { dateMillis, type DateLike } from '../common/dates.ts';
import type { IntervalMessage } from '../prices/intervals.ts';
import { previousOpen } from '../prices/marketHours.ts';

/**
 * When an alert fires (README, "Alert semantics"). Everything here is pure so the rules are tested
 * table-driven; both evaluators and the benchmark's naive evaluator call the same functions.
 */

export interface PricePoint {
  price: number;
  /** When the price was seen, ms since the epoch. */
  at: number;
}

/**
 * What is known of one pair's price over a stretch of time: observations in time order, and the
 * price before them, known to have held until `heldUntil` (for an interval: its first tick) and, when
 * known, seen at `at`.
 */
export interface PricePath {
  before?: { price: number; heldUntil: number; at?: number };
  points: PricePoint[];
}

/** What the evaluator needs of an alert: `since` is when it last became active (created, resumed or edited). */
export interface JudgedAlert {
  alertType: AlertType;
  triggerPrice: number;
  since: number;
  /** Its expiry (ms): prices seen from then on never fire it. */
  until?: number | undefined;
}

export interface Firing {
  /** The first price seen at or past the trigger price after the alert became active. */
  price: number;
  at: number;
}

const PREVIOUS = { ask: 'previousAsk', bid: 'previousBid', mid: 'previousMid' } as const;

/**
 * The prices of one side an interval message saw, in time order (ties keep first, low/high, last).
 * A message without mid (from an ingest service older than sides) has no mid path.
 */
export function pathFromInterval(m: IntervalMessage, side: PriceSide = 'ask'): PricePath {
  const s = m[side];
  if (!s) return { points: [] };
  const points: PricePoint[] = [
    { price: s.first, at: m.firstAt },
    { price: s.low, at: s.lowAt },
    { price: s.high, at: s.highAt },
    { price: s.last, at: m.lastAt },
  ].sort((a, b) => a.at - b.at);
  const before = m[PREVIOUS[side]];
  if (before === undefined) return { points };
  return {
    points,
    before: { price: before, heldUntil: m.firstAt, ...(m.previousAt !== undefined ? { at: m.previousAt } : {}) },
  };
}

/** The scheduled check: the price it saw last time (if any) and the latest stored price. */
export function pathFromLatest(checkpoint: PricePoint | undefined, latest: PricePoint): PricePath {
  if (checkpoint && latest.at <= checkpoint.at) return { points: [] };
  return {
    points: [latest],
    ...(checkpoint ? { before: { price: checkpoint.price, heldUntil: checkpoint.at, at: checkpoint.at } } : {}),
  };
}

const isAtOrPast = (type: AlertType, triggerPrice: number, price: number): boolean =>
  type === 'Price rising above' ? price >= triggerPrice : type === 'Price dropping below' && price <= triggerPrice;

const spans = (a: number, b: number, x: number): boolean => Math.min(a, b) <= x && x <= Math.max(a, b);

/**
 * Whether the path fires the alert, judged only on prices seen once the alert was active:
 * - rising above X: the first price seen ≥ X; dropping below X: the first price seen ≤ X;
 * - reaching X: the first price seen that equals X or lies across X from the price before it
 *   (a jump over X between two ticks counts). The price before is the last one observed before the
 *   alert became active: `before` if the alert was active while it held, else the latest point
 *   earlier than `since`. A jump right after the alert was created thus counts, while a crossing
 *   between two observations both earlier than `since` never does.
 */
export function evaluate(alert: JudgedAlert, path: PricePath): Firing | undefined {
  const until = alert.until ?? Number.POSITIVE_INFINITY;
  const seen = path.points.filter((p) => p.at >= alert.since && p.at < until);
  const x = alert.triggerPrice;
  if (alert.alertType !== 'Price reaching') return seen.find((p) => isAtOrPast(alert.alertType, x, p.price));
  const earlier = path.points.filter((p) => p.at < alert.since).at(-1);
  let previous =
    earlier?.price ?? (path.before && alert.since <= path.before.heldUntil ? path.before.price : undefined);
  for (const point of seen) {
    if (point.price === x || (previous !== undefined && spans(previous, point.price, x))) return point;
    previous = point.price;
  }
  return undefined;
}

/**
 * Whether a firing came at the market's open: the price before it dates from before the latest open
 * (the weekend's close), so this is the first price since, and a gap across the level fired it. The
 * notice says so, since the price may be far past the level. Unknown when the price before is.
 */
export function firedAtOpen(pair: CurrencyPair, path: PricePath, firing: Firing): boolean {
  const beforeAt = path.before?.at;
  const open = previousOpen(pair, firing.at);
  if (beforeAt === undefined || open === undefined || !(beforeAt > 0)) return false;
  // The gap is the weekend's: the price before dates from the last days of the week before, and the
  // firing from the open's first hour. An outage of days is not an open, whatever it spans.
  return open - AT_OPEN_GAP_MAX_MS <= beforeAt && beforeAt < open && firing.at - open < AT_OPEN_WITHIN_MS;
}

/** The weekend close lasts 49 hours; a price before from longer ago than this is an outage, not a close. */
const AT_OPEN_GAP_MAX_MS = 3 * 86_400_000;
const AT_OPEN_WITHIN_MS = 3_600_000;

/** Inclusive trigger-price bounds that can fire on this path, per type (a superset of what fires). */
export interface TriggerRange {
  min?: number;
  max?: number;
}

/**
 * `range` without `skip`, the levels a recent message reads, when skip covers one end of it (then
 * the result keeps the bound it shares, so the level at it is read by both; inclusive is safe, a
 * firing happens once). Undefined when nothing is left; `range` itself when skip does not cover an
 * end (a gap in the middle has no single range).
 */
export function withoutSkipped(range: TriggerRange, skip: TriggerRange): TriggerRange | undefined {
  const [rMin, rMax] = [range.min ?? -Infinity, range.max ?? Infinity];
  const [sMin, sMax] = [skip.min ?? -Infinity, skip.max ?? Infinity];
  if (sMax < rMin || rMax < sMin) return range;
  if (sMin <= rMin && rMax <= sMax) return undefined;
  if (sMin <= rMin) return { ...range, min: sMax };
  if (rMax <= sMax) return { ...range, max: sMin };
  return range;
}

export function triggerRange(type: AlertType, path: PricePath): TriggerRange | undefined {
  const prices = path.points.map((p) => p.price);
  if (prices.length === 0) return undefined;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (type === 'Price rising above') return { max: high };
  if (type === 'Price dropping below') return { min: low };
  const before = path.before?.price ?? low;
  return { min: Math.min(low, before), max: Math.max(high, before) };
}

export interface SinceFields {
  createdAt?: DateLike | null;
  updatedAt?: DateLike | null;
  /** The server's resume (a snooze's end), as updatedAt is the user's. */
  resumedAt?: number | undefined;
  repeat?: RepeatMode | undefined;
  armedAt?: number | undefined;
  lastFiredAt?: number | undefined;
  cooldownMinutes?: number | undefined;
}

/**
 * When the alert may next fire from: the last time it became active (created, edited, resumed by
 * the user or at a snooze's end),
 * and for an every-time alert also when it last re-armed and the end of the cooldown of its last
 * firing. Unknown dates judge on every price.
 */
export function alertSince(alert: SinceFields): number {
  const active = Math.max(
    dateMillis(alert.updatedAt ?? null),
    dateMillis(alert.createdAt ?? null),
    alert.resumedAt ?? Number.NEGATIVE_INFINITY,
  );
  if (!repeats(alert)) return active;
  // Strictly after the price that re-armed it: that price is the one before, so for 'reaching' the
  // move back past the distance is not itself taken for a crossing of the level.
  const rearmed = alert.armedAt !== undefined ? alert.armedAt + 1 : Number.NEGATIVE_INFINITY;
  return Math.max(active, rearmed, cooldownEnd(alert));
}

/** The judged view of a stored alert. */
export function judged(
  alert: SinceFields & { alertType: AlertType; triggerPrice: number; expiresAt?: number | undefined },
): JudgedAlert {
  return {
    alertType: alert.alertType,
    triggerPrice: alert.triggerPrice,
    since: alertSince(alert),
    ...(alert.expiresAt !== undefined ? { until: alert.expiresAt } : {}),
  };
}
