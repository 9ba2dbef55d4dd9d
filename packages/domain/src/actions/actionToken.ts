/**
 * The proof an action carries, so it works from a push or an email on a device where nobody is
 * signed in: `<payload>.<signature>`, the payload base64url JSON naming the user, the alert, the
 * firing, the action, the channel and the expiry, and the signature an HMAC-SHA256 of the payload
 * text under the functions' ACTION_SIGNING_KEY (functions/src/actions/signing.ts). Only the
 * functions can make or check one; the app reads the payload to say what a tap will do, and the
 * function that applies it checks everything again. Each token works once (the function records it).
 */
import { z } from '../common/zod.ts';
import { ALERT_ACTIONS } from './actions.ts';

/** A token works for 7 days from the firing's notice. */
export const ACTION_TOKEN_TTL_MS = 7 * 86_400_000;
export const ACTION_CHANNELS = ['push', 'email', 'webhook', 'telegram'] as const;
export type ActionChannel = (typeof ACTION_CHANNELS)[number];

export const actionPayloadSchema = z.strictObject({
  v: z.literal(1),
  uid: z.string().check(z.minLength(1), z.maxLength(128)),
  alertId: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The firing the notice is about (ms): the alert's triggeredAt or lastFiredAt. */
  firedAt: z.number(),
  action: z.enum(ALERT_ACTIONS),
  via: z.enum(ACTION_CHANNELS),
  /** Expires at (ms). */
  exp: z.number(),
  /** The alert in words for the confirm page ('EUR/USD Price rising above 1.09500'). */
  what: z.string().check(z.maxLength(160)),
  /** The button's words ('Snooze 1 h', 'Set again -0.5%'), for the confirm page's. */
  label: z.string().check(z.maxLength(40)),
});
export type ActionPayload = z.infer<typeof actionPayloadSchema>;

/** What applyAlertAction takes: a token, and `preview: true` to only check it. Anything else is refused. */
export const actionRequestSchema = z.strictObject({
  token: z.string(),
  preview: z.optional(z.boolean()),
});

/** A token is at most this long: a longer one is refused unread. */
export const MAX_ACTION_TOKEN_LENGTH = 1024;

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The payload part of a token: what the signature covers. */
export const encodeActionPayload = (payload: ActionPayload): string =>
  toBase64Url(new TextEncoder().encode(JSON.stringify(payload)));

/** A token's two parts, or undefined when it is not shaped as one. */
export function splitActionToken(token: unknown): { payload: string; signature: string } | undefined {
  if (typeof token !== 'string' || token.length > MAX_ACTION_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return { payload: parts[0], signature: parts[1] };
}

/** The payload a token claims, unverified (the confirm page's words); undefined when it does not parse. */
export function readActionPayload(token: unknown): ActionPayload | undefined {
  const parts = splitActionToken(token);
  const bytes = parts && fromBase64Url(parts.payload);
  if (!bytes) return undefined;
  try {
    const parsed = actionPayloadSchema.safeParse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export { toBase64Url as base64Url };

/**
 * actionTokens/{sha256 of the token}: a token that did its action, kept until it would have expired
 * anyway (a TTL policy on `expireAt`), so a second tap, a retry or a tap on another device does
 * nothing and says what the first did. Server only.
 */
export const usedActionSchema = z.object({
  uid: z.string(),
  alertId: z.string(),
  action: z.enum(ALERT_ACTIONS),
  at: z.number(),
  until: z.optional(z.number()),
  newAlertId: z.optional(z.string()),
  expireAt: z.custom<unknown>((v) => v !== undefined),
});
export type UsedAction = z.infer<typeof usedActionSchema>;
