/** Repository for users/{uid}/pushTokens and, on the emulators, users/{uid}/localPush. */
import { LOCAL_PUSHES_QUERY, pushTokenId } from '@price-alerts/domain';
import { deleteDoc, doc, onSnapshot, type Firestore } from 'firebase/firestore';
import { localToken, storedPushToken } from '../push';
import { buildQuery } from './query';

/** Forgets this device's token, so a signed-out or opted-out device gets no more pushes. */
export async function forgetPushToken(db: Firestore, uid: string, token = storedPushToken()): Promise<void> {
  if (!token) return;
  await deleteDoc(doc(db, 'users', uid, 'pushTokens', await pushTokenId(token)));
}

/** Emulators only: messages the sender wrote for this device, passed on and then consumed. */
export function watchLocalPushes(
  db: Firestore,
  uid: string,
  deliver: (payload: unknown) => void,
  onError: (error: Error) => void,
): () => void {
  const q = buildQuery(doc(db, 'users', uid), LOCAL_PUSHES_QUERY, [localToken()]);
  return onSnapshot(
    q,
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        deliver(change.doc.data().payload);
        void deleteDoc(change.doc.ref);
      }
    },
    onError,
  );
}
