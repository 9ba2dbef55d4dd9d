/**
 * The local stack's webhook receiver: what the functions POST to a user's webhook on the emulators
 * lands here and is shown on a page, as mail is by the mail sink.
 *   POST /<any path>          kept; answered 200 {"ok":true}
 *   POST /status/<code>/...   kept; answered with that status (retries and refusals by hand)
 *   a verification request    (event webhook.verify) kept, and confirmed on any path: answered 200
 *                             {"challenge": …}, as a receiver that wants the webhooks does; on
 *                             /unconfirmed/... answered 200 {"ok":true}, as one that never asked
 *   GET  /                    the page, newest first, with each request's signature header
 *   GET  /api/hooks           what was received, oldest first; DELETE forgets it
 *   GET  /health              {ok, hooks}
 */
import { escapeHtml } from '@price-alerts/domain/notify';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, send, sinkPage } from '../http.ts';

const MAX_KEPT = 200;
const MAX_BODY = 64 * 1024;

export interface StoredHook {
  id: number;
  receivedAt: string;
  path: string;
  status: number;
  signature: string | undefined;
  event: string | undefined;
  /** The body as it arrived (a receiver checks the signature against these exact bytes). */
  body: string;
}

export interface WebhookSink {
  url: string;
  hooks: StoredHook[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_BODY) return undefined;
  }
  return text;
}

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

export function hooksPage(hooks: readonly StoredHook[]): string {
  const items = [...hooks].reverse().map(
    (h) => `<article>
  <h2>${escapeHtml(h.event ?? '(no event header)')} · answered ${h.status}</h2>
  <p class="meta">${escapeHtml(h.path)} · ${escapeHtml(h.receivedAt)}</p>
  <p class="meta">price-alerts-signature: <code>${escapeHtml(h.signature ?? '(none)')}</code></p>
  <pre>${escapeHtml(pretty(h.body))}</pre>
</article>`,
  );
  return sinkPage(
    'Local webhook sink',
    `Webhooks the functions send on the emulators land here. ${hooks.length} request(s).`,
    items,
    'Nothing yet.',
  );
}

/** The verification request's challenge, if the body is one. */
function challengeOf(body: string): string | undefined {
  try {
    const challenge = (JSON.parse(body) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export async function startWebhookSink(port = 0, host = '127.0.0.1'): Promise<WebhookSink> {
  const hooks: StoredHook[] = [];
  let nextId = 1;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://sink').pathname;
    if (req.method === 'GET' && path === '/') return send(res, 200, hooksPage(hooks), 'text/html; charset=utf-8');
    if (req.method === 'GET' && path === '/api/hooks') return send(res, 200, hooks);
    if (req.method === 'DELETE' && path === '/api/hooks') {
      hooks.length = 0;
      return send(res, 200, { ok: true });
    }
    if (req.method === 'GET' && path === '/health') return send(res, 200, { ok: true, hooks: hooks.length });
    if (req.method !== 'POST') return send(res, 404, { error: `No route ${req.method} ${path}` });
    const body = await readBody(req);
    if (body === undefined) return send(res, 413, { error: `Bodies over ${MAX_BODY} bytes are refused` });
    const asked = Number(/^\/status\/(\d{3})(?:\/|$)/.exec(path)?.[1]);
    const status = asked >= 200 && asked <= 599 ? asked : 200;
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    hooks.push({
      id: nextId++,
      receivedAt: new Date().toISOString(),
      path,
      status,
      signature: header('price-alerts-signature'),
      event: header('price-alerts-event'),
      body,
    });
    if (hooks.length > MAX_KEPT) hooks.shift();
    const challenge = header('price-alerts-event') === 'webhook.verify' ? challengeOf(body) : undefined;
    if (challenge !== undefined && !path.startsWith('/unconfirmed/')) return send(res, 200, { challenge });
    return send(res, status, status < 300 ? { ok: true } : { error: `Answered ${status} as asked` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  return { ...(await listen(server, port, host)), hooks };
}
