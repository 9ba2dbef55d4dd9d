/** Repository for users/{uid}/pushTokens: one document per device, its id derived from the token. */
import { pushTokenId, pushTokenSchema } from '@price-alerts/domain';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';

const tokens = (db: Firestore, uid: string) => db.collection('users').doc(uid).collection('pushTokens');

export async function saveToken(db: Firestore, uid: string, token: string, userAgent?: string): Promise<string> {
  const id = await pushTokenId(token);
  await tokens(db, uid)
    .doc(id)
    .set({ token, updatedAt: FieldValue.serverTimestamp(), ...(userAgent ? { userAgent } : {}) });
  return id;
}

export async function listTokens(db: Firestore, uid: string): Promise<{ id: string; token: string }[]> {
  const snapshot = await tokens(db, uid).get();
  return snapshot.docs.map((d) => parseDoc(pushTokenSchema, d)).filter((t) => t !== undefined);
}

export async function deleteToken(db: Firestore, uid: string, tokenId: string): Promise<void> {
  await tokens(db, uid).doc(tokenId).delete();
}
