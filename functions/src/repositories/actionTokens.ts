/** Repository for actionTokens/{hash}: the action tokens that did their action (server only). */
import { type UsedAction } from '@price-alerts/domain/actions';
import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';

/** The token itself is not stored: its hash names the record, so a leaked record is no token. */
export const usedActionRef = (db: Firestore, token: string): DocumentReference =>
  db.collection('actionTokens').doc(createHash('sha256').update(token).digest('hex'));

/** Records, in the transaction that acts, that the token was used; kept until it would have expired. */
export function recordUsedAction(
  tx: Transaction,
  ref: DocumentReference,
  used: Omit<UsedAction, 'expireAt'>,
  expiresAt: number,
): void {
  tx.create(ref, { ...used, expireAt: Timestamp.fromMillis(expiresAt) });
}
