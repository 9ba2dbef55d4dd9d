// A webhook try's failure as 'Send a test' and the history say it: words for the socket's codes.
import { describe, expect, it } from 'vitest';
import { ForbiddenAddress } from '../webhooks/addresses';
import { WebhookTimeout } from '../webhooks/post';
import { networkWords } from './webhookChannel';

const failure = (code: string) => Object.assign(new Error(`connect ${code} 2606:4700::1:443`), { code });

describe('networkWords', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'connection reset'],
    ['ENETUNREACH', 'network unreachable'],
    ['EHOSTUNREACH', 'host unreachable'],
    ['ENOTFOUND', 'address not found'],
    ['CERT_HAS_EXPIRED', 'certificate expired'],
  ])('says %s as "%s"', (code, words) => {
    expect(networkWords(failure(code))).toBe(words);
  });

  it('says a timeout and a forbidden address in their own words, and anything else as its message', () => {
    expect(networkWords(new WebhookTimeout(5_000))).toBe('no answer within 5 s');
    expect(networkWords(new ForbiddenAddress('10.0.0.7', 'private'))).toBe('10.0.0.7 is a private address');
    expect(networkWords(failure('EPROTO'))).toBe('connect EPROTO 2606:4700::1:443');
  });
});
