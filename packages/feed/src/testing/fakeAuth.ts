// A typed fake of the two Admin SDK Auth calls the token check makes (appTokens.ts): the Auth
// emulator's SDK checks revocation on every verify, so only a fake shows what production does.
import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import type { TokenAuth } from '../relay/appTokens.ts';

export function fakeAuth() {
  const users = new Map<string, { disabled: boolean; tokensValidAfterTime?: string }>();
  const calls = { getUser: 0 };
  /** While on, every lookup fails as Auth does when it does not answer. */
  const outage = { on: false };
  const auth: TokenAuth = {
    // A token here is `${uid}.${authTimeSeconds}`; anything else is refused as a real SDK would.
    verifyIdToken: async (token: string) => {
      const [uid, authTime] = token.split('.');
      if (!uid || !authTime)
        throw Object.assign(new Error('Decoding Firebase ID token failed'), { code: 'auth/argument-error' });
      return { uid, auth_time: Number(authTime), exp: 2_000_000_000 } as DecodedIdToken;
    },
    getUser: async (uid: string) => {
      calls.getUser += 1;
      const user = users.get(uid);
      if (!user) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
      if (uid === 'flaky' || outage.on) throw Object.assign(new Error('unavailable'), { code: 'auth/internal-error' });
      return { uid, ...user } as unknown as UserRecord;
    },
  };
  return { auth, users, calls, outage };
}
