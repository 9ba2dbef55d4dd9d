/**
 * Push plumbing: the device token (FCM in production, a local-channel token on the emulators)
 * and its registration with the server. Firestore-free, so the signed-in shell stays light;
 * the local channel and token removal live in repositories/pushTokens.ts.
 */
import { config } from './config';
import { getFunctionsInstance, getMessagingInstance } from './firebase';

const TOKEN_KEY = 'price-alerts:push-token';

/** Emulator builds only: MODE is replaced at build time, so production bundles drop the local channel. */
export const usesLocalChannel = import.meta.env.MODE === 'emulator' && config.useEmulators;

export function storedPushToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function localToken(): string {
  let token = localStorage.getItem(TOKEN_KEY);
  if (!token?.startsWith('local:')) {
    token = `local:${crypto.randomUUID()}`;
    localStorage.setItem(TOKEN_KEY, token);
  }
  return token;
}

/**
 * Ends this browser's push subscription and forgets its token. Pushes still sent to it are then
 * dropped by the browser, even when the server could not be told (signing out offline).
 */
export async function endDevicePush(): Promise<void> {
  localStorage.removeItem(TOKEN_KEY);
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
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
