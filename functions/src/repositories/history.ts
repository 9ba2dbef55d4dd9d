/** Repository for users/{uid}/alerts/{alertId}/history/{eventId}: what happened to an alert, server-written. */
import { HISTORY_RETENTION_MS, alertEventSchema, type AlertEvent } from '@price-alerts/domain/alerts';
import { HISTORY_BEFORE_QUERY } from '@price-alerts/domain/store';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { buildQuery } from './query';

export type NewAlertEvent = Omit<AlertEvent, 'expireAt'>;

/**
 * The event's id is made of what it records, so a replay (a retried transaction, a redelivered
 * trigger) writes the same document again instead of a second event.
 */
export function eventId(event: NewAlertEvent): string {
  return [event.at, event.type, event.channel].filter((p) => p !== undefined).join('_');
}

export function historyRef(alertRef: DocumentReference, event: NewAlertEvent): DocumentReference {
  return alertRef.collection('history').doc(eventId(event));
}

/** Writes the event in the caller's transaction or batch, with the time the TTL policy deletes it. */
export function recordEvent(
  writer: Transaction | WriteBatch,
  alertRef: DocumentReference,
  event: NewAlertEvent,
): DocumentReference {
  const ref = historyRef(alertRef, event);
  const parsed = alertEventSchema.parse({ ...event, expireAt: Timestamp.fromMillis(event.at + HISTORY_RETENTION_MS) });
  (writer as Transaction).set(ref, parsed);
  return ref;
}

/** users/{userId}/alerts/{alertId}: where a delivery's or an expiry's events go. */
export function alertRefOf(db: Firestore, userId: string, alertId: string): DocumentReference {
  return db.collection('users').doc(userId).collection('alerts').doc(alertId);
}

/**
 * Records the user's own changes to an alert, but only while that alert, as created at
 * `createdAtMs`, still exists: the trigger that records them may run after the alert was deleted
 * (triggers are not ordered), and an event written then would outlive the history deleted with it.
 */
export async function recordChanges(
  db: Firestore,
  alertRef: DocumentReference,
  createdAtMs: number | undefined,
  events: readonly NewAlertEvent[],
): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const alert = await tx.get(alertRef);
    if (!alert.exists) return false;
    const created = alert.get('createdAt') as { toMillis?: () => number } | undefined;
    // The same id re-created since: these changes were to the alert that was deleted.
    if (createdAtMs !== undefined && created?.toMillis?.() !== createdAtMs) return false;
    for (const event of events) recordEvent(tx, alertRef, event);
    return true;
  });
}

/**
 * Deletes an alert's history, in batches (BulkWriter), when the alert is deleted. The delete's
 * trigger may run after the same id was created again (triggers are not ordered): then only the
 * events from before that creation go, the deleted alert's, and the new alert keeps its own.
 */
export async function deleteHistory(db: Firestore, alertRef: DocumentReference): Promise<void> {
  const history = alertRef.collection('history');
  const created = (await alertRef.get()).get('createdAt') as { toMillis?: () => number } | undefined;
  const since = created?.toMillis?.();
  if (since === undefined) {
    await db.recursiveDelete(history);
    return;
  }
  const writer = db.bulkWriter();
  const old = (await buildQuery(alertRef, HISTORY_BEFORE_QUERY, [since]).get()).docs;
  // Settled, not awaited one by one: a failed delete must fail the invocation, not go unhandled.
  const deletes = Promise.allSettled(old.map((event) => writer.delete(event.ref)));
  await writer.close();
  const failed = (await deletes).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
