/**
 * A Telegram stand-in for local runs and tests, so that nothing reaches the internet: it stands in
 * for api.telegram.org, speaking the Bot API for one bot, and for the people who use that bot in
 * Telegram's apps (they press Start from a `https://t.me/<bot>?start=<code>` link, write /stop, tap
 * inline buttons, block the bot), whose doings reach the bot's webhook as Updates. The local stack runs it
 * with the other sinks (sinks-cli.ts).
 *   GET|POST /bot<token>/<method>  getMe, setWebhook, deleteWebhook, getWebhookInfo, sendMessage,
 *                                  editMessageText, answerCallbackQuery (botApi.ts); parameters as
 *                                  JSON, form-encoded or in the query string, as Telegram takes them
 *   GET  /                         the chats and their messages, with forms for what a person does (page.ts)
 *   /control/...                   the same for tests (controlRoutes.ts)
 *   GET  /health                   {ok, chats, pending}
 * Where it knowingly differs from Telegram: it takes any http(s) webhook URL (the emulators serve
 * plain HTTP on their own ports), keeps MarkdownV2 and Markdown text as sent rather than parsing it,
 * has only private chats, and has no getUpdates.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, send } from '../http.ts';
import { callMethod, type BotContext } from './botApi.ts';
import { Chats, TelegramError } from './chats.ts';
import { handleControl, type Controlled } from './controlRoutes.ts';
import { chatsPage } from './page.ts';
import { RateLimiter, type RateLimit } from './rateLimit.ts';
import { WebhookDelivery, type DeliveryOptions } from './webhookDelivery.ts';

export interface TelegramStandInOptions {
  port?: number;
  host?: string;
  /** The bot's token as BotFather gives one, `<bot id>:<secret>`; the id is the bot's user id. */
  token?: string;
  username?: string;
  firstName?: string;
  /** Messages a chat may take: Telegram's one a second, with a short burst over it. */
  perChat?: RateLimit;
  /** Messages the bot may send in all: Telegram's "30 messages per second or so". */
  overall?: RateLimit;
  webhook?: Partial<Omit<DeliveryOptions, 'now'>>;
  /** How long a tap's callback query can be answered; Telegram states no number. */
  callbackTtlMs?: number;
  /** The clock for message dates, rate limits and callback queries; tests may move it. */
  now?: () => number;
}

/** The local bot: a made-up token, never a real one. */
export const LOCAL_BOT = {
  token: '7000000001:LOCAL-stand-in-token_not-a-secret',
  username: 'PriceAlertsLocalBot',
  firstName: 'Price Alerts (local)',
};

const MAX_BODY = 256 * 1024;

/** A call's parameters: the query string's, then the body's (JSON or form-encoded) over them. */
async function readParams(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_BODY) return undefined;
  }
  const query = Object.fromEntries(new URL(req.url ?? '/', 'http://stand-in').searchParams);
  let body: unknown = {};
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    body = Object.fromEntries(new URLSearchParams(text));
  } else if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      // Telegram reads no parameters from a body it cannot parse; the method then says what is missing.
    }
  }
  return { ...query, ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
}

const refusal = (error: TelegramError) => ({
  ok: false,
  error_code: error.code,
  description: error.description,
  ...(error.retryAfter !== undefined ? { parameters: { retry_after: error.retryAfter } } : {}),
});

export class TelegramStandIn implements Controlled {
  /** Where it listens, `http://host:port`, once started. */
  url = '';
  readonly token: string;
  readonly username: string;
  readonly chats: Chats;
  readonly hook: WebhookDelivery;
  private readonly context: BotContext;
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => send(res, 500, refusal(new TelegramError(500, String(error)))));
  });
  private stopListening: () => Promise<void> = async () => {};

  private constructor(options: TelegramStandInOptions) {
    const now = options.now ?? Date.now;
    this.token = options.token ?? LOCAL_BOT.token;
    this.username = options.username ?? LOCAL_BOT.username;
    const id = Number(this.token.split(':')[0]);
    if (!/^\d+:[A-Za-z0-9_-]+$/.test(this.token) || !Number.isSafeInteger(id)) {
      throw new Error('A bot token is <bot id>:<secret>');
    }
    const bot = { id, is_bot: true, first_name: options.firstName ?? LOCAL_BOT.firstName, username: this.username };
    this.hook = new WebhookDelivery({ attempts: 4, backoffMs: 1_000, timeoutMs: 10_000, ...options.webhook, now });
    this.chats = new Chats(bot, now, options.callbackTtlMs ?? 15_000, (chatId, update) =>
      this.hook.enqueue(chatId, update),
    );
    this.context = {
      chats: this.chats,
      hook: this.hook,
      perChat: new RateLimiter(options.perChat ?? { perSecond: 1, burst: 3 }, now),
      overall: new RateLimiter(options.overall ?? { perSecond: 30, burst: 30 }, now),
    };
  }

  static async start(options: TelegramStandInOptions = {}): Promise<TelegramStandIn> {
    const standIn = new TelegramStandIn(options);
    const { url, close } = await listen(standIn.server, options.port ?? 0, options.host ?? '127.0.0.1');
    standIn.url = url;
    standIn.stopListening = close;
    return standIn;
  }

  /** The Bot API's base for this bot: a client's `https://api.telegram.org/bot<token>`. */
  get apiUrl(): string {
    return `${this.url}/bot${this.token}`;
  }

  get records() {
    return this.hook.records;
  }

  /** Resolves once every update that has a webhook to go to has been delivered or given up on. */
  idle(): Promise<void> {
    return this.hook.idle();
  }

  reset(): void {
    this.chats.reset();
    this.hook.dropPending();
    this.hook.records.length = 0;
    this.context.perChat.reset();
    this.context.overall.reset();
  }

  async close(): Promise<void> {
    this.hook.close();
    await this.stopListening();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const params = await readParams(req);
    if (!params) return send(res, 413, refusal(new TelegramError(413, 'Request Entity Too Large')));
    const api = /^\/bot([^/]*)\/([^/]*)$/.exec(url.pathname);
    if (api) {
      if (api[1] !== this.token) return send(res, 401, refusal(new TelegramError(401, 'Unauthorized')));
      try {
        return send(res, 200, { ok: true, ...callMethod(this.context, api[2] ?? '', params) });
      } catch (error) {
        if (error instanceof TelegramError) return send(res, error.code, refusal(error));
        throw error;
      }
    }
    if (url.pathname.startsWith('/control/')) return handleControl(this, req, res, url.pathname, params);
    if (req.method === 'GET' && url.pathname === '/') {
      const error = url.searchParams.get('error') ?? undefined;
      const start = url.searchParams.get('start') ?? undefined;
      return send(res, 200, chatsPage(this.username, this.chats.list(), error, start), 'text/html; charset=utf-8');
    }
    if (req.method === 'GET' && url.pathname === '/health') {
      return send(res, 200, { ok: true, chats: this.chats.list().length, pending: this.hook.pendingCount });
    }
    return send(res, 404, refusal(new TelegramError(404, 'Not Found')));
  }
}
