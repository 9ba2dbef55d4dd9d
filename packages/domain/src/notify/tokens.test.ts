import { describe, expect, it } from 'vitest';
import { pushTokenId, registerTokenRequestSchema } from './tokens.ts';

describe('pushTokenId', () => {
  it('is the hex SHA-256 of the token, stable across calls', async () => {
    expect(await pushTokenId('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await pushTokenId('token-1')).toBe(await pushTokenId('token-1'));
    expect(await pushTokenId('token-1')).not.toBe(await pushTokenId('token-2'));
  });
});

describe('registerTokenRequestSchema', () => {
  it.each([
    [{ token: 'short' }, false],
    [{ token: 'x'.repeat(4097) }, false],
    [{ token: 'fcm-token-0123456789' }, true],
    [{ token: 'fcm-token-0123456789', userAgent: 'Mobile Safari' }, true],
    [{ token: 'fcm-token-0123456789', userId: 'someone-else' }, false],
    [{}, false],
    [null, false],
  ])('%o is valid: %s', (input, valid) => {
    expect(registerTokenRequestSchema.safeParse(input).success).toBe(valid);
  });
});
