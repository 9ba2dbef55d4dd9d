/** The sender's webhook provider: the user's secret from Firestore, the POST from post.ts. */
import type { Firestore } from 'firebase-admin/firestore';
import type { WebhookProvider } from '../notify/providers';
import { claimWebhookSlot, webhookSecretOf } from '../repositories/webhooks';
import { postWebhook } from './post';

/**
 * `localSink`: the local stack's webhook sink (params.ts), undefined in production. `perMinute`: the
 * account's budget, WEBHOOK_BUDGET_PER_MINUTE unless a test makes it small.
 */
export function httpWebhookProvider(db: Firestore, localSink: string | undefined, perMinute?: number): WebhookProvider {
  return {
    post: (url, body, headers) => postWebhook(url, body, headers, { localSink }),
    secret: (userId) => webhookSecretOf(db, userId),
    claim: (userId, now) => claimWebhookSlot(db, userId, now, perMinute),
  };
}
