/** The manageWebhook callable (functions/src/triggers/webhooks.ts): the only way a webhook is stored. */
import type { WebhookRequest, WebhookResponse } from '@price-alerts/domain/notify';
import { getFunctionsInstance } from './firebase';

export const MSG_WEBHOOK_FAILED = 'Could not reach the server. Check your connection and try again.';

/** The server's own words for what it refused (an invalid or private URL); ours for anything else. */
export class WebhookRefusal extends Error {}

export async function manageWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const { httpsCallable } = await import('firebase/functions');
  const call = httpsCallable<WebhookRequest, WebhookResponse>(await getFunctionsInstance(), 'manageWebhook', {
    // A test waits up to 5 s for the receiver, after resolving its name.
    timeout: 20_000,
  });
  try {
    return (await call(request)).data;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      [
        'functions/invalid-argument',
        'functions/failed-precondition',
        'functions/unavailable',
        'functions/resource-exhausted',
      ].includes(code ?? '')
    )
      // The SDK appends the HTTP status ('… [400]'): the user reads the server's sentence alone.
      throw new WebhookRefusal((error as Error).message.replace(/ \[\d{3}\]$/, ''));
    throw new Error(MSG_WEBHOOK_FAILED, { cause: error });
  }
}
