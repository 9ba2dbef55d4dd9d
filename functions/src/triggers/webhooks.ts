import { describeIssues } from '@price-alerts/domain/common';
import {
  MSG_WEBHOOK_LOOKUP_FAILED,
  MSG_WEBHOOK_NONE,
  MSG_WEBHOOK_NOT_PUBLIC,
  parseWebhookUrl,
  webhookRequestSchema,
  type WebhookResponse,
  webhookSettingsSchema,
  type WebhookSettings,
} from '@price-alerts/domain/notify';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { db } from '../lib/firebase';
import { APP_URL, localWebhooksAllowed } from '../lib/params';
import * as logs from '../logs';
import { profileRef } from '../repositories/profiles';
import { removeWebhook, saveWebhook, webhookSecretOf } from '../repositories/webhooks';
import { ForbiddenAddress, checkedAddress } from '../webhooks/addresses';
import { newWebhookSecret, signedRequest, testPayload } from '../webhooks/payload';
import { postWebhook } from '../webhooks/post';
import { networkWords } from '../notify/webhookChannel';

const hint = (secret: string) => secret.slice(-4);

async function currentWebhook(uid: string): Promise<WebhookSettings | undefined> {
  const parsed = webhookSettingsSchema.safeParse((await profileRef(db, uid).get()).get('webhook'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The caller's webhook (docs/webhooks.md): the only way one is stored, so the URL
 * is checked here (a public https address, resolved now; again at each send) and the secret never
 * leaves the server but once, in the answer that made it. The uid comes from the ID token alone.
 */
export const manageWebhook = onCall({ maxInstances: 10 }, async (request): Promise<WebhookResponse> => {
  if (!request.auth) throw new HttpsError('unauthenticated', 'Log in to set up a webhook.');
  const uid = request.auth.uid;
  const parsed = webhookRequestSchema.safeParse(request.data);
  if (!parsed.success)
    throw new HttpsError('invalid-argument', `Invalid request: ${describeIssues(parsed.error.issues)}`);
  const req = parsed.data;
  const allowLocal = localWebhooksAllowed();
  if (req.op === 'remove') {
    await removeWebhook(db, uid);
    logs.webhookChanged(uid, 'removed');
    return { op: 'remove' };
  }
  const current = await currentWebhook(uid);
  if (req.op === 'save') {
    const checked = parseWebhookUrl(req.url, allowLocal);
    if ('error' in checked) throw new HttpsError('invalid-argument', checked.error);
    try {
      await checkedAddress(new URL(checked.url).hostname, allowLocal);
    } catch (error) {
      if (error instanceof ForbiddenAddress)
        throw new HttpsError('invalid-argument', MSG_WEBHOOK_NOT_PUBLIC(error.message));
      // The resolver failed for a moment: the address may well be fine, so nothing is said about it.
      throw new HttpsError('unavailable', MSG_WEBHOOK_LOOKUP_FAILED);
    }
    // A new secret only for a new webhook: changing the URL or the choice keeps the receiver's secret.
    const secret = current && (await webhookSecretOf(db, uid)) ? undefined : newWebhookSecret();
    const webhook: WebhookSettings = {
      url: checked.url,
      holdInQuietHours: req.holdInQuietHours,
      since: current?.since ?? Date.now(),
      secretHint: secret ? hint(secret) : (current?.secretHint ?? ''),
    };
    await saveWebhook(db, uid, webhook, secret);
    logs.webhookChanged(uid, 'saved');
    return { op: 'save', webhook, ...(secret ? { secret } : {}) };
  }
  if (!current) throw new HttpsError('failed-precondition', MSG_WEBHOOK_NONE);
  if (req.op === 'rotate') {
    const secret = newWebhookSecret();
    const webhook = { ...current, secretHint: hint(secret) };
    await saveWebhook(db, uid, webhook, secret);
    logs.webhookChanged(uid, 'rotated');
    return { op: 'rotate', webhook, secret };
  }
  const secret = await webhookSecretOf(db, uid);
  if (!secret) throw new HttpsError('failed-precondition', MSG_WEBHOOK_NONE);
  const { body, headers } = signedRequest(testPayload(Date.now(), APP_URL.value()), secret, Date.now());
  logs.webhookChanged(uid, 'tested');
  try {
    const answer = await postWebhook(current.url, body, headers, { allowLocal });
    return { op: 'test', status: answer.status, text: answer.text };
  } catch (error) {
    return { op: 'test', error: networkWords(error) };
  }
});
