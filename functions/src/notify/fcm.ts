/** Push through FCM (sendEach), and the emulators' local channel that ends in the same service-worker code. */
import type { PushPayload } from '@price-alerts/domain/notify';
import type { Firestore } from 'firebase-admin/firestore';
import type { BatchResponse, Messaging, SendResponse, TokenMessage } from 'firebase-admin/messaging';
import { errorMessage } from '../lib/errors';
import { ProviderError, type PushProvider, type PushResult } from './providers';

/** FCM's answers that mean the token will never work again. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/** FCM's `sendEach` refuses more than this many messages in one call. */
export const SEND_EACH_LIMIT = 500;

/** The part of the Admin SDK's Messaging the sender uses: the boundary tests fake. */
export type SendEach = Pick<Messaging, 'sendEach'>;

const toResult = (r: SendResponse): PushResult => ({
  ok: r.success,
  dead: !r.success && DEAD_TOKEN_CODES.has(r.error?.code ?? ''),
  ...(r.error ? { error: `${r.error.code}: ${r.error.message}` } : {}),
});

export function fcmProvider(messaging: SendEach): PushProvider {
  return {
    async send(_userId, tokens, payload) {
      const messages: TokenMessage[] = tokens.map((token) => ({
        token,
        notification: payload.notification,
        data: payload.data,
      }));
      const results: PushResult[] = [];
      // In order, one call per 500, so the results line up with the tokens they answer. A failed call
      // after one that went out fails only its own tokens: throwing would retry, and repeat, the rest.
      for (let i = 0; i < messages.length; i += SEND_EACH_LIMIT) {
        const chunk = messages.slice(i, i + SEND_EACH_LIMIT);
        let response: BatchResponse;
        try {
          response = await messaging.sendEach(chunk);
        } catch (error) {
          if (i === 0) throw new ProviderError(`FCM: ${errorMessage(error)}`, true);
          results.push(...chunk.map(() => ({ ok: false, dead: false, error: `FCM: ${errorMessage(error)}` })));
          continue;
        }
        results.push(...response.responses.map(toResult));
      }
      return results;
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
