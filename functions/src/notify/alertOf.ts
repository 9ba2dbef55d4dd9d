/** Which alert a notice is about, as its history sees it. */
import { dateMillis, type DateLike } from '@price-alerts/domain/common';
import type { DocumentSnapshot } from 'firebase-admin/firestore';

/**
 * Whether the alert as stored now is the one a notice tells of: it exists and was created by the
 * time it fired or expired (a firing is judged only on prices from the alert's creation, an expiry
 * lies after it). One deleted and created again under the same id since is another alert, and its
 * history must not tell of the old one's notices.
 */
export function ofThisAlert(alert: DocumentSnapshot | undefined, happenedAt: number): boolean {
  if (!alert?.exists) return false;
  const created = dateMillis(alert.get('createdAt') as DateLike);
  return !Number.isFinite(created) || created <= happenedAt;
}
