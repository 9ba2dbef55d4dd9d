/** The sender's webhook provider: the user's secret from Firestore, the POST from post.ts. */
import type { Firestore } from 'firebase-admin/firestore';
import type { WebhookProvider } from '../notify/providers';
import { webhookSecretOf } from '../repositories/webhooks';
import { postWebhook } from './post';

/** `localSink`: the local stack's webhook sink (params.ts), undefined in production. */
export function httpWebhookProvider(db: Firestore, localSink: string | undefined): WebhookProvider {
  return {
    post: (url, body, headers) => postWebhook(url, body, headers, { localSink }),
    secret: (userId) => webhookSecretOf(db, userId),
  };
}
