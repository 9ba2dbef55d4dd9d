import { describe, expect, it } from 'vitest';
import { callerAddress } from './callerAddress';

describe('callerAddress: the key a limit counts a call under', () => {
  it.each<[string, string | string[] | undefined, string | undefined, string]>([
    ['the front end’s entry', '203.0.113.9', '10.0.0.1', '203.0.113.9'],
    ['the last entry, not what the caller wrote before it', '1.1.1.1, 8.8.8.8, 203.0.113.9', undefined, '203.0.113.9'],
    ['an IPv6 caller', '2001:db8::7', undefined, '2001:db8::7'],
    ['the last of repeated headers', ['1.1.1.1', '9.9.9.9, 203.0.113.9'], undefined, '203.0.113.9'],
    ['no header: the socket’s peer', undefined, '127.0.0.1', '127.0.0.1'],
    ['an empty header: the socket’s peer', ' ', '127.0.0.1', '127.0.0.1'],
    ['neither', undefined, undefined, 'unknown'],
  ])('%s', (_name, forwarded, peer, expected) => {
    const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
    expect(callerAddress({ headers, socket: { remoteAddress: peer } })).toBe(expected);
  });
});
