// Only the ingest service can make an alert fire: the evaluator accepts an interval message only
// with a signature made by the ingest service's key, recent, over exactly these bytes.
import { INTERVAL_SIGNATURE, INTERVAL_SIGNATURE_MAX_AGE_MS } from '@price-alerts/domain/prices';
import { describe, expect, it } from 'vitest';
import { verifyIntervals } from '../../functions/src/evaluation/signature';
import { signIntervals } from '../../packages/feed/src/shared/signing';

const KEY = 'a-key-of-sixteen-or-more';
const NOW = 1_800_000_000_000;
const data = Buffer.from(JSON.stringify({ intervals: [{ pair: 'EUR/USD' }] }));
const signed = (at = NOW, key = KEY, body: Uint8Array = data) => ({
  [INTERVAL_SIGNATURE.signature]: signIntervals(key, body, at),
  [INTERVAL_SIGNATURE.signedAt]: String(at),
});

describe('interval message signatures', () => {
  it.each<[string, Record<string, string> | undefined, Uint8Array, string]>([
    ['signed by the ingest service just now', signed(), data, 'ok'],
    ['signed ten minutes ago (a message still being retried)', signed(NOW - 10 * 60_000), data, 'ok'],
    ['no attributes at all', undefined, data, 'unsigned'],
    [
      'a signature without its time',
      { [INTERVAL_SIGNATURE.signature]: signed()[INTERVAL_SIGNATURE.signature] as string },
      data,
      'unsigned',
    ],
    ['signed with another key', signed(NOW, 'another-key-of-16-chars'), data, 'forged'],
    ['an altered body', signed(), Buffer.from(JSON.stringify({ intervals: [{ pair: 'GBP/USD' }] })), 'forged'],
    ['the time changed after signing', { ...signed(), [INTERVAL_SIGNATURE.signedAt]: String(NOW + 1) }, data, 'forged'],
    ['a time that is not a number', { ...signed(), [INTERVAL_SIGNATURE.signedAt]: '1e12' }, data, 'forged'],
    ['a replay of an old message', signed(NOW - INTERVAL_SIGNATURE_MAX_AGE_MS - 1), data, 'expired'],
    ['signed in the future', signed(NOW + 5 * 60_000), data, 'expired'],
  ])('%s: %s', (_name, attributes, body, verdict) => {
    expect(verifyIntervals(KEY, body, attributes, NOW)).toBe(verdict);
  });

  it('refuses everything when the evaluator has no real key (an empty secret would let anyone sign)', () => {
    expect(verifyIntervals('', data, signed(NOW, ''), NOW)).toBe('no key');
  });
});
