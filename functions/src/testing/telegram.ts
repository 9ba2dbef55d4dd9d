// The bot against the Telegram stand-in, in-process: the stand-in's Bot API and people on a free port,
// and the bot's webhook handler served over real HTTP on another, set as the stand-in's webhook with
// its secret, so a person's Start, /stop or tap reaches the handler as Telegram would deliver it.
import { TelegramStandIn } from '@price-alerts/stand-ins/telegram';
import type { Firestore } from 'firebase-admin/firestore';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { telegramApi } from '../chat/telegramApi';
import { handleManageTelegram } from '../chat/telegramLink';
import type { BotDeps } from '../chat/telegramTaps';
import { handleTelegramUpdate } from '../chat/telegramUpdates';
import { telegramWebhookHandler, type TelegramWebhookConfig } from '../chat/telegramWebhook';
import { WindowLimit } from '../lib/windowLimit';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { testApp, type TestApp } from './emulatorApp';

export const WEBHOOK_SECRET = 'test-telegram-webhook-secret';
export const SIGNING_KEY = 'test-action-signing-key-0123456789';

export interface StandInMessage {
  message_id: number;
  text: string;
  reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] };
  /** What the bot answered the last tap on it with. */
  answer?: string;
}

export interface TelegramRig {
  standIn: TelegramStandIn;
  /** The webhook's address, for requests made by hand. */
  webhookUrl: string;
  deps: BotDeps;
  /** The next updates' handling throws this many times first (a Firestore outage). */
  failNext(times: number): void;
  /** A link code made by `uid` through manageTelegram; its t.me link. */
  linkFor(uid: string, now?: number): Promise<string>;
  /** A person presses Start from `link`; answers the chat's id once the bot has handled it. */
  start(link: string, person?: { user_id?: number; first_name?: string; username?: string }): Promise<number>;
  /** A person writes in their chat, the bot having handled it when this resolves. */
  say(chatId: number, text: string): Promise<void>;
  /** A person taps a button, the bot having handled it when this resolves. */
  tap(chatId: number, messageId: number, data: string): Promise<void>;
  /** The chat's messages as the Bot API shows them. */
  messages(chatId: number): Promise<StandInMessage[]>;
  close(): Promise<void>;
}

async function control<T>(standIn: TelegramStandIn, route: string, body: unknown): Promise<T> {
  const res = await fetch(`${standIn.url}/control/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`${route}: ${answer.error ?? res.status}`);
  return answer;
}

/** Serves the handler as the Functions framework would: the body kept as received (rawBody). */
function serve(handler: ReturnType<typeof telegramWebhookHandler>): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = { status: (code: number) => ({ send: (body: string) => res.writeHead(code).end(body) }) };
      handler({ method: req.method ?? 'GET', headers: req.headers, rawBody: Buffer.concat(chunks) }, reply).catch(() =>
        res.writeHead(500).end(),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function telegramRig(db: Firestore, options: { now?: () => number } = {}): Promise<TelegramRig> {
  // Redelivery after a failed try within milliseconds, so a test of it waits for nothing.
  const standIn = await TelegramStandIn.start({ webhook: { backoffMs: 10, attempts: 3 } });
  const api = telegramApi(standIn.token, standIn.url);
  const deps: BotDeps = { db, api, signingKey: SIGNING_KEY, ...(options.now ? { now: options.now } : {}) };
  // The tests link far more often than a person would; the per-account limit has a test of its own.
  const unlimited = new WindowLimit(Number.MAX_SAFE_INTEGER, 60_000);
  let failures = 0;
  const config = (): TelegramWebhookConfig => ({
    secret: WEBHOOK_SECRET,
    handle: async (update) => {
      if (failures > 0) {
        failures--;
        throw new Error('14 UNAVAILABLE: the emulator is down');
      }
      await handleTelegramUpdate(deps, update);
    },
  });
  const server = await serve(telegramWebhookHandler(config));
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/telegramWebhook`;
  const set = await api.setWebhook(webhookUrl, WEBHOOK_SECRET);
  if (!set.ok) throw new Error(`setWebhook: ${set.description}`);
  const handled = async <T>(action: Promise<T>) => {
    const answer = await action;
    await standIn.idle();
    return answer;
  };
  return {
    standIn,
    webhookUrl,
    deps,
    failNext: (times) => void (failures = times),
    async linkFor(uid, now) {
      const answer = await handleManageTelegram(
        { db, botUsername: standIn.username, limit: unlimited, ...(now !== undefined ? { now: () => now } : {}) },
        { auth: { uid }, data: { op: 'link' } },
      );
      if (answer.op !== 'link') throw new Error('manageTelegram answered no link');
      return answer.url;
    },
    async start(link, person = {}) {
      const { chat } = await handled(control<{ chat: { id: number } }>(standIn, 'start', { link, ...person }));
      return chat.id;
    },
    say: (chatId, text) => handled(control(standIn, 'text', { chat_id: chatId, text })).then(() => undefined),
    tap: (chatId, messageId, data) =>
      handled(control(standIn, 'tap', { chat_id: chatId, message_id: messageId, data })).then(() => undefined),
    async messages(chatId) {
      const chats = await control<{ id: number; messages: StandInMessage[] }[]>(standIn, 'chats', undefined);
      return chats.find((c) => c.id === chatId)?.messages ?? [];
    },
    async close() {
      await standIn.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A test file's emulator app and rig on its own project, emptied (and the stand-in reset) before each
 * test; read `t` and `rig` once the returned object's beforeAll has run.
 */
export function telegramSuite(project: string, options: { now?: () => number } = {}): { t: TestApp; rig: TelegramRig } {
  const suite = {} as { t: TestApp; rig: TelegramRig };
  beforeAll(async () => {
    suite.t = await testApp(project);
    suite.rig = await telegramRig(suite.t.db, options);
  });
  afterAll(async () => {
    await suite.rig.close();
    await suite.t.close();
  });
  beforeEach(async () => {
    await clearFirestoreProject(project);
    suite.rig.standIn.reset();
  });
  return suite;
}
