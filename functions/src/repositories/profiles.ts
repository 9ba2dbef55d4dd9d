/** Repository for users/{uid} on the server: the settings the sender honours (written by the user). */
import { quietHoursSchema, type QuietHours } from '@price-alerts/domain';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import * as logs from '../logs';

export function profileRef(db: Firestore, uid: string): DocumentReference {
  return db.collection('users').doc(uid);
}

/**
 * The user's quiet hours, or undefined when there are none or they cannot be honoured (a zone this
 * runtime does not know, say): then nothing is held, since holding on a guess could hold for ever.
 */
export function quietHoursIn(snapshot: DocumentSnapshot | undefined): QuietHours | undefined {
  const raw: unknown = snapshot?.get('quietHours');
  if (raw === undefined) return undefined;
  const parsed = quietHoursSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logs.invalidDocumentSkipped(`${snapshot?.ref.path ?? 'users/?'}#quietHours`, parsed.error.issues);
  return undefined;
}

export async function quietHoursOf(db: Firestore, uid: string): Promise<QuietHours | undefined> {
  return quietHoursIn(await profileRef(db, uid).get());
}
