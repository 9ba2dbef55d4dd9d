import { describe, expect, it } from 'vitest';
import { GENERIC_AUTH_MESSAGE, authMessage, passwordProblem } from './authMessages';

describe('authMessage', () => {
  it.each([
    'auth/popup-blocked',
    'auth/popup-closed-by-user',
    'auth/cancelled-popup-request',
    'auth/unauthorized-domain',
    'auth/network-request-failed',
    'auth/web-storage-unsupported',
    'auth/wrong-password',
    'auth/user-not-found',
    'auth/weak-password',
    'auth/email-already-in-use',
    'auth/too-many-requests',
  ])('has its own message for %s', (code) => {
    expect(authMessage(code)).not.toBe(GENERIC_AUTH_MESSAGE);
  });

  it('gives each popup code a different message', () => {
    const popup = ['blocked', 'closed-by-user', 'cancelled-popup-request'].map((c) =>
      authMessage(c.startsWith('cancelled') ? `auth/${c}` : `auth/popup-${c}`),
    );
    expect(new Set(popup).size).toBe(3);
  });

  it.each([undefined, 'auth/something-new', 'storage/unknown'])('falls back for %o', (code) => {
    expect(authMessage(code)).toBe(GENERIC_AUTH_MESSAGE);
  });
});

describe('passwordProblem', () => {
  it.each([
    ['short', 'short', 'Choose a password of at least 8 characters.'],
    ['long-enough-1', 'long-enough-2', 'The two passwords do not match.'],
    ['long-enough-1', 'long-enough-1', null],
  ])('%s / %s', (password, confirm, expected) => {
    expect(passwordProblem(password, confirm)).toBe(expected);
  });
});
