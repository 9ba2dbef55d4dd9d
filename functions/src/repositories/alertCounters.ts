/** Repository for users/{uid}/counters/alerts, as the server moves it (the app's own writes are in web/). */
import { alertCounterSchema } from '@price-alerts/domain/store';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

export const alertCounterRef = (db: Firestore, uid: string): DocumentReference =>
  db.collection('users').doc(uid).collection('counters').doc('alerts');

/** How many alerts the counter says the account holds (0 before its first counted alert). */
export const countIn = (snapshot: DocumentSnapshot): number =>
  snapshot.exists ? (alertCounterSchema.safeParse(snapshot.data()).data?.count ?? 0) : 0;
