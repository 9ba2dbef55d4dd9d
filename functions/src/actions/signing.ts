/**
 * Makes and checks the action tokens of pushes and emails (domain actions/actionToken.ts): an
 * HMAC-SHA256 of the payload text under ACTION_SIGNING_KEY, compared in constant time. A token that
 * is malformed, forged or altered is 'invalid'; one past its expiry 'expired'.
 */
import {
  ACTION_TOKEN_TTL_MS,
  base64Url,
  encodeActionPayload,
  readActionPayload,
  splitActionToken,
  type ActionPayload,
} from '@price-alerts/domain/actions';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Shorter keys are refused: a guessable key would let anyone act on anyone's alerts. */
export const MIN_ACTION_KEY_LENGTH = 16;

const mac = (text: string, key: string) => base64Url(new Uint8Array(createHmac('sha256', key).update(text).digest()));

export function signActionToken(payload: Omit<ActionPayload, 'v' | 'exp'>, key: string, now: number): string {
  if (key.length < MIN_ACTION_KEY_LENGTH)
    throw new Error('ACTION_SIGNING_KEY is missing or shorter than 16 characters');
  const text = encodeActionPayload({ v: 1, ...payload, exp: now + ACTION_TOKEN_TTL_MS });
  return `${text}.${mac(text, key)}`;
}

export type TokenCheck = { ok: true; payload: ActionPayload } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyActionToken(token: unknown, key: string, now: number): TokenCheck {
  const parts = splitActionToken(token);
  if (!parts || key.length < MIN_ACTION_KEY_LENGTH) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(parts.payload, key));
  const given = Buffer.from(parts.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const payload = readActionPayload(token);
  if (!payload) return { ok: false, reason: 'invalid' };
  return payload.exp > now ? { ok: true, payload } : { ok: false, reason: 'expired' };
}
