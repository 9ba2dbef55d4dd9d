import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@price-alerts/domain/account';
import { GENERIC_AUTH_MESSAGE, authMessage, logInMessage } from './authMessages';

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

describe('logInMessage', () => {
  // Log in tells no one whether an address has an account.
  it.each(['auth/user-not-found', 'auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'])(
    '%s is the one neutral sentence',
    (code) => {
      expect(logInMessage(code)).toBe(ACCOUNT_MESSAGES.loginIncorrect);
    },
  );

  it.each(['auth/too-many-requests', 'auth/network-request-failed', 'auth/user-disabled'])(
    '%s keeps its own',
    (code) => {
      expect(logInMessage(code)).toBe(authMessage(code));
    },
  );

  it('no message names an unknown address', () => {
    expect(authMessage('auth/user-not-found')).toBe(ACCOUNT_MESSAGES.loginIncorrect);
  });
});
