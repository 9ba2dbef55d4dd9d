/**
 * When a move alert fires: 'Moving up %' and 'Moving down %' (against the low or high of a
 * lookback) and 'Change on the day' (against the trading day's open), judged from the moves a price
 * window carries (prices/moves.ts). Pure, like crossing.ts, and shared by both evaluators and the
 * benchmark's naive one.
 *
 * Only a price seen once the alert is active fires it; the low, high or open it is measured from
 * may lie before that, within the lookback. So an alert set while the market has already moved
 * past its threshold fires on the next price, and the create screen warns of it.
 */
import {
  DEFAULT_MOVE_LOOKBACK,
  MOVE_ALERT_TYPES,
  formatPrice,
  type CurrencyPair,
  type PriceSide,
  type MoveAlertType,
  type MoveDirection,
  type MoveLookback,
  type MoveReference,
} from '../common/constants.ts';
import { previousOpen } from '../prices/marketHours.ts';
import type { MoveAlertDocument } from '../store/schemas.ts';
import { DEFAULT_REARM_PERCENT, recentFirings } from './alertModel.ts';
import { alertSince } from './crossing.ts';
import {
  lookbackReference,
  movePercent,
  reachesMove,
  type MovePoint,
  type MoveStats,
  type SideMoves,
} from '../prices/moves.ts';

export const isMoveAlertType = (type: string): type is MoveAlertType =>
  (MOVE_ALERT_TYPES as readonly string[]).includes(type);

/** What a move alert asks for, as stored. */
export interface MoveCondition {
  alertType: MoveAlertType;
  movePercent: number;
  /** The moving types' lookback; absent on 'Change on the day'. */
  lookbackMinutes?: MoveLookback | undefined;
  /** 'Change on the day' only: above ('up') or below ('down') the open. The moving types imply theirs. */
  direction?: MoveDirection | undefined;
}

/** What a move alert measures, without its threshold: its type and its lookback or direction. */
export type MoveShape = Omit<MoveCondition, 'movePercent'>;

export interface JudgedMove extends MoveCondition {
  /** When it last became active (crossing.ts alertSince): only prices from then on fire it. */
  since: number;
  until?: number | undefined;
}

/** The reference and direction a stored condition is measured on. */
export function moveAxis(c: MoveShape): { reference: MoveReference; direction: MoveDirection } {
  if (c.alertType === 'Change on the day') return { reference: 'day', direction: c.direction ?? 'up' };
  return {
    reference: lookbackReference(c.lookbackMinutes ?? DEFAULT_MOVE_LOOKBACK),
    direction: c.alertType === 'Moving up %' ? 'up' : 'down',
  };
}

export interface MoveFiring extends MovePoint {
  /** The move it fired on, in per cent. */
  percent: number;
}

const firing = (direction: MoveDirection, p: MovePoint): MoveFiring => ({
  ...p,
  percent: movePercent(direction, p),
});

/**
 * Whether a window's moves fire the alert: its largest move or its last, whichever came first of
 * those seen while the alert was active and before its expiry, reaching the threshold. For an alert
 * that became active in the middle of the window, a move between those two points that reached the
 * threshold and fell back is not seen (as with a level, crossing.ts); every later window judges
 * the move afresh, so one that holds fires on the next.
 */
export function evaluateMove(alert: JudgedMove, moves: SideMoves | undefined): MoveFiring | undefined {
  const { reference, direction } = moveAxis(alert);
  const stats = moves?.[reference]?.[direction];
  if (!stats) return undefined;
  const until = alert.until ?? Number.POSITIVE_INFINITY;
  const candidates = [stats.best, stats.last]
    .filter((p) => p.at >= alert.since && p.at < until)
    .sort((a, b) => a.at - b.at);
  const hit = candidates.find((p) => reachesMove(movePercent(direction, p), alert.movePercent));
  return hit ? firing(direction, hit) : undefined;
}

/** The judged view of a stored move alert (crossing.ts `judged` for levels). */
export function judgedMove(doc: MoveAlertDocument): JudgedMove {
  return {
    alertType: doc.alertType,
    movePercent: doc.movePercent,
    lookbackMinutes: doc.lookbackMinutes,
    direction: doc.direction,
    since: alertSince(doc),
    ...(doc.expiresAt !== undefined ? { until: doc.expiresAt } : {}),
  };
}

/**
 * Whether a window's moves change the alert as stored: re-arm it (disarmed after firing), or fire
 * it (armed, or armed at its cooldown's end, from then on), as the evaluator would.
 */
export function moveActsOn(doc: MoveAlertDocument, moves: Partial<Record<PriceSide, SideMoves>> | undefined): boolean {
  const side = moves?.[doc.priceSide ?? 'ask'];
  const { reference, direction } = moveAxis(doc);
  if (doc.armed === false && doc.armAt === undefined) {
    if (doc.rearmMoveAt === undefined) return false;
    const after = doc.lastFiredAt ?? Number.NEGATIVE_INFINITY;
    return moveRearmedAt(side?.[reference]?.[direction], direction, doc.rearmMoveAt, after) !== undefined;
  }
  const armed = doc.armed === false && doc.armAt !== undefined ? { ...doc, armedAt: doc.armAt - 1 } : doc;
  return evaluateMove(judgedMove(armed), side) !== undefined;
}

/** The largest move of the window, for the firing read: the alerts whose threshold is at most this. */
export function moveReach(stats: MoveStats, direction: MoveDirection): number {
  return movePercent(direction, stats.best);
}

/**
 * Every-time move alerts re-arm when the move falls back to their threshold less the re-arm
 * distance (in points of per cent, not below zero): 'up 1.5% in 15 min' with 0.1 re-arms once the
 * rise from the lookback's low is 1.4% or less, which a price that holds up does when its low
 * leaves the lookback. A day's change re-arms likewise, and at the latest at the next day's open.
 */
export function moveRearmLevel(threshold: number, rearmDistance: number): number {
  return Math.max(0, threshold - rearmDistance);
}

/** The first point after `after` (the firing) at which the move was back at or under `level`. */
export function moveRearmedAt(
  stats: MoveStats | undefined,
  direction: MoveDirection,
  level: number,
  after: number,
): MovePoint | undefined {
  if (!stats) return undefined;
  return [stats.least, stats.last]
    .filter((p) => p.at > after && movePercent(direction, p) <= level + 1e-9)
    .sort((a, b) => a.at - b.at)[0];
}

/** The smallest move of the window, for the re-arm read: the alerts whose re-arm level is at least this. */
export function moveLeast(stats: MoveStats, direction: MoveDirection): number {
  return movePercent(direction, stats.least);
}

/**
 * Whether the move spans the weekend's close: measured from a price before the latest open, by a
 * price within the open's first hour. The words say so, as a level's do at the open.
 */
export function moveAcrossOpen(pair: CurrencyPair, f: MovePoint): boolean {
  const open = previousOpen(pair, f.at);
  return open !== undefined && f.fromAt < open && f.at - open < 3_600_000;
}

/** A lookback in words, the same on every screen and notice. */
export const MOVE_LOOKBACK_LABELS: Record<MoveLookback, string> = { 5: '5 min', 15: '15 min', 60: '1 h', 1440: '24 h' };

/** 'in 15 min', 'on the day'. */
export function moveSpanWords(c: MoveShape): string {
  return c.alertType === 'Change on the day'
    ? 'on the day'
    : `in ${MOVE_LOOKBACK_LABELS[c.lookbackMinutes ?? DEFAULT_MOVE_LOOKBACK]}`;
}

const percentText = (n: number) => `${Number(n.toFixed(2))}%`;

/** The condition in a trader's words: 'Up 1.5% in 15 min', 'Down 2% on the day'. */
export function moveConditionWords(c: MoveCondition): string {
  const { direction } = moveAxis(c);
  return `${direction === 'up' ? 'Up' : 'Down'} ${percentText(c.movePercent)} ${moveSpanWords(c)}`;
}

/** What happened, without the pair: 'up 1.52% in 15 min (1.08410 to 1.10058)', with ', across the weekend' at the open. */
export function moveWords(pair: CurrencyPair, c: MoveShape, f: MoveFiring): string {
  const { direction } = moveAxis(c);
  const move = `${direction} ${Math.abs(f.percent).toFixed(2)}% ${moveSpanWords(c)}`;
  const gap = moveAcrossOpen(pair, f) ? ', across the weekend' : '';
  return `${move} (${formatPrice(pair, f.from)} to ${formatPrice(pair, f.price)}${gap})`;
}

/** What happened: 'EUR/USD up 1.52% in 15 min (1.08410 to 1.10058)', and ', across the weekend' at the open. */
export function moveFiredWords(pair: CurrencyPair, c: MoveShape, f: MoveFiring): string {
  return `${pair} ${moveWords(pair, c, f)}`;
}

/**
 * What an every-time move alert becomes when it fires: still active, disarmed until its move falls
 * back to the threshold less the re-arm distance (`rearmMoveAt`), the firing counted, and paused
 * when the runaway guard says so (alertModel.ts).
 */
export function moveRepeatAfterFiring(
  alert: Pick<MoveAlertDocument, 'movePercent' | 'rearmPercent' | 'fireCount' | 'recentFirings' | 'moveRead'>,
  f: MoveFiring,
) {
  const { firings, runaway } = recentFirings(alert.recentFirings ?? [], f.at);
  return {
    armed: false as const,
    rearmMoveAt: moveRearmLevel(alert.movePercent, alert.rearmPercent ?? DEFAULT_REARM_PERCENT),
    fireCount: (alert.fireCount ?? 0) + 1,
    lastFiredAt: f.at,
    lastFiredPrice: f.price,
    firedMove: { percent: f.percent, from: f.from, fromAt: f.fromAt, read: alert.moveRead },
    recentFirings: firings,
    ...(runaway ? { status: 'paused' as const, pauseReason: 'runaway' as const } : {}),
  };
}
