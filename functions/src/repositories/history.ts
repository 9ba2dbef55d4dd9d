/** Repository for users/{uid}/alerts/{alertId}/history/{eventId}: what happened to an alert, server-written. */
import { HISTORY_RETENTION_MS, alertEventSchema, type AlertEvent } from '@price-alerts/domain';
import { Timestamp, type DocumentReference, type Transaction, type WriteBatch } from 'firebase-admin/firestore';

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
