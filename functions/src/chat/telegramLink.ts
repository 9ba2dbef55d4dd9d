/**
 * What `manageTelegram` does (docs/chat-channels.md): a new link code for the caller, which opens the
 * bot at `https://t.me/<bot>?start=<code>`, or Disconnect. The uid comes from the ID token alone; a
 * code stands for that account only, and the bot's webhook links the chat that sends it.
 */
import { describeIssues } from '@price-alerts/domain/common';
import { telegramRequestSchema, telegramStartLink, type TelegramResponse } from '@price-alerts/domain/notify';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { randomBytes } from 'node:crypto';
import { WindowLimit } from '../lib/windowLimit';
import * as logs from '../logs';
import { disconnectTelegram, saveTelegramCode } from '../repositories/telegramLinks';
import { NoProfile } from '../repositories/webhooks';

export const MSG_TELEGRAM_SIGN_IN = 'Log in to connect Telegram.';
export const MSG_TELEGRAM_CODE_SPACING =
  'Too many Telegram links at once. Wait a minute and tap Connect Telegram again.';
export const MSG_TELEGRAM_NO_PROFILE = 'Open the app once to finish setting up your account, then connect Telegram.';

/** Per account and minute, in each instance: a person taps Connect a few times at most; each tap writes a code. */
const CODES = new WindowLimit(10, 60_000);

export interface ManageTelegramDeps {
  db: Firestore;
  /** The bot's username (TELEGRAM_BOT_USERNAME). */
  botUsername: string;
  now?: () => number;
  limit?: WindowLimit;
}

/** The callable's request as it matters here: who is signed in, and what they sent. */
export interface TelegramCall {
  auth?: { uid: string } | undefined;
  data: unknown;
}

/** 24 random bytes as base64url: 32 characters of the start parameter's alphabet (TELEGRAM_LINK_CODE). */
export const newLinkCode = (): string => randomBytes(24).toString('base64url');

export async function handleManageTelegram(deps: ManageTelegramDeps, request: TelegramCall): Promise<TelegramResponse> {
  // A token without a uid (the emulator decodes a malformed one unchecked) is no sign-in either.
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', MSG_TELEGRAM_SIGN_IN);
  const parsed = telegramRequestSchema.safeParse(request.data);
  if (!parsed.success)
    throw new HttpsError('invalid-argument', `Invalid request: ${describeIssues(parsed.error.issues)}`);
  const now = (deps.now ?? Date.now)();
  if (parsed.data.op === 'disconnect') {
    await disconnectTelegram(deps.db, uid);
    logs.telegramChanged(uid, 'disconnected');
    return { op: 'disconnect' };
  }
  if (!(deps.limit ?? CODES).take(uid, now)) throw new HttpsError('resource-exhausted', MSG_TELEGRAM_CODE_SPACING);
  const code = newLinkCode();
  const url = telegramStartLink(deps.botUsername, code);
  let expiresAt: number;
  try {
    expiresAt = await saveTelegramCode(deps.db, uid, code, now);
  } catch (error) {
    if (error instanceof NoProfile) throw new HttpsError('failed-precondition', MSG_TELEGRAM_NO_PROFILE);
    throw error;
  }
  logs.telegramChanged(uid, 'code made');
  return { op: 'link', url, expiresAt };
}
