import { escapeHtml } from '@price-alerts/domain/notify';
import { z } from 'zod';

/** The part of SendGrid's v3 /mail/send request the sink understands (what @sendgrid/mail sends). */
const address = z.object({ email: z.email(), name: z.string().optional() });
export const sendRequestSchema = z.object({
  personalizations: z.array(z.object({ to: z.array(address).min(1) })).min(1),
  from: address,
  subject: z.string().min(1),
  content: z.array(z.object({ type: z.string(), value: z.string() })).min(1),
});

export interface StoredMail {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

export function toStored(id: number, request: z.infer<typeof sendRequestSchema>, receivedAt: Date): StoredMail {
  const part = (type: string) => request.content.find((c) => c.type === type)?.value;
  const text = part('text/plain');
  const html = part('text/html');
  return {
    id,
    receivedAt: receivedAt.toISOString(),
    from: request.from.name ? `${request.from.name} <${request.from.email}>` : request.from.email,
    to: request.personalizations.flatMap((p) => p.to.map((t) => t.email)),
    subject: request.subject,
    ...(text !== undefined ? { text } : {}),
    ...(html !== undefined ? { html } : {}),
  };
}

/** SendGrid's error body shape, so the client library reports the message as it would in production. */
export const sendgridError = (message: string, field?: string) => ({
  errors: [{ message, field: field ?? null, help: null }],
});

/** The page `npm start` lists: newest first, each mail's text part, and its HTML part one click away. */
export function inboxPage(mails: readonly StoredMail[]): string {
  const items = [...mails].reverse().map(
    (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to.join(', '))} · from ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)}
  ${m.html !== undefined ? ` · <a href="/mails/${m.id}.html">HTML version</a>` : ''}</p>
  <pre>${escapeHtml(m.text ?? '(no text part)')}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mail sink (${mails.length})</title>
<style>body{font:16px system-ui,sans-serif;margin:1rem auto;max-width:46rem;padding:0 1rem;color:#1b1f24}
article{border:1px solid #d0d7de;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.1rem}
.meta{color:#57606a;font-size:.9rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Local mail sink</h1>
<p>Email the functions send on the emulators lands here instead of SendGrid. ${mails.length} message(s).</p>
${items.join('\n') || '<p>No mail yet.</p>'}
</body></html>`;
}
