import { describe, expect, it } from 'vitest';
import { callerAddress } from './callerAddress';

describe('callerAddress: the key a limit counts a call under', () => {
  it.each<[string, string | string[] | undefined, string | undefined, string]>([
    ['the front end’s entry', '203.0.113.9', '10.0.0.1', '203.0.113.9'],
    ['the last entry, not what the caller wrote before it', '1.1.1.1, 8.8.8.8, 203.0.113.9', undefined, '203.0.113.9'],
    ['an IPv6 caller: its /64', '2001:db8:0:12::7', undefined, '2001:db8:0:12::/64'],
    ['another address of that /64: the same key', '2001:0db8::12:ffff:1:2:3', undefined, '2001:db8:0:12::/64'],
    ['a short IPv6 form', '2001:db8::1', undefined, '2001:db8:0:0::/64'],
    ['an IPv4 address written as IPv6: as it is', '::ffff:203.0.113.9', undefined, '::ffff:203.0.113.9'],
    ['the last of repeated headers', ['1.1.1.1', '9.9.9.9, 203.0.113.9'], undefined, '203.0.113.9'],
    ['no header: the socket’s peer', undefined, '127.0.0.1', '127.0.0.1'],
    ['an empty header: the socket’s peer', ' ', '127.0.0.1', '127.0.0.1'],
    ['neither', undefined, undefined, 'unknown'],
  ])('%s', (_name, forwarded, peer, expected) => {
    const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
    expect(callerAddress({ headers, socket: { remoteAddress: peer } })).toBe(expected);
  });
});
