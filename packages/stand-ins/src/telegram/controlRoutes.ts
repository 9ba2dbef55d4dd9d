/**
 * What a person does in Telegram, for tests (JSON, answered with JSON) and for the page's forms
 * (form-encoded, answered with a redirect back to the page):
 *   POST /control/start {link?, user_id?, first_name?, username?}
 *        press Start; `link` is `https://t.me/<bot>?start=<code>` or just the code, and without one the
 *        chat gets a bare /start; a new user_id (or none) is a new person. Answers {chat, update}
 *   POST /control/text {chat_id, text}             the person writes (/stop, or anything); {update}
 *   POST /control/tap {chat_id, message_id, data}  taps the button with that callback_data;
 *                                                  {update, callback_query_id}
 *   POST /control/block {chat_id, blocked}         blocks or unblocks the bot; {update} (null if unchanged)
 *   GET  /control/chats                            every chat, its messages as the Bot API shows them
 *   GET  /control/updates                          every update made, with its delivery's state
 *   POST /control/reset                            forget the chats, pending updates and rate counts
 */
import { describeIssues } from '@price-alerts/domain/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { send } from '../http.ts';
import { TelegramError, type Chats } from './chats.ts';
import { blockSchema, startSchema, tapSchema, textSchema } from './schemas.ts';
import type { DeliveryRecord } from './webhookDelivery.ts';

/** What the routes drive: the stand-in (telegramStandIn.ts), named by what it does. */
export interface Controlled {
  readonly chats: Chats;
  readonly username: string;
  readonly records: readonly DeliveryRecord[];
  reset(): void;
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new TelegramError(400, describeIssues(parsed.error.issues, '(body)'));
  return parsed.data;
}

/** The start parameter a link carries, or the code itself when `link` is not a t.me link. */
function startParameter(link: string | undefined, username: string): string | undefined {
  const given = link?.trim();
  if (!given) return undefined;
  const m = /^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/([A-Za-z0-9_]+)\/?(?:\?(.*))?$/i.exec(given);
  if (!m) return given;
  if (m[1]?.toLowerCase() !== username.toLowerCase()) {
    throw new TelegramError(400, `That link opens @${m[1]}, not this bot (@${username})`);
  }
  return new URLSearchParams(m[2] ?? '').get('start') ?? undefined;
}

const routes: Record<string, (c: Controlled, body: unknown) => unknown> = {
  'POST /control/start': (c, body) => {
    const d = parse(startSchema, body);
    const { chat, update } = c.chats.pressStart({ ...d, start: startParameter(d.link, c.username) });
    return { chat: chat.chat, update };
  },
  'POST /control/text': (c, body) => {
    const d = parse(textSchema, body);
    return { update: c.chats.say(d.chat_id, d.text) };
  },
  'POST /control/tap': (c, body) => {
    const d = parse(tapSchema, body);
    return c.chats.tap(d.chat_id, d.message_id, d.data);
  },
  'POST /control/block': (c, body) => {
    const d = parse(blockSchema, body);
    return { update: c.chats.setBlocked(d.chat_id, d.blocked) ?? null };
  },
  'GET /control/chats': (c) =>
    c.chats.list().map((chat) => ({
      ...chat.chat,
      blocked: chat.blocked,
      messages: chat.messages.map((m) => ({
        ...c.chats.apiMessage(chat, m),
        ...(m.answer !== undefined ? { answer: m.answer } : {}),
      })),
    })),
  'GET /control/updates': (c) => c.records,
  'POST /control/reset': (c) => {
    c.reset();
    return { ok: true };
  },
};

export function handleControl(
  c: Controlled,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: Record<string, unknown>,
): void {
  const fromPage = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
  const route = routes[`${req.method} ${path}`];
  try {
    if (!route) throw new TelegramError(404, `No route ${req.method} ${path}`);
    const answer = route(c, body);
    if (!fromPage) return send(res, 200, answer);
    res.writeHead(303, { location: '/' }).end();
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    if (!fromPage) return send(res, error.code, { error: error.description });
    res.writeHead(303, { location: `/?error=${encodeURIComponent(error.description)}` }).end();
  }
}
