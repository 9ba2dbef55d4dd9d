import { ACTIVE_ALERTS_LIMIT, PREVIOUS_ALERTS_LIMIT, type AlertStatus } from './constants.ts';
import { dateMillis } from './dates.ts';
import type { Alert } from './schemas.ts';

export interface AlertLists {
  active: Alert[];
  previous: Alert[];
}

export function listFor(status: AlertStatus): keyof AlertLists {
  return status === 'active' || status === 'paused' ? 'active' : 'previous';
}

const newestFirst = (a: Alert, b: Alert) => dateMillis(b.createdAt) - dateMillis(a.createdAt);

/**
 * An updated alert leaves both lists and goes back into the one its status belongs to, newest
 * createdAt first, within the list's limit (spec section 4).
 */
export function reinsertAlert(lists: AlertLists, alert: Alert): AlertLists {
  const active = lists.active.filter((a) => a.id !== alert.id);
  const previous = lists.previous.filter((a) => a.id !== alert.id);
  const target = listFor(alert.status) === 'active' ? active : previous;
  target.push(alert);
  target.sort(newestFirst);
  return { active: active.slice(0, ACTIVE_ALERTS_LIMIT), previous: previous.slice(0, PREVIOUS_ALERTS_LIMIT) };
}

export function removeAlert(lists: AlertLists, id: string): AlertLists {
  return { active: lists.active.filter((a) => a.id !== id), previous: lists.previous.filter((a) => a.id !== id) };
}

/** The details sheet's Notification row. */
export function notificationLabel(preferences: { email: boolean; push: boolean }): string {
  const channels = [preferences.email && 'Email', preferences.push && 'Push'].filter(Boolean);
  return channels.length ? channels.join(', ') : 'None';
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
