import { escapeHtml } from '@price-alerts/domain/notify';
import { z } from 'zod';
import { sinkPage } from '../http.ts';

/**
 * The part of SendGrid's v3 /mail/send request the sink understands: what @sendgrid/mail sends, and
 * many personalizations, each its own email with its own subject and substitutions (at most 10,000
 * bytes of them), as a batch send uses them.
 */
const address = z.object({ email: z.email(), name: z.string().optional() });
const SUBSTITUTIONS_LIMIT = 10_000;
const personalization = z.object({
  to: z.array(address).min(1),
  subject: z.string().min(1).optional(),
  substitutions: z
    .record(z.string().min(1), z.string())
    .refine(
      (s) =>
        Object.entries(s).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0) <=
        SUBSTITUTIONS_LIMIT,
      {
        message: `The total size of substitutions may not exceed ${SUBSTITUTIONS_LIMIT} bytes per personalization object`,
      },
    )
    .optional(),
});
export const sendRequestSchema = z
  .object({
    personalizations: z.array(personalization).min(1).max(1000),
    from: address,
    subject: z.string().min(1).optional(),
    content: z.array(z.object({ type: z.string(), value: z.string() })).min(1),
  })
  .refine((r) => r.subject !== undefined || r.personalizations.every((p) => p.subject !== undefined), {
    message: 'The subject is required: at the top or in every personalization',
    path: ['subject'],
  });
export type SendRequest = z.infer<typeof sendRequestSchema>;

export interface StoredMail {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

/** Each personalization is an email of its own, its substitutions made in the subject and the parts. */
export function toStored(nextId: () => number, request: SendRequest, receivedAt: Date): StoredMail[] {
  return request.personalizations.map((p) => {
    const fill = (value: string) =>
      Object.entries(p.substitutions ?? {}).reduce((out, [key, by]) => out.split(key).join(by), value);
    const part = (type: string) => {
      const value = request.content.find((c) => c.type === type)?.value;
      return value === undefined ? undefined : fill(value);
    };
    const text = part('text/plain');
    const html = part('text/html');
    return {
      id: nextId(),
      receivedAt: receivedAt.toISOString(),
      from: request.from.name ? `${request.from.name} <${request.from.email}>` : request.from.email,
      to: p.to.map((t) => t.email),
      subject: fill(p.subject ?? request.subject ?? ''),
      ...(text !== undefined ? { text } : {}),
      ...(html !== undefined ? { html } : {}),
    };
  });
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
