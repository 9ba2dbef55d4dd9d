import { ACTIVE_LIST_STATUSES, type AlertStatus } from '../common/constants.ts';
import { dateMillis } from '../common/dates.ts';
import type { Alert } from '../store/appAlerts.ts';

export interface AlertLists {
  active: Alert[];
  previous: Alert[];
}

export type LiveStatus = (typeof ACTIVE_LIST_STATUSES)[number];

/** Active or paused: the alert still watches prices, can be paused or resumed, edited, and fired. */
export function isLive(status: AlertStatus): status is LiveStatus {
  return (ACTIVE_LIST_STATUSES as readonly AlertStatus[]).includes(status);
}

export function listFor(status: AlertStatus): keyof AlertLists {
  return isLive(status) ? 'active' : 'previous';
}

const newestFirst = (a: Alert, b: Alert) => dateMillis(b.createdAt) - dateMillis(a.createdAt);

/**
 * The spec's update rule (an updated alert leaves both lists and is put back in the list for its
 * status, newest createdAt first) applied to what a live query delivers: the snapshot is the
 * whole of its list (the query already limits and orders it), and an alert in it leaves the other
 * list, so an alert that changed list is never shown twice while the other query catches up.
 */
export function applyListSnapshot(lists: AlertLists, list: keyof AlertLists, snapshot: readonly Alert[]): AlertLists {
  const other: keyof AlertLists = list === 'active' ? 'previous' : 'active';
  const mine = snapshot.filter((a) => listFor(a.status) === list).sort(newestFirst);
  const ids = new Set(mine.map((a) => a.id));
  const rest = lists[other].filter((a) => !ids.has(a.id));
  return list === 'active' ? { active: mine, previous: rest } : { active: rest, previous: mine };
}

/** The selected alert as the lists now hold it; kept as it was when neither list holds it. */
export function refreshSelection(selected: Alert | null, lists: AlertLists): Alert | null {
  if (!selected) return null;
  return lists.active.find((a) => a.id === selected.id) ?? lists.previous.find((a) => a.id === selected.id) ?? selected;
}

/** The details sheet's Notification row. */
export function notificationLabel(preferences: {
  email: boolean;
  push: boolean;
  telegram?: boolean | undefined;
  discord?: boolean | undefined;
}): string {
  const channels = [
    preferences.email && 'Email',
    preferences.push && 'Push',
    preferences.telegram && 'Telegram',
    preferences.discord && 'Discord',
  ].filter(Boolean);
  return channels.length ? channels.join(', ') : 'None';
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
