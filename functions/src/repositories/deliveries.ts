/** Repository for deliveries/{userId}__{alertId}__{firedAtMs}: server-only notification state. */
import { dateMillis } from '@price-alerts/domain/common';
import { deliveryId, deliverySchema, type Delivery } from '@price-alerts/domain/notify';
import { DUE_DELIVERIES_QUERY } from '@price-alerts/domain/store';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { buildQuery } from './query';

export function deliveryRef(db: Firestore, userId: string, alertId: string, firedAtMs: number): DocumentReference {
  return deliveryRefById(db, deliveryId(userId, alertId, firedAtMs));
}

export function deliveryRefById(db: Firestore, id: string): DocumentReference {
  return db.collection('deliveries').doc(id);
}

/** Ids of open deliveries whose next look is due: retries, expired leases, orphans of a dead sender. */
export async function dueDeliveries(db: Firestore, now: number): Promise<string[]> {
  const snapshot = await buildQuery(db, DUE_DELIVERIES_QUERY, [now]).get();
  return snapshot.docs.map((d) => d.id);
}

/**
 * Creates the delivery inside the transaction that fires the alert, under an id of that firing.
 * `create` fails if it exists: a replay of the same firing never queues a second notification.
 */
export function createDelivery(tx: Transaction, db: Firestore, delivery: Delivery): DocumentReference {
  const parsed = deliverySchema.parse(delivery);
  const ref = deliveryRef(db, parsed.userId, parsed.alertId, dateMillis(parsed.triggeredAt));
  tx.create(ref, parsed);
  return ref;
}
