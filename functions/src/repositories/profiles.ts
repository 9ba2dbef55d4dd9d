/** Repository for users/{uid} as the server reads it. */
import { profileSchema, type Profile } from '@price-alerts/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';

export async function getProfile(db: Firestore, uid: string): Promise<Profile | undefined> {
  return parseDoc(profileSchema, await db.collection('users').doc(uid).get());
}
