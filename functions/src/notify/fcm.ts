/** Push through FCM (sendEach), and the emulators' local channel that ends in the same service-worker code. */
import type { PushPayload } from '@price-alerts/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { BatchResponse, Messaging, TokenMessage } from 'firebase-admin/messaging';
import { ProviderError, errorMessage, type PushProvider } from './providers';

/** FCM's answers that mean the token will never work again. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/** The part of the Admin SDK's Messaging the sender uses: the boundary tests fake. */
export type SendEach = Pick<Messaging, 'sendEach'>;

export function fcmProvider(messaging: SendEach): PushProvider {
  return {
    async send(_userId, tokens, payload) {
      const messages: TokenMessage[] = tokens.map((token) => ({
        token,
        notification: payload.notification,
        data: payload.data,
      }));
      let response: BatchResponse;
      try {
        response = await messaging.sendEach(messages);
      } catch (error) {
        throw new ProviderError(`FCM: ${errorMessage(error)}`, true);
      }
      return response.responses.map((r) => ({
        ok: r.success,
        dead: !r.success && DEAD_TOKEN_CODES.has(r.error?.code ?? ''),
        ...(r.error ? { error: `${r.error.code}: ${r.error.message}` } : {}),
      }));
    },
  };
}

/**
 * The emulators have no FCM: a `local:` token's message is written to users/{uid}/localPush, where
 * the app on that device picks it up and hands it to its service worker (docs/accounts.md).
 */
export function localPushProvider(db: Firestore): PushProvider {
  return {
    async send(userId, tokens, payload: PushPayload) {
      return Promise.all(
        tokens.map(async (token) => {
          if (!token.startsWith('local:'))
            return { ok: false, dead: false, error: 'FCM is not available on the emulators' };
          await db.collection('users').doc(userId).collection('localPush').add({ token, payload });
          return { ok: true, dead: false };
        }),
      );
    },
  };
}
