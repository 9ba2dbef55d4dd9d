/** What one window does to one alert: the gate's judging of an alert the listener delivers late. */
import { PRICE_SIDES } from '@price-alerts/domain/common';
import {
  alertSince,
  evaluate,
  indexedAlert,
  judgeAlert,
  judged,
  judgeMove,
  indexedMove,
  moveActsOn,
  pathFromInterval,
  rearmDecision,
  type SidePathMap,
} from '@price-alerts/domain/alerts';
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { isMoveAlertDocument, type AlertDocument, type AnyAlertDocument } from '@price-alerts/domain/store';

export const pathsOf = (m: IntervalMessage): SidePathMap =>
  Object.fromEntries(PRICE_SIDES.map((side) => [side, pathFromInterval(m, side)]));

/** Whether the window changes the alert as stored: re-arms it, or fires it (armed at its cooldown's end). */
export function actsOn(doc: AlertDocument, m: IntervalMessage): boolean {
  const path = pathFromInterval(m, doc.priceSide ?? 'ask');
  if (path.points.length === 0) return false;
  if (doc.armed === false && doc.armAt === undefined) return rearmDecision(doc, path.points, path.before) !== undefined;
  // Waiting for its cooldown: the arm-due read arms it from then (armedAt a millisecond before), as
  // the evaluator does (rearm.ts).
  const armed = doc.armed === false && doc.armAt !== undefined ? { ...doc, armedAt: doc.armAt - 1 } : doc;
  return evaluate(judged(armed), path) !== undefined;
}

/** When it last became active (created, edited, resumed): no window that ended before can act on it. */
export const activeFrom = (doc: AnyAlertDocument): number => alertSince({ ...doc, repeat: undefined });

export const actsOnAny = (doc: AnyAlertDocument, m: IntervalMessage): boolean =>
  isMoveAlertDocument(doc) ? moveActsOn(doc, m.moves) : actsOn(doc, m);

/** The reads one alert needs on a window, judged alone (the catch-up of an alert the index just learnt). */
export function judgeOne(doc: AnyAlertDocument, m: IntervalMessage) {
  if (isMoveAlertDocument(doc)) {
    const alert = indexedMove(doc);
    return alert && judgeMove(alert, m.moves?.[alert.side], m.lastAt);
  }
  const alert = indexedAlert(doc);
  return alert && judgeAlert(alert, pathsOf(m), m.lastAt);
}
