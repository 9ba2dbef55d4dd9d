/** Push through FCM (sendEach), and the emulators' local channel that ends in the same service-worker code. */
import type { PushPayload } from '@price-alerts/domain/notify';
import type { Firestore } from 'firebase-admin/firestore';
import type { BatchResponse, Messaging, SendResponse, TokenMessage } from 'firebase-admin/messaging';
import { errorMessage } from '../lib/errors';
import { ProviderError, type PushProvider, type PushRequest, type PushResult } from './providers';

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

/** Cuts `results`, one per message of every request in turn, back into one list per request. */
function perRequest(requests: readonly PushRequest[], results: readonly PushResult[]): PushResult[][] {
  let next = 0;
  return requests.map((r) => results.slice(next, (next += r.tokens.length)));
}

const failed = (error: unknown): PushResult => ({ ok: false, dead: false, error: `FCM: ${errorMessage(error)}` });

export function fcmProvider(messaging: SendEach): PushProvider {
  return {
    async sendMany(requests) {
      const messages: TokenMessage[] = requests.flatMap(({ tokens, payload }) =>
        tokens.map((token) => ({ token, notification: payload.notification, data: payload.data })),
      );
      const results: PushResult[] = [];
      // Calls of 500 at most, in order; one that fails fails its own messages, retried by their deliveries.
      for (let i = 0; i < messages.length; i += SEND_EACH_LIMIT) {
        const chunk = messages.slice(i, i + SEND_EACH_LIMIT);
        try {
          results.push(...(await messaging.sendEach(chunk)).responses.map(toResult));
        } catch (error) {
          results.push(...chunk.map(() => failed(error)));
        }
      }
      return perRequest(requests, results);
    },
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
          results.push(...chunk.map(() => failed(error)));
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
  /** Like sendEach: up to 500 messages a call, written in one batch; a batch that fails fails its own. */
  async function sendMany(requests: readonly PushRequest[]): Promise<PushResult[][]> {
    const out = requests.map(({ tokens }) =>
      tokens.map((token): PushResult =>
        token.startsWith('local:') ? { ok: true, dead: false } : { ok: false, dead: false, error: NOT_HERE },
      ),
    );
    const writes = requests.flatMap(({ userId, tokens, payload }, r) =>
      tokens.flatMap((token, t) => (token.startsWith('local:') ? [{ userId, token, payload, r, t }] : [])),
    );
    for (let i = 0; i < writes.length; i += SEND_EACH_LIMIT) {
      const chunk = writes.slice(i, i + SEND_EACH_LIMIT);
      const batch = db.batch();
      for (const w of chunk)
        batch.create(db.collection('users').doc(w.userId).collection('localPush').doc(), {
          token: w.token,
          payload: w.payload,
        });
      await batch.commit().catch((error: unknown) => {
        for (const w of chunk) out[w.r]?.splice(w.t, 1, failed(error));
      });
    }
    return out;
  }
  return {
    sendMany,
    async send(userId, tokens, payload: PushPayload) {
      const [results = []] = await sendMany([{ userId, tokens, payload }]);
      return results;
    },
  };
}

const NOT_HERE = 'FCM is not available on the emulators';
