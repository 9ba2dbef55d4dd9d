/**
 * What `manageDiscord` does (docs/chat-channels.md): save a webhook URL the user pasted, post a test
 * message to it, or remove it. The URL is taken only in the form discordWebhookUrl accepts (Discord's
 * hosts, or the local stand-in on the emulators), so nothing the user types can point a request anywhere
 * else; it stays on the server, and the answer carries the webhook's id only.
 */
import { describeIssues } from '@price-alerts/domain/common';
import {
  DISCORD_GONE,
  MSG_DISCORD_NOT_LINKED,
  MSG_DISCORD_TEST_SPACING,
  MSG_DISCORD_URL,
  discordRequestSchema,
  discordWebhookId,
  discordWebhookUrl,
  type DiscordResponse,
} from '@price-alerts/domain/notify';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import * as logs from '../logs';
import { claimDiscordTest, removeDiscordWebhook, saveDiscordWebhook } from '../repositories/discordWebhooks';
import { DiscordUnreachable, postDiscord, webhookGone, type DiscordAnswer } from './discordApi';

export interface DiscordSettingsDeps {
  db: Firestore;
  /** The Discord stand-in's origin, on the emulators only (localDiscord()). */
  localOrigin: string | undefined;
  fetchImpl?: typeof fetch;
}

/** Per user, across every instance (discordTests/{uid}): a person needs a few a minute at most. */
export const DISCORD_TEST_SPACING_MS = 5_000;

export const DISCORD_TEST_MESSAGE = 'Price Alerts is connected: alerts set to notify by Discord will post here.';
export const MSG_DISCORD_NO_PROFILE = 'Open the app once to finish setting up your account, then add the webhook.';
export const MSG_DISCORD_SIGN_IN = 'Log in to set up Discord.';

/** A test that Discord did not take, in words the user can act on (Discord's own are for developers). */
export const DISCORD_TEST_ERRORS = {
  gone: 'Discord says this webhook no longer exists.',
  wait: (seconds: number) => `Discord asked to wait ${seconds} s.`,
  unreachable: 'Discord could not be reached.',
  other: (status: number, message: string) => `Discord answered ${status}: ${message}`,
};

function testError(answer: Exclude<DiscordAnswer, { ok: true }>): string {
  if (webhookGone(answer)) return DISCORD_TEST_ERRORS.gone;
  if (answer.status === 429) return DISCORD_TEST_ERRORS.wait(Math.max(1, Math.ceil(answer.retryAfter ?? 1)));
  return DISCORD_TEST_ERRORS.other(answer.status, answer.message.slice(0, 200));
}

/**
 * One call of `manageDiscord` by `uid` (undefined: not signed in). Throws HttpsError for what the user
 * is refused, and NoProfile for an account the app has not set up yet.
 */
export async function manageDiscord(
  deps: DiscordSettingsDeps,
  uid: string | undefined,
  data: unknown,
): Promise<DiscordResponse> {
  // A token without a uid (the emulator decodes a malformed one unchecked) is no sign-in either.
  if (!uid) throw new HttpsError('unauthenticated', MSG_DISCORD_SIGN_IN);
  const parsed = discordRequestSchema.safeParse(data);
  if (!parsed.success)
    throw new HttpsError('invalid-argument', `Invalid request: ${describeIssues(parsed.error.issues)}`);
  const req = parsed.data;
  const { db } = deps;
  if (req.op === 'remove') {
    await removeDiscordWebhook(db, uid);
    logs.discordChanged(uid, 'removed');
    return { op: 'remove' };
  }
  if (req.op === 'save') {
    const url = discordWebhookUrl(req.url, deps.localOrigin);
    const webhookId = url && discordWebhookId(url);
    if (!url || !webhookId) throw new HttpsError('invalid-argument', MSG_DISCORD_URL);
    await saveDiscordWebhook(db, uid, url, webhookId);
    logs.discordChanged(uid, 'saved');
    return { op: 'save', webhookId };
  }
  const url = await claimDiscordTest(db, uid, DISCORD_TEST_SPACING_MS);
  if (!url) throw new HttpsError('failed-precondition', MSG_DISCORD_NOT_LINKED);
  if (url === 'too soon') throw new HttpsError('resource-exhausted', MSG_DISCORD_TEST_SPACING);
  let answer: DiscordAnswer;
  try {
    answer = await postDiscord(url, { content: DISCORD_TEST_MESSAGE, allowed_mentions: { parse: [] } }, deps.fetchImpl);
  } catch (error) {
    if (!(error instanceof DiscordUnreachable)) throw error;
    logs.discordChanged(uid, 'not reached');
    return { op: 'test', sent: false, error: DISCORD_TEST_ERRORS.unreachable };
  }
  if (answer.ok) {
    logs.discordChanged(uid, 'tested');
    return { op: 'test', sent: true };
  }
  if (webhookGone(answer)) {
    // As the sender does: the webhook will never take a message again, and the screen says why.
    await removeDiscordWebhook(db, uid, DISCORD_GONE, url);
    logs.discordChanged(uid, 'gone');
  } else logs.discordChanged(uid, 'not taken');
  return { op: 'test', sent: false, error: testError(answer) };
}
