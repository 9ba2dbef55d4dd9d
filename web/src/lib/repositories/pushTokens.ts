/** Repository for users/{uid}/pushTokens and, on the emulators, users/{uid}/localPush. */
import { pushTokenId } from '@price-alerts/domain/notify';
import { LOCAL_PUSHES_QUERY } from '@price-alerts/domain/store';
import { collection, deleteDoc, doc, onSnapshot, type Firestore } from 'firebase/firestore';
import { localToken, storedPushToken } from '../push';
import { buildQuery } from './query';

/** Forgets this device's token, so a signed-out or opted-out device gets no more pushes. */
export async function forgetPushToken(db: Firestore, uid: string, token = storedPushToken()): Promise<void> {
  if (!token) return;
  await deleteDoc(doc(db, 'users', uid, 'pushTokens', await pushTokenId(token)));
}

/**
 * How many devices other than this one are registered for push on the account, live: the create and
 * edit screens say so when none is. This device's own token is left out, as after its permission is
 * withdrawn it is a dead token no push reaches. The server keeps at most ten, so reading the whole
 * collection stays small.
 */
export function watchOtherPushDevices(
  db: Firestore,
  uid: string,
  onCount: (count: number) => void,
  onError: (error: Error) => void,
): () => void {
  const own = storedPushToken();
  const ownId = own ? pushTokenId(own) : Promise.resolve(null);
  let live = true;
  const stop = onSnapshot(
    collection(db, 'users', uid, 'pushTokens'),
    (snapshot) => void ownId.then((id) => live && onCount(snapshot.docs.filter((d) => d.id !== id).length)),
    onError,
  );
  return () => {
    live = false;
    stop();
  };
}

/** Emulators only: messages the sender wrote for this device, passed on, and consumed once delivered. */
export function watchLocalPushes(
  db: Firestore,
  uid: string,
  deliver: (id: string, payload: unknown) => Promise<boolean>,
  onError: (error: Error) => void,
): () => void {
  const q = buildQuery(doc(db, 'users', uid), LOCAL_PUSHES_QUERY, [localToken()]);
  return onSnapshot(
    q,
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        const { ref } = change.doc;
        void deliver(ref.id, change.doc.data().payload)
          .then((delivered) => (delivered ? deleteDoc(ref) : undefined))
          // Signed out meanwhile (the rules refuse), or offline: the message waits for the next listener.
          .catch((error: unknown) => console.error('Local push not consumed', error));
      }
    },
    onError,
  );
}
