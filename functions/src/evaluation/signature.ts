/** Checks an interval message's signature (INTERVAL_SIGNATURE in the domain's intervals.ts). */
import {
  INTERVAL_SIGNATURE,
  INTERVAL_SIGNATURE_MAX_AGE_MS,
  INTERVAL_SIGNATURE_MAX_SKEW_MS,
} from '@price-alerts/domain/prices';
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureVerdict = 'ok' | 'unsigned' | 'forged' | 'expired' | 'no key';

/** A key shorter than this is a misconfiguration (an empty secret would let anyone sign). */
export const MIN_KEY_LENGTH = 16;

export function signIntervals(key: string, data: Uint8Array, signedAt: number): string {
  return INTERVAL_SIGNATURE.scheme + createHmac('sha256', key).update(`${signedAt}.`).update(data).digest('hex');
}

/** Whether `data` with these attributes was signed with `key` within the allowed time of `now`. */
export function verifyIntervals(
  key: string,
  data: Uint8Array,
  attributes: Record<string, string> | undefined,
  now: number,
): SignatureVerdict {
  if (key.length < MIN_KEY_LENGTH) return 'no key';
  const signature = attributes?.[INTERVAL_SIGNATURE.signature];
  const signedAtText = attributes?.[INTERVAL_SIGNATURE.signedAt];
  if (!signature || !signedAtText) return 'unsigned';
  const signedAt = Number(signedAtText);
  if (!/^\d{1,16}$/.test(signedAtText) || !Number.isSafeInteger(signedAt)) return 'forged';
  const expected = Buffer.from(signIntervals(key, data, signedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  if (now - signedAt > INTERVAL_SIGNATURE_MAX_AGE_MS || signedAt - now > INTERVAL_SIGNATURE_MAX_SKEW_MS)
    return 'expired';
  return 'ok';
}
