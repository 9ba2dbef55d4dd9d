/** Email through SendGrid's v3 API with @sendgrid/client; `baseUrl` points it at the local sink on the emulators. */
import { Client } from '@sendgrid/client';
import { randomUUID } from 'node:crypto';
import { MailService } from '@sendgrid/mail';
import { mapLimit } from '../lib/mapLimit';
import { ProviderError, type EmailMessage, type EmailOutcome, type EmailProvider } from './providers';

/**
 * SendGrid takes up to 1,000 personalizations in one request; fewer keeps a request small (each
 * carries its own message, a few KB: about 2 MB in all) and well within the client's 10 s timeout.
 */
export const MAIL_BATCH = 250;
/** SendGrid refuses a personalization whose substitutions pass 10,000 bytes: such a message goes alone. */
const SUBSTITUTIONS_LIMIT = 10_000;
/**
 * The substitution keys, new for each instance: a key a user's note could contain (and SendGrid
 * would replace in it) must not be guessable. 38 bytes each.
 */
const TEXT = `-t${randomUUID()}`;
const HTML = `-h${randomUUID()}`;

function providerError(error: unknown): ProviderError {
  const e = error as { code?: unknown; message?: string; response?: { body?: unknown } };
  const status = typeof e.code === 'number' ? e.code : undefined;
  const detail = JSON.stringify(e.response?.body ?? '') ?? '';
  // No status means the request never got an answer (network, timeout): worth retrying.
  const retryable = status === undefined || status >= 500 || status === 429;
  return new ProviderError(
    `SendGrid ${status ?? 'request failed'}: ${e.message ?? 'unknown error'} ${detail}`.trim(),
    retryable,
  );
}

/**
 * The personalizations of a batch of `size` a 400 names ('personalizations.3.to.0.email'): the
 * messages it refuses. A body of any other shape names none.
 */
function refusedIndexes(error: unknown, size: number): number[] {
  const body = (error as { response?: { body?: unknown } } | null)?.response?.body;
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  const named = errors.map((e: unknown) => {
    const field = (e as { field?: unknown } | null)?.field;
    return typeof field === 'string' ? /^personalizations\.(\d+)\./.exec(field)?.[1] : undefined;
  });
  return [...new Set(named.filter((i) => i !== undefined).map(Number))].filter((i) => i < size);
}

const sender = (from: string) => {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return m?.[1] ? { email: m[2], name: m[1] } : { email: m?.[2] ?? from.trim() };
};

/** What SendGrid counts against its limit: each substitution's key and value. */
const substitutionBytes = (m: EmailMessage) =>
  Buffer.byteLength(TEXT) + Buffer.byteLength(m.text) + Buffer.byteLength(HTML) + Buffer.byteLength(m.html);

export function sendgridProvider({ apiKey, baseUrl }: { apiKey: string; baseUrl?: string }): EmailProvider {
  const client = new Client();
  client.setApiKey(apiKey);
  // setApiKey picks SendGrid's host, so the override comes after it.
  if (baseUrl) client.setDefaultRequest('baseUrl', baseUrl);
  const mail = new MailService();
  mail.setClient(client);
  // On the client, so the batch requests made with it wait no longer either.
  mail.setTimeout(10_000);

  async function send(message: EmailMessage): Promise<void> {
    try {
      await mail.send(message);
    } catch (error) {
      throw providerError(error);
    }
  }

  /** One request of `batch` (one sender): each message a personalization with its own subject and parts. */
  async function request(batch: readonly EmailMessage[]): Promise<void> {
    await client.request({
      method: 'POST',
      url: '/v3/mail/send',
      body: {
        personalizations: batch.map((m) => ({
          to: [{ email: m.to }],
          subject: m.subject,
          substitutions: { [TEXT]: m.text, [HTML]: m.html },
        })),
        from: sender(batch[0]?.from ?? ''),
        content: [
          { type: 'text/plain', value: TEXT },
          { type: 'text/html', value: HTML },
        ],
      },
    });
  }

  /** Each message in a request of its own, a few at a time. */
  const alone = (batch: readonly EmailMessage[]) =>
    mapLimit(batch, 8, (m) =>
      send(m).then(
        (): EmailOutcome => ({ ok: true }),
        (error: ProviderError): EmailOutcome => ({ ok: false, error }),
      ),
    );

  /** Sends `batch`; a 400 naming some personalizations fails those alone and sends the rest once more. */
  async function sendBatch(batch: readonly EmailMessage[]): Promise<EmailOutcome[]> {
    try {
      await request(batch);
      return batch.map(() => ({ ok: true }));
    } catch (error) {
      const refused = new Set(refusedIndexes(error, batch.length));
      const failed: EmailOutcome = { ok: false, error: providerError(error) };
      // A refusal that names no message (a 400 or 413 about the request) says nothing of each: each goes alone.
      if (refused.size === 0 && !failed.error.retryable && batch.length > 1) return alone(batch);
      if (refused.size === 0) return batch.map(() => failed);
      // Those it names are tried once alone (a refusal may hold only in a batch, as of substitutions),
      // and the rest once more together, a smaller batch each time.
      const named = batch.filter((_, i) => refused.has(i));
      const rest = batch.filter((_, i) => !refused.has(i));
      const [lone, again] = await Promise.all([alone(named), rest.length ? sendBatch(rest) : []]);
      const [fromLone, fromAgain] = [lone.values(), again.values()];
      return batch.map((_, i) => (refused.has(i) ? fromLone.next().value : fromAgain.next().value) ?? failed);
    }
  }

  return {
    send,
    async sendMany(messages) {
      const outcomes = new Map<EmailMessage, EmailOutcome>();
      const from = messages[0]?.from;
      const fits = (m: EmailMessage) => substitutionBytes(m) <= SUBSTITUTIONS_LIMIT && m.from === from;
      const batched = messages.filter(fits);
      for (let i = 0; i < batched.length; i += MAIL_BATCH) {
        const batch = batched.slice(i, i + MAIL_BATCH);
        const results = await sendBatch(batch);
        batch.forEach((m, k) =>
          outcomes.set(m, results[k] ?? { ok: false, error: new ProviderError('No answer', true) }),
        );
      }
      const large = messages.filter((m) => !fits(m));
      (await alone(large)).forEach((outcome, i) => outcomes.set(large[i] as EmailMessage, outcome));
      return messages.map((m) => outcomes.get(m) ?? { ok: false, error: new ProviderError('No answer', true) });
    },
  };
}
