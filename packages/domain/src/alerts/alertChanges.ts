import { dateMillis, type DateLike } from '../common/dates.ts';
import type { AlertDocument, MoveAlertDocument } from '../store/schemas.ts';

/**
 * What the user did to an alert, read from one write's before and after: the history trigger
 * records these (users/{uid}/alerts/{alertId}/history). The server's own writes (firing, re-arming,
 * the runaway pause, expiry, cancelling on an error) are recorded by the code that makes them, so
 * they must read as nothing here.
 */
export type AlertChangeType = 'created' | 'edited' | 'paused' | 'resumed';

export interface AlertChange {
  type: AlertChangeType;
  /** Server time of the write (ms): the alert's updatedAt, or createdAt for a create. */
  at: number;
}

/** The fields a user may set; a change to any of them is an edit. */
export const USER_ALERT_FIELDS = [
  'currencyPair',
  'alertType',
  'triggerPrice',
  'priceSide',
  'notificationPreferences',
  'note',
  'repeat',
  'cooldownMinutes',
  'rearmPercent',
  'expiresAt',
  // A move alert's own: its threshold, lookback and direction.
  'movePercent',
  'lookbackMinutes',
  'direction',
] as const satisfies readonly (keyof AlertDocument | keyof MoveAlertDocument)[];

/** A level or a move alert: each has some of the user's fields, compared by value. */
type AlertFields = { [K in (typeof USER_ALERT_FIELDS)[number]]?: unknown } & Pick<
  AlertDocument,
  'status' | 'createdAt' | 'updatedAt'
>;

/** Plain data compared by value: numbers, strings and the preferences map (key order aside). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const millis = (value: unknown): number | undefined => {
  const ms = dateMillis(value as DateLike);
  return Number.isFinite(ms) ? ms : undefined;
};

/**
 * The user's changes in one write, in the order they read best (an edit that also pauses says
 * edited, then paused). `writtenAt` (the trigger's event time) stands in for a missing timestamp.
 *
 * Every user write sets `updatedAt` to the server time (the rules demand it for a pause, resume or
 * edit) and the server's writes never do, so a write that leaves `updatedAt` as it was is the
 * server's, whatever else it changed; status moves to triggered or cancelled are the server's too.
 */
export function alertChanges(
  before: AlertFields | undefined,
  after: AlertFields | undefined,
  writtenAt: number,
): AlertChange[] {
  if (!after) return [];
  if (!before) return [{ type: 'created', at: millis(after.createdAt) ?? writtenAt }];
  const updatedAt = millis(after.updatedAt);
  if (updatedAt === undefined || updatedAt === millis(before.updatedAt)) return [];
  const changes: AlertChange[] = [];
  if (USER_ALERT_FIELDS.some((field) => !sameValue(before[field], after[field])))
    changes.push({ type: 'edited', at: updatedAt });
  if (before.status === 'active' && after.status === 'paused') changes.push({ type: 'paused', at: updatedAt });
  if (before.status === 'paused' && after.status === 'active') changes.push({ type: 'resumed', at: updatedAt });
  return changes;
}
