/**
 * A SendGrid-compatible sink for the emulators: POST /v3/mail/send as SendGrid's API takes it
 * (bearer key, JSON body, 202 on success), kept in memory and shown at GET /.
 *   GET  /api/mails                 what was received, oldest first
 *   DELETE /api/mails               forget everything
 *   POST /control/fail {status, count}  answer the next `count` sends with `status` (fault tests)
 *   POST /control/refuse {email}    refuse that address from now on, as SendGrid refuses one
 *                                   personalization: a 400 naming it, and nothing of the request sent
 *   GET  /health                    {ok, mails: kept, received: every mail since start or the last DELETE,
 *                                   requests: the send requests that delivered them}
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { listen, send } from '../http.ts';
import { inboxPage, sendRequestSchema, sendgridError, toStored, type StoredMail } from './messages.ts';

const MAX_KEPT = 500;
const failSchema = z.object({ status: z.number().int().min(400).max(599), count: z.number().int().min(0) });
const refuseSchema = z.object({ email: z.string().min(1) });

export interface MailSink {
  url: string;
  mails: StoredMail[];
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  try {
    return JSON.parse(text || '{}');
  } catch {
    return undefined;
  }
}

export async function startMailSink(port = 0, host = '127.0.0.1'): Promise<MailSink> {
  const mails: StoredMail[] = [];
  let nextId = 1;
  // Only the last MAX_KEPT mails are kept; a benchmark sending thousands counts them here.
  let received = 0;
  let requests = 0;
  let failures: { status: number; count: number } = { status: 500, count: 0 };
  const refused = new Set<string>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://sink').pathname;
    if (req.method === 'POST' && path === '/v3/mail/send') {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
        return send(res, 401, sendgridError('The provided authorization grant is invalid, expired, or revoked'));
      const body = await readJson(req);
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        return send(res, failures.status, sendgridError(`Injected failure ${failures.status}`));
      }
      const parsed = sendRequestSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return send(res, 400, sendgridError(issue?.message ?? 'Invalid request', issue?.path.join('.')));
      }
      const bad = parsed.data.personalizations.findIndex((p) => p.to.some((t) => refused.has(t.email)));
      if (bad >= 0)
        return send(res, 400, sendgridError('Does not contain a valid address.', `personalizations.${bad}.to.0.email`));
      const stored = toStored(() => nextId++, parsed.data, new Date());
      mails.push(...stored);
      received += stored.length;
      requests += 1;
      mails.splice(0, Math.max(0, mails.length - MAX_KEPT));
      return send(res, 202);
    }
    if (req.method === 'GET' && path === '/api/mails') return send(res, 200, mails);
    if (req.method === 'DELETE' && path === '/api/mails') {
      mails.length = 0;
      received = 0;
      requests = 0;
      refused.clear();
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/control/fail') {
      const parsed = failSchema.safeParse(await readJson(req));
      if (!parsed.success) return send(res, 400, { error: 'Expected {status: 400..599, count: ≥ 0}' });
      failures = parsed.data;
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/control/refuse') {
      const parsed = refuseSchema.safeParse(await readJson(req));
      if (!parsed.success) return send(res, 400, { error: 'Expected {email}' });
      refused.add(parsed.data.email);
      return send(res, 200, { ok: true });
    }
    const html = /^\/mails\/(\d+)\.html$/.exec(path);
    if (req.method === 'GET' && html) {
      const mail = mails.find((m) => m.id === Number(html[1]));
      return mail?.html !== undefined
        ? send(res, 200, mail.html, 'text/html; charset=utf-8')
        : send(res, 404, { error: 'No such mail' });
    }
    if (req.method === 'GET' && path === '/') return send(res, 200, inboxPage(mails), 'text/html; charset=utf-8');
    if (req.method === 'GET' && path === '/health')
      return send(res, 200, { ok: true, mails: mails.length, received, requests });
    return send(res, 404, sendgridError(`No route ${req.method} ${path}`));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, sendgridError(String(error))));
  });
  return { ...(await listen(server, port, host)), mails };
}
