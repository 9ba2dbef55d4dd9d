import { escapeHtml } from '@price-alerts/domain/notify';
import { z } from 'zod';
import { sinkPage } from '../http.ts';

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
  return sinkPage(
    'Local mail sink',
    `Email the functions send on the emulators lands here instead of SendGrid. ${mails.length} message(s).`,
    items,
    'No mail yet.',
  );
}
