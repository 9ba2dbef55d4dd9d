/** Repository for users/{uid}/pushTokens: one document per device, its id derived from the token. */
import { pushTokenId } from '@price-alerts/domain';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

const tokens = (db: Firestore, uid: string) => db.collection('users').doc(uid).collection('pushTokens');

export async function saveToken(db: Firestore, uid: string, token: string, userAgent?: string): Promise<string> {
  const id = await pushTokenId(token);
  await tokens(db, uid)
    .doc(id)
    .set({ token, updatedAt: FieldValue.serverTimestamp(), ...(userAgent ? { userAgent } : {}) });
  return id;
}
