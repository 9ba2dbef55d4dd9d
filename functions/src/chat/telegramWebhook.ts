/**
 * The bot's webhook over HTTP (docs/chat-channels.md): only Telegram knows the secret setWebhook was
 * given, and sends it in every update's X-Telegram-Bot-Api-Secret-Token header, so a request without
 * it is refused before anything is done with its body (the platform has parsed it already, up to its
 * own 10 MB). Telegram delivers again whatever is not answered 2xx: an
 * update too large or not of the Bot API's shape is answered 200 and ignored (it would fail every
 * time), and one whose handling failed (Firestore unavailable) 500, to be delivered again.
 */
import { telegramUpdateSchema, type TelegramUpdate } from '@price-alerts/domain/notify';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import * as logs from '../logs';

/** Telegram's updates the product reads are a few hundred bytes; anything this size is not one of them. */
export const MAX_UPDATE_BYTES = 64 * 1024;
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** The parts of the Functions request read here (Express's, with the body as received). */
export interface WebhookRequest {
  method: string;
  headers: IncomingHttpHeaders;
  rawBody?: Buffer;
}
export interface WebhookReply {
  status(code: number): { send(body: string): unknown };
}

export interface TelegramWebhookConfig {
  /** TELEGRAM_WEBHOOK_SECRET. */
  secret: string;
  handle(update: TelegramUpdate): Promise<void>;
}

/** Compared as digests, so equal lengths, in constant time: the answer says nothing of how much matched. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return expected.length > 0 && timingSafeEqual(digest(given), digest(expected));
}

function readUpdate(rawBody: Buffer | undefined): TelegramUpdate | undefined {
  const bytes = rawBody?.length ?? 0;
  if (!rawBody || bytes > MAX_UPDATE_BYTES) {
    logs.telegramUpdateIgnored(rawBody ? 'too large' : 'not json', bytes);
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    logs.telegramUpdateIgnored('not json', bytes);
    return undefined;
  }
  const parsed = telegramUpdateSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  // Where it failed, never the values: an update may carry a link code.
  const issue = parsed.error.issues[0];
  logs.telegramUpdateIgnored('invalid', bytes, issue ? `${issue.path.join('.')}: ${issue.code}` : '');
  return undefined;
}

/** The handler `telegramWebhook` runs; `config` is read per request, when the secrets have their values. */
export function telegramWebhookHandler(config: () => TelegramWebhookConfig) {
  return async (req: WebhookRequest, res: WebhookReply): Promise<void> => {
    if (req.method !== 'POST') {
      res.status(405).send('');
      return;
    }
    const { secret, handle } = config();
    const given = req.headers[SECRET_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, secret)) {
      logs.telegramWebhookRefused(typeof given === 'string' ? 'wrong secret' : 'missing secret');
      res.status(401).send('');
      return;
    }
    const update = readUpdate(req.rawBody);
    if (!update) {
      res.status(200).send('');
      return;
    }
    try {
      await handle(update);
    } catch (error) {
      logs.telegramUpdateFailed(update.update_id, error);
      res.status(500).send('');
      return;
    }
    res.status(200).send('');
  };
}
