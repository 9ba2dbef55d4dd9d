import { capitalise } from './alertLists.ts';
import {
  COOLDOWN_LABELS,
  DEFAULT_COOLDOWN_MINUTES,
  DEFAULT_REARM_PERCENT,
  REPEAT_LABELS,
  RUNAWAY_MAX_FIRINGS,
  RUNAWAY_WINDOW_MS,
} from './alertModel.ts';
import {
  DEFAULT_PRICE_SIDE,
  formatPrice,
  type AlertType,
  type CurrencyPair,
  type PriceSide,
} from '../common/constants.ts';
import { formatDateTime, toDate } from '../common/dates.ts';
import type { AlertEvent } from './history.ts';
import { MSG_ALERT_FIRE_FAILED } from '../copy/messages.ts';
import type { LevelAlert } from '../store/schemas.ts';
import type { Alert } from '../store/appAlerts.ts';
import { isMoveAlert } from './alertKinds.ts';
import { firedMoveSentence, firedMoveText, moveReferenceText } from './moveDisplay.ts';
import { moveAxis, moveRearmLevel } from './moveRules.ts';
import { actionDoneText, actionHistoryText } from '../actions/actionWords.ts';

/**
 * How the dashboard rows and the details sheet put the alert model (price side, repeat, expiry,
 * firings, history) into words. Pure, so every wording is pinned by a table test; the screens only
 * lay these strings out. Every field is optional on the alert: its absence reads as the spec's
 * behaviour (ask, once, never expires), so an alert without them reads as it always did.
 */

export const PRICE_SIDE_LABELS: Record<PriceSide, string> = { ask: 'Ask', bid: 'Bid', mid: 'Mid' };

/** The side an alert is judged on (an alert stored before sides existed is judged on the ask). */
export const alertSide = (alert: { priceSide?: PriceSide | undefined }): PriceSide =>
  alert.priceSide ?? DEFAULT_PRICE_SIDE;

export const midPrice = (ask: number, bid: number): number => (ask + bid) / 2;

/** The live price on one side: the evaluator's mid is the same average of ask and bid. */
export function sidePrice(price: { ask: number; bid: number }, side: PriceSide): number {
  if (side === 'bid') return price.bid;
  if (side === 'mid') return midPrice(price.ask, price.bid);
  return price.ask;
}

/** A percentage with as many decimals as tell distances apart at its size: 0.42, 12.3, 140. */
function percentText(percent: number): string {
  if (percent < 0.01) return '<0.01';
  if (percent < 10) return percent.toFixed(2);
  if (percent < 100) return percent.toFixed(1);
  return percent.toFixed(0);
}

/**
 * How far the price is from the level, in percent of the price (the move the market must make):
 * '0.42% away'. An every-time alert waiting to re-arm sits beyond its level, and a once alert
 * beyond it is about to fire; both read 'past' rather than a distance still to go.
 */
export function distanceText(type: AlertType, level: number, price: number): string {
  if (!(Number.isFinite(price) && price > 0 && Number.isFinite(level))) return '';
  if (price === level) return 'At the level';
  const percent = (Math.abs(level - price) / price) * 100;
  const past = (type === 'Price rising above' && price > level) || (type === 'Price dropping below' && price < level);
  return `${percentText(percent)}% ${past ? 'past' : 'away'}`;
}

/** '1.08512 · 0.42% away': the live price on the alert's side and its distance to the level. */
export function liveLine(
  alert: Pick<LevelAlert, 'currencyPair' | 'alertType' | 'triggerPrice'>,
  price: number,
): string {
  return `${formatPrice(alert.currencyPair, price)} · ${distanceText(alert.alertType, alert.triggerPrice, price)}`;
}

/** 'fired 3×', or 'not fired yet'. */
export function firedTimes(count: number | undefined): string {
  return count ? `fired ${count}×` : 'not fired yet';
}

/**
 * The row's compact line for an every-time alert: 'Every time · fired 3× · last Mar 5, 14:07'.
 * Null for a once alert, whose row stays as the spec has it.
 */
export function repeatSummary(alert: Pick<Alert, 'repeat' | 'fireCount' | 'lastFiredAt'>, timeZone?: string) {
  if (alert.repeat !== 'every') return null;
  const parts = [REPEAT_LABELS.every, firedTimes(alert.fireCount)];
  if (alert.lastFiredAt !== undefined) parts.push(`last ${formatDateTime(alert.lastFiredAt, timeZone)}`);
  return parts.join(' · ');
}

/** Why the runaway guard paused an alert, in the details sheet. */
export const RUNAWAY_PAUSE_TEXT = `Paused after more than ${RUNAWAY_MAX_FIRINGS} firings in ${
  RUNAWAY_WINDOW_MS / 60_000
} minutes. Resume it when the market calms.`;
/** The same, short enough for a row. */
export const RUNAWAY_ROW_TEXT = 'Paused: too many firings';

export const EXPIRED_LABEL = 'Expired';

/** When the snooze of an alert snoozed from a notice ends (actions/); undefined for any other alert. */
export const snoozeEnd = (alert: Pick<Alert, 'status' | 'pauseReason' | 'snoozedUntil'>): number | undefined =>
  alert.status === 'paused' && alert.pauseReason === 'snoozed' ? alert.snoozedUntil : undefined;

/** The row's line for a snoozed alert: 'Snoozed until 15:40'. */
export const snoozeRowText = (until: number, timeZone?: string): string => actionDoneText('snooze', until, timeZone);

/** The details' reason for a snoozed alert. */
export const snoozeReasonText = (until: number, timeZone?: string): string =>
  `${actionDoneText('snooze', until, timeZone)}: it carries on by itself then. Play resumes it now.`;

/** Whether the runaway guard (not the user) paused the alert and it is still paused. */
export const runawayPaused = (alert: Pick<Alert, 'status' | 'pauseReason'>): boolean =>
  alert.status === 'paused' && alert.pauseReason === 'runaway';

/** What the row says beside a PREVIOUS alert's badge: only an expiry ('Cancelled' stays the badge). */
export function previousReason(alert: Pick<Alert, 'status' | 'cancelReason'>): string | null {
  return alert.status === 'cancelled' && alert.cancelReason === 'expired' ? EXPIRED_LABEL : null;
}

/** The details sheet's 'Reason' row for an alert the server cancelled, or null. */
export function cancelReasonText(
  alert: Pick<Alert, 'status' | 'cancelReason' | 'expiresAt'>,
  timeZone?: string,
): string | null {
  if (alert.status !== 'cancelled') return null;
  if (alert.cancelReason === 'error') return MSG_ALERT_FIRE_FAILED;
  if (alert.cancelReason !== 'expired') return null;
  return alert.expiresAt === undefined
    ? EXPIRED_LABEL
    : `${EXPIRED_LABEL} on ${formatDateTime(alert.expiresAt, timeZone)}`;
}

const yearOf = (date: Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);

/** An expiry as the dates elsewhere ('Jun 30, 21:59'), with its year when that is not this year's. */
export function expiryText(expiresAt: number, timeZone?: string, now = new Date()): string {
  const shown = formatDateTime(expiresAt, timeZone);
  const year = yearOf(new Date(expiresAt), timeZone);
  return year === yearOf(now, timeZone) ? shown : `${shown}, ${year}`;
}

/**
 * The details rows of the alert model, label then value, in the order the sheet shows them. Only
 * what differs from the defaults (ask, once, never expiring) gets a row, so an alert of the
 * defaults shows the spec's rows alone.
 */
export function modelDetails(alert: Alert, timeZone?: string, now = new Date()): [label: string, value: string][] {
  const rows: [string, string][] = [];
  if (isMoveAlert(alert)) rows.push(['Measured from', moveReferenceText(alert.currencyPair, alert)]);
  if (alertSide(alert) !== 'ask') rows.push(['Judged on', PRICE_SIDE_LABELS[alertSide(alert)]]);
  const lastMove = isMoveAlert(alert) ? firedMoveText(alert) : null;
  if (alert.status === 'triggered' && lastMove) rows.push(['Fired on', lastMove]);
  if (alert.repeat === 'every') {
    const rearm = alert.rearmPercent ?? DEFAULT_REARM_PERCENT;
    rows.push(['Repeat', REPEAT_LABELS.every]);
    rows.push(['Cooldown', COOLDOWN_LABELS[alert.cooldownMinutes ?? DEFAULT_COOLDOWN_MINUTES]]);
    // A move's re-arm distance is in points of per cent: it re-arms when the move falls back that far.
    if (isMoveAlert(alert)) {
      const back = moveRearmLevel(alert.movePercent, rearm);
      rows.push(['Re-arms at', `${moveAxis(alert).direction === 'up' ? 'Up' : 'Down'} ${back.toFixed(2)}% or less`]);
    } else rows.push(['Re-arm distance', `${rearm}%`]);
    const count = alert.fireCount ?? 0;
    rows.push(['Fired', count === 0 ? 'Not yet' : count === 1 ? '1 time' : `${count} times`]);
    // Time and price in rows of their own: together they wrap on a phone.
    if (alert.lastFiredAt !== undefined) rows.push(['Last fired', formatDateTime(alert.lastFiredAt, timeZone)]);
    if (lastMove) rows.push(['Last move', lastMove]);
    else if (alert.lastFiredPrice !== undefined) {
      rows.push(['Last firing price', formatPrice(alert.currencyPair, alert.lastFiredPrice)]);
    }
  }
  // An ended alert's expiry is past or moot; an expired one says so in its reason instead.
  if (alert.expiresAt !== undefined && (alert.status === 'active' || alert.status === 'paused')) {
    rows.push(['Expires', expiryText(alert.expiresAt, timeZone, now)]);
  }
  return rows;
}

const EVENT_TEXT: Record<
  Exclude<AlertEvent['type'], 'fired' | 'notified' | 'held' | 'snoozed' | 'set_again'>,
  string
> = {
  created: 'Created',
  edited: 'Edited',
  paused: 'Paused',
  resumed: 'Resumed',
  rearmed: 'Re-armed',
  runaway_paused: 'Paused by the runaway guard',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** One history event as a sentence: 'Fired at 1.08512 (bid)', 'Push skipped: No device registered for push'. */
export function historySentence(event: AlertEvent, pair: CurrencyPair): string {
  if (event.type === 'fired') {
    if (event.price === undefined) return 'Fired';
    if (event.move) {
      const side = event.side ? `, on the ${event.side}` : '';
      return `${firedMoveSentence(pair, { at: event.at, price: event.price, move: event.move })}${side}`;
    }
    const open = event.atOpen ? ' at the market open' : '';
    return `Fired at ${formatPrice(pair, event.price)}${event.side ? ` (${event.side})` : ''}${open}`;
  }
  // Done from a notice: 'Snoozed until 15:40 from the push', 'Paused from the email'.
  if (event.type === 'snoozed') return actionHistoryText('snooze', event.via ?? 'push', event.until);
  if (event.type === 'set_again') return actionHistoryText('again', event.via ?? 'push');
  if (event.type === 'paused' && event.via) return actionHistoryText('pause', event.via);
  if (event.type === 'resumed' && event.reason) return `${EVENT_TEXT.resumed}: ${event.reason}`;
  const channel = event.channel ? capitalise(event.channel) : 'Notification';
  // 'Webhook: held, over the budget': waiting for the account's webhook budget, not for quiet hours.
  if (event.type === 'held')
    return event.reason ? `${channel}: held, ${event.reason}` : `${channel}: Held for quiet hours`;
  // The webhook's reason is the whole outcome: 'Webhook: 200', 'Webhook: failed after 5 tries: 503'.
  if (event.type === 'notified' && event.channel === 'webhook')
    return `Webhook: ${event.reason ?? event.outcome ?? 'sent'}`;
  if (event.type === 'notified') {
    const outcome = event.outcome ?? 'sent';
    if (event.digest && outcome === 'sent') return `${channel}: Sent in the ${event.digest} digest`;
    if (event.digest)
      return `${channel}: The ${event.digest} digest ${outcome}${event.reason ? `: ${event.reason}` : ''}`;
    const reason = outcome !== 'sent' && event.reason ? `: ${event.reason}` : '';
    return `${channel} ${outcome}${reason}`;
  }
  if (event.type === 'cancelled' && event.reason) return `${EVENT_TEXT.cancelled}: ${event.reason}`;
  return EVENT_TEXT[event.type];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const key = timeZone ?? '';
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, ...(timeZone ? { timeZone } : {}) });
    cache.set(key, format);
  }
  return format;
}

export interface HistoryDay<E> {
  /** 'Mar 5': short month and day, as the app's dates (the 90 days kept never span a year's same day). */
  day: string;
  /** Its events in the order given (newest first), each with its time of day ('14:07', 24-hour). */
  events: { event: E; time: string }[];
}

/**
 * The history's events under a heading per day, so each line needs only the time and its sentence
 * stays on one line on a phone. Consecutive events of the same day share a group.
 */
export function historyByDay<E extends { at: number }>(events: readonly E[], timeZone?: string): HistoryDay<E>[] {
  const dayFormat = cached(dayFormats, { month: 'short', day: 'numeric' }, timeZone);
  const timeFormat = cached(timeFormats, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, timeZone);
  const days: HistoryDay<E>[] = [];
  for (const event of events) {
    const date = toDate(event.at) ?? new Date(Number.NaN);
    const valid = !Number.isNaN(date.getTime());
    const day = valid ? dayFormat.format(date) : formatDateTime(event.at, timeZone);
    const time = valid ? timeFormat.format(date) : '';
    const last = days.at(-1);
    if (last?.day === day) last.events.push({ event, time });
    else days.push({ day, events: [{ event, time }] });
  }
  return days;
}
