/**
 * The webhook channel: a user's one URL that every firing and expiry notice is POSTed to as JSON
 * (docs/webhooks.md). The body follows `webhookPayloadSchema` (version 1); the
 * `price-alerts-signature` header signs the time and the body with the user's secret (HMAC-SHA256),
 * so a receiver can check where it came from and refuse a replay.
 */
import { z } from '../common/zod.ts';
import { PRICE_SIDES } from '../common/constants.ts';
import { isQuiet, quietEnd, type QuietHours } from './quietHours.ts';

export const WEBHOOK_VERSION = 1;
export const WEBHOOK_EVENTS = ['alert.fired', 'alert.expired', 'webhook.test'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Tries before a webhook delivery is given up: network errors, timeouts and 5xx are tried again. */
export const MAX_WEBHOOK_ATTEMPTS = 5;
/** From the name's lookup to the response's status line; longer counts as a failed try. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
export const MAX_WEBHOOK_URL_LENGTH = 2_000;
export const SIGNATURE_HEADER = 'price-alerts-signature';
/** How old a signed time a receiver should still accept (the docs' verify snippet uses it). */
export const SIGNATURE_TOLERANCE_S = 300;

const actionLinkSchema = z.object({ action: z.string(), label: z.string(), url: z.string() });

/** Version 1 of what a webhook receives; fields that do not apply are null, never absent. */
export const webhookPayloadSchema = z.object({
  version: z.literal(WEBHOOK_VERSION),
  event: z.enum(WEBHOOK_EVENTS),
  /** The same on every try of one notice: a receiver that saw it already can ignore it. */
  deliveryId: z.string(),
  alertId: z.nullable(z.string()),
  pair: z.nullable(z.string()),
  /** 'Price rising above', 'Moving up %'... as the app names the types. */
  type: z.nullable(z.string()),
  side: z.nullable(z.enum(PRICE_SIDES)),
  /** A level alert's price; null for a move. */
  level: z.nullable(z.number()),
  /** A move alert's threshold (per cent) and, when it fired, the move and the price it ran from. */
  move: z.nullable(
    z.object({
      percent: z.number(),
      lookbackMinutes: z.nullable(z.number()),
      moved: z.nullable(z.number()),
      from: z.nullable(z.number()),
    }),
  ),
  /** The price that fired it; null for an expiry or a test. */
  price: z.nullable(z.number()),
  /** When it fired (the time of that price) or expired, ISO 8601 in UTC. */
  time: z.string(),
  note: z.nullable(z.string()),
  /** What the push says, ready for a chat message. */
  title: z.string(),
  body: z.string(),
  /** Opens the alert in the app. */
  url: z.nullable(z.string()),
  /** Signed links to act on the firing (snooze, pause, set again); each asks for a tap before it acts. */
  actions: z.array(actionLinkSchema),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/**
 * What a receiver gets as its webhook is saved (and each time the URL changes), before any notice:
 * it confirms it wants them by answering 2xx with the challenge in its body, as Slack's and other event
 * APIs ask. A server that never asked for these requests does not echo a random challenge, so nobody
 * can aim an account's notices at a third party.
 */
export const WEBHOOK_VERIFY_EVENT = 'webhook.verify';
export const webhookVerifySchema = z.object({
  version: z.literal(WEBHOOK_VERSION),
  event: z.literal(WEBHOOK_VERIFY_EVENT),
  challenge: z.string(),
  time: z.string(),
});
export type WebhookVerify = z.infer<typeof webhookVerifySchema>;

/** Whether a receiver's answer to the verification request confirms it: 2xx, the challenge in its body. */
export const confirmsChallenge = (answer: { status: number; text: string }, challenge: string): boolean =>
  answer.status >= 200 && answer.status < 300 && challenge.length > 0 && answer.text.includes(challenge);

/** users/{uid}.webhook: written by the functions only; the secret itself is kept where no client reads. */
export const webhookSettingsSchema = z.object({
  url: z.string().check(z.maxLength(MAX_WEBHOOK_URL_LENGTH)),
  /** Off (the default): quiet hours hold pushes, never the webhook. */
  holdInQuietHours: z.boolean(),
  /** When it was set up (ms): notices of firings before it are not sent to it. */
  since: z.number(),
  /** The secret's last four characters, so the user can tell which one a receiver holds. */
  secretHint: z.string().check(z.maxLength(8)),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** webhookSecrets/{uid}: the signing secret, read by the functions only. */
export const webhookSecretSchema = z.object({ secret: z.string().check(z.minLength(32)), createdAt: z.number() });

/**
 * webhookTests/{uid}: when 'Send a test' last posted (ms, Firestore's clock), which spaces tests across
 * every instance of the function. Apart from the secret, so removing the webhook does not reset it.
 */
export const webhookTestSchema = z.object({ testedAt: z.number() });

export const MSG_WEBHOOK_URL = 'Enter the full address of your receiver, like https://example.com/hooks/alerts.';
export const MSG_WEBHOOK_HTTPS = 'The address must start with https://.';
export const MSG_WEBHOOK_CREDENTIALS =
  'Leave the user name and password out of the address; the signature proves it is us.';
export const MSG_WEBHOOK_TOO_LONG = `Keep the address under ${MAX_WEBHOOK_URL_LENGTH} characters.`;
export const MSG_WEBHOOK_PORT = 'Use the https port (443, or none in the address) or a port from 1024 up.';

/**
 * A URL a user typed, checked as far as text can tell: a full https address without credentials.
 * `localSink` is the local stack's webhook sink (an http origin such as http://127.0.0.1:8096), the
 * one http address allowed there; whether the host is a public address is for the sender to judge
 * when it resolves it, at each send.
 */
export function parseWebhookUrl(input: unknown, localSink?: string): { url: string } | { error: string } {
  if (typeof input !== 'string' || input.trim() === '') return { error: MSG_WEBHOOK_URL };
  const text = input.trim();
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return { error: MSG_WEBHOOK_TOO_LONG };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: MSG_WEBHOOK_URL };
  }
  const httpOk = localSink !== undefined && url.protocol === 'http:' && url.origin === localSink;
  if (url.protocol !== 'https:' && !httpOk)
    return { error: /^[a-z]+:$/.test(url.protocol) ? MSG_WEBHOOK_HTTPS : MSG_WEBHOOK_URL };
  if (!url.hostname || !/[a-z0-9\]]$/i.test(url.hostname)) return { error: MSG_WEBHOOK_URL };
  if (url.username || url.password) return { error: MSG_WEBHOOK_CREDENTIALS };
  // Ports below 1024 other than https's are other services' (mail, SSH): a test must not knock on them.
  if (!httpOk && url.port !== '' && Number(url.port) < 1024) return { error: MSG_WEBHOOK_PORT };
  // DNS names end at 253 characters: a longer host could never be found.
  if (url.hostname.length > 253) return { error: MSG_WEBHOOK_URL };
  url.hash = '';
  // Measured as stored: 'é' in a path becomes six characters.
  const normal = url.toString();
  return normal.length > MAX_WEBHOOK_URL_LENGTH ? { error: MSG_WEBHOOK_TOO_LONG } : { url: normal };
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the header a receiver checks. */
export const signatureHeaderValue = (t: number, hex: string) => `t=${t},v1=${hex}`;
export const signedContent = (t: number, body: string) => `${t}.${body}`;

/** The header's parts, or undefined when it is not one of ours. */
export function parseSignatureHeader(value: unknown): { t: number; v1: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(value);
  return match ? { t: Number(match[1]), v1: match[2] as string } : undefined;
}

/** Whether the webhook waits for the end of quiet hours now, and until when. */
export function webhookHeldUntil(
  settings: Pick<WebhookSettings, 'holdInQuietHours'>,
  quiet: QuietHours | undefined,
  now: number,
): number | undefined {
  return settings.holdInQuietHours && isQuiet(quiet, now) ? quietEnd(quiet, now) : undefined;
}

/** What an answer means: delivered, worth another try, or refused for good. */
export function webhookVerdict(status: number): 'sent' | 'retry' | 'refused' {
  if (status >= 200 && status < 300) return 'sent';
  return status >= 500 ? 'retry' : 'refused';
}

/** The history's words after 'Webhook: ': '200', 'failed after 5 tries: 503', 'failed: 404'. */
export const webhookHistoryReason = {
  sent: (status: number) => String(status),
  exhausted: (tries: number, last: string) => `failed after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${last}`,
  refused: (why: string) => `failed: ${why}`,
};

/** What a non-2xx answer is called in the history and on the 'Send a test' line. */
export function statusWords(status: number): string {
  return status >= 300 && status < 400 ? `${status} (redirects are not followed)` : String(status);
}

/** The manageWebhook callable's requests: set up or change, new secret, remove, send a test. */
export const webhookRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('save'),
    url: z.string().check(z.maxLength(MAX_WEBHOOK_URL_LENGTH * 2)),
    holdInQuietHours: z.boolean(),
  }),
  z.strictObject({ op: z.literal('rotate') }),
  z.strictObject({ op: z.literal('remove') }),
  z.strictObject({ op: z.literal('test') }),
]);
export type WebhookRequest = z.infer<typeof webhookRequestSchema>;

/** What the callable answers: a secret only when one was made (shown once), a test's answer. */
export type WebhookResponse =
  | { op: 'save'; webhook: WebhookSettings; secret?: string }
  | { op: 'rotate'; webhook: WebhookSettings; secret: string }
  | { op: 'remove' }
  | { op: 'test'; status: number; text: string }
  | { op: 'test'; error: string };

export const MSG_WEBHOOK_NOT_PUBLIC = (why: string) => `Webhooks go to public internet addresses only, and ${why}.`;
export const MSG_WEBHOOK_NOT_FOUND = (host: string) => `No address was found for ${host}. Check the name.`;
export const MSG_WEBHOOK_NONE = 'Add a webhook first.';
export const MSG_WEBHOOK_NO_PROFILE = 'Open the app once to finish setting up your account, then add the webhook.';
export const MSG_WEBHOOK_TEST_SPACING = 'Wait a few seconds between tests.';
export const MSG_WEBHOOK_LOOKUP_FAILED = 'Could not look the address up just now. Try again in a moment.';
/** `what`: 'it answered 404', 'its answer had no challenge', 'no answer: connection refused'. */
export const MSG_WEBHOOK_NOT_CONFIRMED = (what: string) =>
  `Your receiver did not confirm the webhook (${what}). It must answer our verification request with 2xx and the request's challenge in its body.`;
export const MSG_WEBHOOK_VERIFY_SPACING = 'Too many webhook addresses tried at once. Wait a minute and try again.';

/** Control and direction characters: they would garble the 'Send a test' line, or turn it around. */
// eslint-disable-next-line no-control-regex -- these are the characters to remove
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** The 'Send a test' line: 'Your receiver answered 200: ok', 'No answer: connection refused'. */
export function testAnswerText(answer: { status: number; text: string } | { error: string }): string {
  if ('error' in answer) return `No answer: ${answer.error}`;
  const text = answer.text.replace(UNSHOWN, ' ').trim().replace(/\s+/g, ' ');
  return `Your receiver answered ${statusWords(answer.status)}${text ? `: ${text}` : ''}`;
}
