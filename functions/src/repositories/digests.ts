/** Repository for digests/{userId}__{endsAtMs}: server-only quiet-hours digests. */
import { digestId } from '@price-alerts/domain/notify';
import { DUE_DIGESTS_QUERY, USER_OPEN_DIGESTS_QUERY } from '@price-alerts/domain/store';
import type { DocumentReference, Firestore, Query } from 'firebase-admin/firestore';
import { buildQuery } from './query';

export function digestRefById(db: Firestore, id: string): DocumentReference {
  return db.collection('digests').doc(id);
}

/** The digest a user's quiet hours ending at `endsAt` open, when none is open yet. */
export function newDigestRef(db: Firestore, userId: string, endsAt: number): DocumentReference {
  return digestRefById(db, digestId(userId, endsAt));
}

/** The user's digests still collecting (one, bar a race), to run in a transaction or on its own. */
export function openDigests(db: Firestore, userId: string): Query {
  return buildQuery(db, USER_OPEN_DIGESTS_QUERY, [userId, true]);
}

/** Ids of digests whose quiet hours ended, whose retry came due, or whose sender died. */
export async function dueDigests(db: Firestore, now: number): Promise<string[]> {
  const snapshot = await buildQuery(db, DUE_DIGESTS_QUERY, [now]).get();
  return snapshot.docs.map((d) => d.id);
}
