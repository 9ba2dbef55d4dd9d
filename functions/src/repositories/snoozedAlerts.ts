/** Repository for alerts whose snooze has ended, across users (collection group), as the minute job reads them. */
import { SNOOZES_DUE_QUERY } from '@price-alerts/domain/store';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { buildQuery } from './query';

/** Up to `limit` alerts snoozed until `now` or before, the earliest first, and what the query billed. */
export async function findSnoozesDue(
  db: Firestore,
  now: number,
  limit: number,
): Promise<{ refs: DocumentReference[]; read: number }> {
  const snapshot = await buildQuery(db, SNOOZES_DUE_QUERY, ['snoozed', now], { limit }).get();
  return { refs: snapshot.docs.map((d) => d.ref), read: Math.max(1, snapshot.size) };
}
