/**
 * Checks the Firebase ID tokens apps offer the price relays (relay.ts), with the Firebase Admin SDK,
 * for the ingest service and each relay service alike. A token's signature, audience and expiry are
 * checked locally (the SDK caches Google's public keys); whether its account is disabled, deleted or
 * signed out everywhere since the token was issued needs an Auth lookup, made once per user per
 * `revocationCacheMs` (5 minutes, as often as an open socket is checked again) and shared by every
 * socket of that user: a thousand phones reconnecting cost a lookup per person, not per socket.
 * The relay's sweep of its open sockets (relay.ts) passes `freshSince`, the sweep's start: the first
 * socket of each user looks the user up again and the rest share that answer, so a disabled account
 * is cut off within one sweep, not one sweep plus the cache's age.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { TokenCheckUnavailable, type VerifiedToken } from './relayOptions.ts';

export interface AppTokenVerifier {
  /** `freshSince`: trust the user's state only if it was looked up at or after this (ms since the epoch). */
  verifyToken(token: string, freshSince?: number): Promise<VerifiedToken>;
  /** Auth lookups made (for tests and /health). */
  readonly lookups: number;
  close(): Promise<void>;
}

export interface AppTokenOptions {
  /** The Firebase app's name (several verifiers may share a process). */
  name?: string;
  revocationCacheMs?: number;
  now?: () => number;
}

/**
 * The SDK's errors that are a verdict on the token or its account. The Auth emulator's SDK checks the
 * account on every verify and throws these from verifyIdToken itself; in production they come from
 * the lookup below. Any other error means the check could not be made.
 */
const VERDICTS = new Set([
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

/** Users kept at most; the oldest entry goes first (a map keeps insertion order). */
const MAX_CACHED_USERS = 200_000;

interface UserState {
  disabled: boolean;
  /** Tokens issued (auth_time) before this, ms since the epoch, are revoked. */
  validSince: number;
}

/** `projectId`: the project users sign in to. */
export function firebaseTokenVerifier(projectId: string, options: AppTokenOptions = {}): AppTokenVerifier {
  const app = initializeApp({ projectId }, options.name ?? `app-tokens-${projectId}`);
  const cached = cachedTokenVerifier(getAuth(app), options);
  return {
    verifyToken: (token, freshSince) => cached.verifyToken(token, freshSince),
    get lookups() {
      return cached.lookups;
    },
    close: () => deleteApp(app),
  };
}

/** The Auth calls the check makes (a typed fake in tests: the emulator's SDK checks revocation on every verify). */
export type TokenAuth = Pick<Auth, 'verifyIdToken' | 'getUser'>;

export function cachedTokenVerifier(
  auth: TokenAuth,
  { revocationCacheMs = 5 * 60_000, now = Date.now }: AppTokenOptions = {},
): Omit<AppTokenVerifier, 'close'> {
  const users = new Map<string, { at: number; state: Promise<UserState | undefined> }>();
  let lookups = 0;

  function userState(uid: string, freshSince: number | undefined): Promise<UserState | undefined> {
    const cached = users.get(uid);
    if (cached && now() - cached.at < revocationCacheMs && cached.at >= (freshSince ?? -Infinity)) return cached.state;
    lookups += 1;
    const state = auth.getUser(uid).then(
      (user) => ({
        disabled: user.disabled,
        validSince: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0,
      }),
      (error: { code?: string }) => {
        if (error.code === 'auth/user-not-found') return undefined;
        // Not kept (unless a newer lookup replaced it already): the next check asks again rather than
        // trust a failure for minutes. Marked, so an open socket's recheck keeps it rather than cut it off.
        if (users.get(uid)?.state === state) users.delete(uid);
        throw new TokenCheckUnavailable(
          `Auth lookup failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
    users.delete(uid);
    users.set(uid, { at: now(), state });
    if (users.size > MAX_CACHED_USERS) users.delete(users.keys().next().value as string);
    return state;
  }

  return {
    async verifyToken(token, freshSince) {
      if (!token) throw new Error('No token');
      const decoded = await auth.verifyIdToken(token).catch((error: { code?: string; message?: string }) => {
        // A recheck (freshSince) is of a token that verified before: if it fails now for any reason but
        // a verdict, the SDK could not check it (Google's public keys did not load), which is no verdict.
        if (freshSince === undefined || VERDICTS.has(error.code ?? '')) throw error;
        throw new TokenCheckUnavailable(`Token check failed: ${error.message ?? String(error)}`);
      });
      const user = await userState(decoded.uid, freshSince);
      if (!user) throw new Error('auth/user-not-found');
      if (user.disabled) throw new Error('auth/user-disabled');
      if (decoded.auth_time * 1000 < user.validSince) throw new Error('auth/id-token-revoked');
      return { uid: decoded.uid, exp: decoded.exp };
    },
    get lookups() {
      return lookups;
    },
  };
}
