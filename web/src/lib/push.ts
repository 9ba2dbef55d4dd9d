/**
 * Push plumbing: the device token (FCM in production, a local-channel token on the emulators),
 * its registration with the server, and on the emulators the local channel itself, which hands
 * each message to the service worker's own display code.
 */
import { pushTokenId } from '@price-alerts/domain';
import { collection, deleteDoc, doc, onSnapshot, query, where, type Firestore } from 'firebase/firestore';
import { config } from './config';
import { getFunctionsInstance, getMessagingInstance } from './firebase';

const TOKEN_KEY = 'price-alerts:push-token';

export const usesLocalChannel = config.useEmulators;

function localToken(): string {
  let token = localStorage.getItem(TOKEN_KEY);
  if (!token?.startsWith('local:')) {
    token = `local:${crypto.randomUUID()}`;
    localStorage.setItem(TOKEN_KEY, token);
  }
  return token;
}

export async function obtainPushToken(registration: ServiceWorkerRegistration): Promise<string> {
  if (usesLocalChannel) return localToken();
  const { getToken } = await import('firebase/messaging');
  const token = await getToken(await getMessagingInstance(), {
    vapidKey: config.vapidKey,
    serviceWorkerRegistration: registration,
  });
  localStorage.setItem(TOKEN_KEY, token);
  return token;
}

export async function sendTokenToServer(token: string): Promise<void> {
  const { httpsCallable } = await import('firebase/functions');
  const register = httpsCallable<{ token: string; userAgent: string }, { success: boolean }>(
    await getFunctionsInstance(),
    'registerPushToken',
  );
  const result = await register({ token, userAgent: navigator.userAgent.slice(0, 512) });
  if (!result.data.success) throw new Error('The server did not accept the token');
}

/** Forgets this device's token, so a signed-out or opted-out device gets no more pushes. */
export async function forgetPushToken(db: Firestore, uid: string): Promise<void> {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return;
  await deleteDoc(doc(db, 'users', uid, 'pushTokens', await pushTokenId(token)));
}

/** Emulators only: messages the sender wrote for this device, passed to the service worker. */
export function watchLocalPushes(
  db: Firestore,
  uid: string,
  deliver: (payload: unknown) => void,
  onError: (error: Error) => void,
): () => void {
  const token = localToken();
  const q = query(collection(db, 'users', uid, 'localPush'), where('token', '==', token));
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
