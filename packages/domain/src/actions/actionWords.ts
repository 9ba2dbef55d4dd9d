/**
 * What an action on a fired alert says: its result, word for word on the confirm page, in the
 * service worker's confirmation and in the alert's history, and why one was refused.
 */
import { MSG_ALERT_LIMIT } from '../copy/messages.ts';
import type { AlertAction } from './actions.ts';
import type { ActionChannel } from './actionToken.ts';

export const ACTION_REFUSALS = {
  invalid: 'This link is not valid. Open the alert in the app instead.',
  expired: 'This link has expired. Open the alert in the app instead.',
  otherAccount: 'This link is for another account. Sign out, or open the alert in the app.',
  missing: 'This alert no longer exists.',
  ended: 'This alert has ended, so it cannot be snoozed or paused. Open it in the app.',
  notEnded: 'This alert is still active, so there is nothing to set again.',
  changed: 'This alert was changed after it fired, so nothing was done. Open it in the app.',
  alreadyPaused: 'This alert is already paused.',
  limit: MSG_ALERT_LIMIT,
  failed: 'Something went wrong. Please try again.',
  tooMany: 'Too many taps on alert links at once. Please wait a minute and try again.',
} as const;
export type ActionRefusal = keyof typeof ACTION_REFUSALS;

/** What the function answers: done (with what it did), already done by this token, or refused. */
type ActionEffect = {
  action: AlertAction;
  until?: number | undefined;
  newAlertId?: string | undefined;
};
export type ActionResult =
  | ({ outcome: 'done' } & ActionEffect)
  | ({ outcome: 'used' } & ActionEffect)
  | { outcome: 'refused'; reason: ActionRefusal };

/**
 * What it answers the confirm page before the tap: the token checked, and its words, which only then
 * are shown; or, for a link used already, what it did, so the page says so before any button.
 */
export type ActionPreview =
  | { outcome: 'preview'; action: AlertAction; what: string; label: string }
  | Extract<ActionResult, { outcome: 'used' }>
  | { outcome: 'refused'; reason: ActionRefusal };

/** '15:40' in the zone given, else the device's. */
const time = (at: number, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);

/** 'Snoozed until 15:40', 'Paused', 'Set again'. */
export function actionDoneText(action: AlertAction, until?: number, timeZone?: string): string {
  if (action === 'snooze')
    return until === undefined ? 'Snoozed for an hour' : `Snoozed until ${time(until, timeZone)}`;
  if (action === 'pause') return 'Paused';
  return 'Set again';
}

/** The confirm page's and the service worker's sentence for a result. */
export function actionResultText(result: ActionResult, timeZone?: string): string {
  if (result.outcome === 'refused') return ACTION_REFUSALS[result.reason];
  const done = actionDoneText(result.action, result.until, timeZone);
  return result.outcome === 'used' ? `This was already done: ${done}.` : `${done}.`;
}

/** The history's sentence: 'Snoozed until 15:40 from the push', 'Set again from the email', 'Paused from Telegram'. */
export const actionHistoryText = (action: AlertAction, via: ActionChannel, until?: number, timeZone?: string) =>
  `${actionDoneText(action, until, timeZone)} from ${via === 'telegram' ? 'Telegram' : `the ${via}`}`;
