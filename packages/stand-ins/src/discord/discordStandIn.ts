/**
 * A Discord stand-in for the local stack and the tests: it speaks Discord's webhook API as the app's sender
 * meets it (https://discord.com/developers/docs/resources/webhook), on this machine, so that nothing reaches
 * discord.com. A user's webhook URL points here instead (`<url>/api/webhooks/<id>/<token>`).
 *   POST   /api[/v10]/webhooks/{id}/{token}[?wait=true]  Execute Webhook: 204, or 200 and the message with
 *                                  wait; 400 50035 Invalid Form Body / 50006 empty message / 50109 bad JSON
 *   GET    /api[/v10]/webhooks/{id}/{token}   Get Webhook with Token: the webhook object (no user)
 *   DELETE /api[/v10]/webhooks/{id}/{token}   Delete Webhook with Token: 204
 *     an unknown or deleted webhook: 404 {"message":"Unknown Webhook","code":10015}; a known id with another
 *     token: 401 {"message":"Invalid Webhook Token","code":50027}; rate limits in rateLimits.ts
 *   POST   /control/webhooks {channel, name?}   make a webhook in that channel (made if new): 201 with its URL
 *   DELETE /control/webhooks/{id}               delete it (the page posts to /control/webhooks/{id}/delete)
 *   GET    /control/channels                    every channel, its webhooks and its messages, oldest first
 *   POST   /control/reset                       forget channels, webhooks, messages and rate limits
 *   GET    /  the page (page.ts);  GET /health  {ok, channels, webhooks, messages}
 * The control routes take JSON, or the page's forms (answered 303 back to the page).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { listen } from '../http.ts';
import { executeBodySchema, invalidFormBody, isEmpty } from './executeBody.ts';
import { Guild, webhookUrl, type Webhook } from './guild.ts';
import { discordPage } from './page.ts';
import { GLOBAL_LIMIT, RateLimits, WEBHOOK_LIMIT, type Limit } from './rateLimits.ts';

export type { DiscordMessage, KeptMessage, Webhook } from './guild.ts';
export type { Limit } from './rateLimits.ts';

export interface DiscordStandInOptions {
  port?: number;
  host?: string;
  /** Each webhook's bucket per route; tests make it small. */
  webhookLimit?: Limit;
  /** Every API request together. */
  globalLimit?: Limit;
  /** The clock of rate limits, snowflakes and timestamps; tests inject a controlled one. */
  now?: () => number;
}

/** A webhook's JSON is a few KB (embeds stop at 6,000 characters); more is refused before it is held. */
const MAX_BODY = 256 * 1024;
const API_ROUTE = /^\/api(?:\/v\d{1,2})?\/webhooks\/([^/]+)\/([^/]+)\/?$/;
const createWebhookSchema = z.object({
  channel: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(80).optional(),
});

type HeaderMap = Record<string, string>;
const reply = (
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: HeaderMap = {},
  type = 'application/json',
) => {
  res.writeHead(status, body === undefined ? headers : { ...headers, 'content-type': type });
  res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
};
const unknownWebhook = { message: 'Unknown Webhook', code: 10015 };

/** The body's text, or undefined past `MAX_BODY` bytes. */
async function readText(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isForm = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
/** Discord's boolean query strings: True, true or 1. */
const truthy = (value: string | null) => value !== null && ['true', '1'].includes(value.toLowerCase());

export class DiscordStandIn {
  readonly guild: Guild;
  readonly #limits: RateLimits;
  #url = '';
  #close: () => Promise<void> = async () => {};

  private constructor(options: DiscordStandInOptions) {
    const now = options.now ?? Date.now;
    this.guild = new Guild(now);
    this.#limits = new RateLimits(options.webhookLimit ?? WEBHOOK_LIMIT, options.globalLimit ?? GLOBAL_LIMIT, now);
  }

  static async start(options: DiscordStandInOptions = {}): Promise<DiscordStandIn> {
    const standIn = new DiscordStandIn(options);
    const server = createServer((req, res) => {
      standIn.#handle(req, res).catch((error: unknown) => reply(res, 500, { message: String(error), code: 0 }));
    });
    const { url, close } = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
    standIn.#url = url;
    standIn.#close = close;
    return standIn;
  }

  get url(): string {
    return this.#url;
  }

  close(): Promise<void> {
    return this.#close();
  }

  /** A webhook in `channel`, and the URL to give the app. */
  createWebhook(channel: string, name?: string): Webhook & { url: string } {
    const webhook = this.guild.createWebhook(channel, name);
    return { ...webhook, url: webhookUrl(this.#url, webhook) };
  }

  reset(): void {
    this.guild.reset();
    this.#limits.reset();
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://discord');
    if (url.pathname.startsWith('/api/')) return this.#api(req, res, url);
    if (url.pathname.startsWith('/control/')) return this.#control(req, res, url.pathname);
    if (req.method === 'GET' && url.pathname === '/')
      return reply(res, 200, discordPage(this.guild, this.#url), {}, 'text/html; charset=utf-8');
    if (req.method === 'GET' && url.pathname === '/health') {
      const channels = [...this.guild.channels.values()];
      const messages = channels.reduce((n, c) => n + c.messages.length, 0);
      return reply(res, 200, { ok: true, channels: channels.length, webhooks: this.guild.webhooks.size, messages });
    }
    return reply(res, 404, { error: `No route ${req.method} ${url.pathname}` });
  }

  async #api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const global = this.#limits.global();
    if (!global.allowed) return reply(res, 429, global.body, global.headers);
    const [, id = '', token = ''] = API_ROUTE.exec(url.pathname) ?? [];
    if (!id) return reply(res, 404, { message: '404: Not Found', code: 0 });
    if (!/^\d{1,20}$/.test(id)) {
      const error = { code: 'NUMBER_TYPE_COERCE', message: `Value "${id}" is not snowflake.` };
      return reply(res, 400, {
        message: 'Invalid Form Body',
        code: 50035,
        errors: { webhook_id: { _errors: [error] } },
      });
    }
    const method = req.method ?? 'GET';
    if (!['GET', 'POST', 'DELETE'].includes(method))
      return reply(res, 405, { message: '405: Method Not Allowed', code: 0 });
    const bucket = this.#limits.bucket(`${method} /webhooks/{webhook.id}/{webhook.token}`, `${id}/${token}`);
    if (!bucket.allowed) return reply(res, 429, bucket.body, bucket.headers);
    const lookup = this.guild.find(id, token);
    if ('error' in lookup)
      return lookup.error === 'unknown'
        ? reply(res, 404, unknownWebhook, bucket.headers)
        : reply(res, 401, { message: 'Invalid Webhook Token', code: 50027 }, bucket.headers);
    const webhook = lookup.found;
    if (method === 'DELETE') {
      this.guild.deleteWebhook(webhook.id);
      return reply(res, 204, undefined, bucket.headers);
    }
    if (method === 'GET') {
      return reply(res, 200, this.guild.webhookObject(webhook), bucket.headers);
    }
    return this.#execute(req, res, url, webhook, bucket.headers);
  }

  async #execute(req: IncomingMessage, res: ServerResponse, url: URL, webhook: Webhook, headers: HeaderMap) {
    // Discord's 50035 also answers a Content-Type it does not take, such as a sender's forgotten header.
    // Its multipart form (files) is not stood in for: the app sends none.
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      const error = { code: 'CONTENT_TYPE_INVALID', message: 'Expected "Content-Type" to be application/json.' };
      return reply(res, 400, { message: 'Invalid Form Body', code: 50035, errors: { _errors: [error] } }, headers);
    }
    const text = await readText(req);
    if (text === undefined) return reply(res, 413, { message: 'Request entity too large', code: 40005 }, headers);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return reply(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 }, headers);
    }
    // The stand-in's channels have no threads.
    if (url.searchParams.has('thread_id')) return reply(res, 400, { message: 'Unknown Channel', code: 10003 }, headers);
    const parsed = executeBodySchema.safeParse(json, { reportInput: true });
    if (!parsed.success) return reply(res, 400, invalidFormBody(parsed.error.issues), headers);
    if (isEmpty(parsed.data)) return reply(res, 400, { message: 'Cannot send an empty message', code: 50006 }, headers);
    const message = this.guild.post(webhook, parsed.data);
    return truthy(url.searchParams.get('wait'))
      ? reply(res, 200, message, headers)
      : reply(res, 204, undefined, headers);
  }

  async #control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const form = isForm(req);
    // The page's forms come back to the page; scripts and tests get JSON.
    const done = (status: number, body: unknown) =>
      form && status < 300 ? reply(res, 303, undefined, { location: '/' }) : reply(res, status, body);
    if (req.method === 'POST' && path === '/control/webhooks') {
      const text = (await readText(req)) ?? '';
      const raw = form ? formFields(text) : parseJson(text);
      const parsed = createWebhookSchema.safeParse(raw);
      if (!parsed.success) return done(400, { error: 'Expected {channel: 1 to 100 characters, name?: 1 to 80}' });
      const webhook = this.createWebhook(parsed.data.channel, parsed.data.name);
      return done(201, { ...webhook, channel: parsed.data.channel });
    }
    const remove = /^\/control\/webhooks\/(\d+)(\/delete)?$/.exec(path);
    if (remove && (req.method === 'DELETE' || (req.method === 'POST' && remove[2]))) {
      return this.guild.deleteWebhook(remove[1] ?? '') ? done(200, { ok: true }) : done(404, unknownWebhook);
    }
    if (req.method === 'GET' && path === '/control/channels') {
      const channels = [...this.guild.channels.values()].map((c) => ({
        id: c.id,
        name: c.name,
        webhooks: [...this.guild.webhooks.values()]
          .filter((w) => w.channelId === c.id)
          .map((w) => ({ ...w, url: webhookUrl(this.#url, w) })),
        messages: c.messages,
      }));
      return reply(res, 200, { guild_id: this.guild.id, channels });
    }
    if (req.method === 'POST' && path === '/control/reset') {
      this.reset();
      return done(200, { ok: true });
    }
    return reply(res, 404, { error: `No route ${req.method} ${path}` });
  }
}

/** A form's fields, blank ones left out (an empty name means the default one). */
const formFields = (text: string) =>
  Object.fromEntries([...new URLSearchParams(text)].filter(([, value]) => value.trim() !== ''));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return undefined;
  }
}
