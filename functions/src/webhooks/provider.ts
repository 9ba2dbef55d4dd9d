/** The sender's webhook provider: the user's secret from Firestore, the POST from post.ts. */
import type { Firestore } from 'firebase-admin/firestore';
import type { WebhookProvider } from '../notify/providers';
import { webhookSecretOf } from '../repositories/webhooks';
import { postWebhook } from './post';

export function httpWebhookProvider(db: Firestore, allowLocal: boolean): WebhookProvider {
  return {
    post: (url, body, headers) => postWebhook(url, body, headers, { allowLocal }),
    secret: (userId) => webhookSecretOf(db, userId),
  };
}
