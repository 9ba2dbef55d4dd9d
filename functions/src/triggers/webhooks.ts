import { describeIssues } from '@price-alerts/domain/common';
import {
  MSG_WEBHOOK_LOOKUP_FAILED,
  MSG_WEBHOOK_NOT_CONFIRMED,
  MSG_WEBHOOK_VERIFY_SPACING,
  MSG_WEBHOOK_NONE,
  MSG_WEBHOOK_NO_PROFILE,
  MSG_WEBHOOK_NOT_FOUND,
  MSG_WEBHOOK_NOT_PUBLIC,
  MSG_WEBHOOK_TEST_SPACING,
  WEBHOOK_TIMEOUT_MS,
  confirmsChallenge,
  parseWebhookUrl,
  webhookRequestSchema,
  type WebhookResponse,
  type WebhookSettings,
} from '@price-alerts/domain/notify';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { domainToUnicode } from 'node:url';
import { db } from '../lib/firebase';
import { APP_URL, localWebhookSink } from '../lib/params';
import { WindowLimit } from '../lib/windowLimit';
import * as logs from '../logs';
import { NoProfile, changeWebhook, claimWebhookTest, removeWebhook, storedWebhook } from '../repositories/webhooks';
import { ForbiddenAddress } from '../webhooks/addresses';
import { newWebhookSecret, signedRequest, testPayload, verifyRequest } from '../webhooks/payload';
import { postWebhook, targetAddresses } from '../webhooks/post';
import { networkWords } from '../notify/webhookChannel';

const hint = (secret: string) => secret.slice(-4);

/** Per user, across every instance (webhookTests/{uid}): a person needs a few a minute at most. */
const TEST_SPACING_MS = 5_000;

/**
 * The caller's webhook (docs/webhooks.md): the only way one is stored, so the URL
 * is checked here (a public https address, resolved now; again at each send) and the secret never
 * leaves the server but once, in the answer that made it. The uid comes from the ID token alone.
 */
export const manageWebhook = onCall({ maxInstances: 10 }, async (request): Promise<WebhookResponse> => {
  try {
    return await manage(request);
  } catch (error) {
    if (error instanceof NoProfile) throw new HttpsError('failed-precondition', MSG_WEBHOOK_NO_PROFILE);
    throw error;
  }
});

/** Per account and minute, in each instance: each new address tried posts a verification request. */
const VERIFICATIONS = new WindowLimit(10, 60_000);

/** Posts the verification request to `url`; throws what to tell the user unless the receiver answers its challenge. */
async function confirmReceiver(uid: string, url: string, secret: string, localSink: string | undefined) {
  if (!VERIFICATIONS.take(uid)) throw new HttpsError('resource-exhausted', MSG_WEBHOOK_VERIFY_SPACING);
  const { challenge, body, headers } = verifyRequest(secret, Date.now());
  let what: string;
  try {
    const answer = await postWebhook(url, body, headers, { localSink, preview: true });
    if (confirmsChallenge(answer, challenge)) return;
    what = answer.status >= 200 && answer.status < 300 ? 'its answer had no challenge' : `it answered ${answer.status}`;
  } catch (error) {
    what = `no answer: ${networkWords(error)}`;
  }
  logs.webhookChanged(uid, 'not confirmed');
  throw new HttpsError('failed-precondition', MSG_WEBHOOK_NOT_CONFIRMED(what));
}

async function manage(request: CallableRequest): Promise<WebhookResponse> {
  // A token without a uid (the emulator decodes a malformed one unchecked) is no sign-in either.
  if (!request.auth?.uid) throw new HttpsError('unauthenticated', 'Log in to set up a webhook.');
  const uid = request.auth.uid;
  const parsed = webhookRequestSchema.safeParse(request.data);
  if (!parsed.success)
    throw new HttpsError('invalid-argument', `Invalid request: ${describeIssues(parsed.error.issues)}`);
  const req = parsed.data;
  const localSink = localWebhookSink();
  if (req.op === 'remove') {
    await removeWebhook(db, uid);
    logs.webhookChanged(uid, 'removed');
    return { op: 'remove' };
  }
  if (req.op === 'save') {
    const checked = parseWebhookUrl(req.url, localSink);
    if ('error' in checked) throw new HttpsError('invalid-argument', checked.error);
    try {
      // Within the time a send allows, so a slow name server is an answer, not a screen that gives up.
      await targetAddresses(new URL(checked.url), localSink, WEBHOOK_TIMEOUT_MS);
    } catch (error) {
      // A name that does not exist is a typo to fix, said with the name as typed (not its punycode).
      if (error instanceof ForbiddenAddress && error.kind === 'unresolved')
        throw new HttpsError('invalid-argument', MSG_WEBHOOK_NOT_FOUND(domainToUnicode(error.address)));
      if (error instanceof ForbiddenAddress)
        throw new HttpsError('invalid-argument', MSG_WEBHOOK_NOT_PUBLIC(error.message));
      // The resolver failed for a moment: the address may well be fine, so nothing is said about it.
      throw new HttpsError('unavailable', MSG_WEBHOOK_LOOKUP_FAILED);
    }
    const before = await storedWebhook(db, uid);
    // A new webhook's secret is made now, so its verification request is signed as its notices will be.
    const fresh = before ? undefined : newWebhookSecret();
    if (before?.settings.url !== checked.url)
      await confirmReceiver(uid, checked.url, before?.secret ?? fresh ?? '', localSink);
    const response = await changeWebhook(db, uid, (current) => {
      // A new secret only for a new webhook: changing the URL or the choice keeps the receiver's secret.
      const secret = current ? undefined : (fresh ?? newWebhookSecret());
      const settings: WebhookSettings = {
        url: checked.url,
        holdInQuietHours: req.holdInQuietHours,
        since: current?.settings.since ?? Date.now(),
        secretHint: secret ? hint(secret) : (current?.settings.secretHint ?? ''),
      };
      return {
        settings,
        ...(secret ? { secret } : {}),
        result: { op: 'save' as const, webhook: settings, ...(secret ? { secret } : {}) },
      };
    });
    logs.webhookChanged(uid, 'saved');
    return response;
  }
  if (req.op === 'rotate') {
    const response = await changeWebhook(db, uid, (current) => {
      if (!current) throw new HttpsError('failed-precondition', MSG_WEBHOOK_NONE);
      const secret = newWebhookSecret();
      const settings = { ...current.settings, secretHint: hint(secret) };
      return { settings, secret, result: { op: 'rotate' as const, webhook: settings, secret } };
    });
    logs.webhookChanged(uid, 'rotated');
    return response;
  }
  // A test posts to any public address the user names: spaced, so no one can turn it into a stream
  // of requests at someone else's server.
  const current = await claimWebhookTest(db, uid, TEST_SPACING_MS);
  if (!current) throw new HttpsError('failed-precondition', MSG_WEBHOOK_NONE);
  if (current === 'too soon') throw new HttpsError('resource-exhausted', MSG_WEBHOOK_TEST_SPACING);
  const { body, headers } = signedRequest(testPayload(Date.now(), APP_URL.value()), current.secret, Date.now());
  logs.webhookChanged(uid, 'tested');
  try {
    const answer = await postWebhook(current.settings.url, body, headers, { localSink, preview: true });
    return { op: 'test', status: answer.status, text: answer.text };
  } catch (error) {
    return { op: 'test', error: networkWords(error) };
  }
}
