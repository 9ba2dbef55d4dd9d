/** Repository for deliveries/{userId}__{alertId}: server-only notification state. */
import { deliveryId, deliverySchema, type Delivery } from '@price-alerts/domain';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { parseDoc } from './parse';

export function deliveryRef(db: Firestore, userId: string, alertId: string): DocumentReference {
  return db.collection('deliveries').doc(deliveryId(userId, alertId));
}

/**
 * Creates the delivery inside the transaction that fires the alert. `create` fails if it exists,
 * so a second firing of the same alert aborts instead of queueing a second notification.
 */
export function createDelivery(tx: Transaction, db: Firestore, delivery: Delivery): DocumentReference {
  const ref = deliveryRef(db, delivery.userId, delivery.alertId);
  tx.create(ref, deliverySchema.parse(delivery));
  return ref;
}

export async function getDelivery(
  db: Firestore,
  userId: string,
  alertId: string,
): Promise<(Delivery & { id: string }) | undefined> {
  return parseDoc(deliverySchema, await deliveryRef(db, userId, alertId).get());
}
