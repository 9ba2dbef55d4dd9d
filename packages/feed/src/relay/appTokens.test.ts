// The per-user revocation cache, against a typed fake of the Admin SDK's two Auth calls: the Auth
// emulator's SDK checks revocation on every verify, so only a fake shows what production does.
// (ingest.emulator.test.ts covers refusals end to end on the emulator.)
import { describe, expect, it } from 'vitest';
import { cachedTokenVerifier } from './appTokens.ts';
import { TokenCheckUnavailable } from './relayOptions.ts';
import { fakeAuth } from '../testing/fakeAuth.ts';

const MINUTES_5 = 5 * 60_000;

describe('cachedTokenVerifier', () => {
  it('asks Auth once per user per 5 minutes, however many sockets it has', async () => {
    const { auth, users, calls } = fakeAuth();
    let clock = 0;
    const verifier = cachedTokenVerifier(auth, { now: () => clock });
    users.set('ada', { disabled: false }).set('bob', { disabled: false });
    for (let i = 0; i < 100; i++) {
      await verifier.verifyToken('ada.100');
      await verifier.verifyToken('bob.100');
    }
    expect([calls.getUser, verifier.lookups]).toEqual([2, 2]);
    clock += MINUTES_5;
    await verifier.verifyToken('ada.100');
    expect(calls.getUser).toBe(3);
  });

  it.each([
    ['disabled', { disabled: true }, 'auth/user-disabled'],
    ['deleted', undefined, 'auth/user-not-found'],
    [
      'signed out everywhere after the token',
      { disabled: false, tokensValidAfterTime: new Date(200_000).toUTCString() },
      'auth/id-token-revoked',
    ],
  ] as const)('refuses an account %s once the last lookup is 5 minutes old', async (_label, after, error) => {
    const { auth, users } = fakeAuth();
    let clock = 0;
    const verifier = cachedTokenVerifier(auth, { now: () => clock });
    users.set('cy', { disabled: false });
    await verifier.verifyToken('cy.100');
    if (after) users.set('cy', after);
    else users.delete('cy');
    await expect(verifier.verifyToken('cy.100')).resolves.toMatchObject({ uid: 'cy' });
    clock += MINUTES_5;
    await expect(verifier.verifyToken('cy.100')).rejects.toThrow(error);
    // A token issued after the sign-out everywhere passes.
    if (after && 'tokensValidAfterTime' in after)
      await expect(verifier.verifyToken('cy.300')).resolves.toMatchObject({ uid: 'cy' });
  });

  it('keeps no failed lookup: the next check asks again', async () => {
    const { auth, users, calls } = fakeAuth();
    const verifier = cachedTokenVerifier(auth, { now: () => 0 });
    users.set('flaky', { disabled: false });
    // No verdict on the account: marked so, for an open socket's recheck to keep it (relay.ts).
    await expect(verifier.verifyToken('flaky.1')).rejects.toBeInstanceOf(TokenCheckUnavailable);
    await expect(verifier.verifyToken('flaky.1')).rejects.toThrow('unavailable');
    expect(calls.getUser).toBe(2);
  });

  it('refuses no token and a malformed one without asking Auth', async () => {
    const { auth, calls } = fakeAuth();
    const verifier = cachedTokenVerifier(auth);
    await expect(verifier.verifyToken('')).rejects.toThrow('No token');
    await expect(verifier.verifyToken('malformed')).rejects.toThrow('Decoding');
    expect(calls.getUser).toBe(0);
  });

  it('asks afresh once per sweep when told the sweep began, and shares that answer within the sweep', async () => {
    const { auth, users, calls } = fakeAuth();
    let clock = 0;
    const verifier = cachedTokenVerifier(auth, { now: () => clock });
    users.set('ada', { disabled: false });
    await verifier.verifyToken('ada.100');
    clock += 60_000;
    // A lookup a minute old is fine for a new socket, not for a sweep that began after it.
    await verifier.verifyToken('ada.100');
    expect(calls.getUser).toBe(1);
    const sweep = clock;
    for (let i = 0; i < 3; i++) await verifier.verifyToken('ada.100', sweep);
    expect(calls.getUser).toBe(2);
    users.set('ada', { disabled: true });
    clock += 1_000;
    await expect(verifier.verifyToken('ada.100', clock)).rejects.toThrow('auth/user-disabled');
  });

  it('takes a recheck that the SDK cannot make (public keys not loaded) as no verdict; a new socket is refused', async () => {
    const { auth, users } = fakeAuth();
    users.set('ada', { disabled: false });
    const verifier = cachedTokenVerifier(auth, { now: () => 0 });
    auth.verifyIdToken = async () => {
      throw Object.assign(new Error('Error fetching public keys for Google certs'), { code: 'auth/argument-error' });
    };
    await expect(verifier.verifyToken('ada.100', 0)).rejects.toBeInstanceOf(TokenCheckUnavailable);
    const fresh = verifier.verifyToken('ada.100');
    await expect(fresh).rejects.toThrow('public keys');
    await expect(fresh).rejects.not.toBeInstanceOf(TokenCheckUnavailable);
    // An expired token is a verdict even on a recheck.
    auth.verifyIdToken = async () => {
      throw Object.assign(new Error('Firebase ID token has expired'), { code: 'auth/id-token-expired' });
    };
    await expect(verifier.verifyToken('ada.100', 0)).rejects.not.toBeInstanceOf(TokenCheckUnavailable);
  });

  // The Auth emulator's SDK throws these from verifyIdToken itself, as it checks the account on every verify.
  it.each([
    ['auth/id-token-revoked', 'Firebase ID token has been revoked'],
    ['auth/user-disabled', 'The user record is disabled'],
    ['auth/user-not-found', 'There is no user record'],
  ])('takes %s from the token check on a recheck as the verdict it is', async (code, message) => {
    const { auth, users } = fakeAuth();
    users.set('ada', { disabled: false });
    const verifier = cachedTokenVerifier(auth, { now: () => 0 });
    auth.verifyIdToken = async () => {
      throw Object.assign(new Error(message), { code });
    };
    const recheck = verifier.verifyToken('ada.100', 0);
    await expect(recheck).rejects.toThrow(message);
    await expect(recheck).rejects.not.toBeInstanceOf(TokenCheckUnavailable);
  });
});
