/** Repository for users/{uid}/pushTokens: one document per device, its id derived from the token. */
import { MAX_PUSH_TOKENS_PER_ACCOUNT, dateMillis } from '@price-alerts/domain/common';
import { pushTokenId } from '@price-alerts/domain/notify';
import { pushTokenSchema } from '@price-alerts/domain/store';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';

const tokens = (db: Firestore, uid: string) => db.collection('users').doc(uid).collection('pushTokens');

/**
 * Stores (or refreshes) the device's token and keeps the account's newest MAX_PUSH_TOKENS_PER_ACCOUNT,
 * deleting the oldest, in one transaction: concurrent registrations of one account are serialised
 * by it, so they cannot together leave more than the cap. Returns the token's id and the ids dropped.
 */
export async function saveToken(
  db: Firestore,
  uid: string,
  token: string,
  userAgent?: string,
): Promise<{ id: string; removed: string[] }> {
  const id = await pushTokenId(token);
  return db.runTransaction(async (tx) => {
    const existing = await tx.get(tokens(db, uid));
    // Newest first by last registration; an unreadable or undated document counts as oldest.
    const others = existing.docs
      .filter((d) => d.id !== id)
      .map((d) => ({ id: d.id, at: dateMillis(pushTokenSchema.safeParse(d.data()).data?.updatedAt) }))
      .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
    const removed = others.slice(MAX_PUSH_TOKENS_PER_ACCOUNT - 1).map((d) => d.id);
    for (const old of removed) tx.delete(tokens(db, uid).doc(old));
    tx.set(tokens(db, uid).doc(id), {
      token,
      updatedAt: FieldValue.serverTimestamp(),
      ...(userAgent ? { userAgent } : {}),
    });
    return { id, removed };
  });
}

export async function listTokens(db: Firestore, uid: string): Promise<{ id: string; token: string }[]> {
  const snapshot = await tokens(db, uid).get();
  return snapshot.docs.map((d) => parseDoc(pushTokenSchema, d)).filter((t) => t !== undefined);
}

export async function deleteToken(db: Firestore, uid: string, tokenId: string): Promise<void> {
  await tokens(db, uid).doc(tokenId).delete();
}
