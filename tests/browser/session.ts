// Signing in without the login form: the Auth emulator's REST API signs the user in, and the session
// is put where the app keeps it (Auth's localStorage persistence) before the app's first script runs.
// The app then starts signed in, checking the session with the emulator as it would any kept one.
// Only the tests of signing in itself go through the form.
import type { Page } from 'playwright-core';

const API_KEY = 'demo-api-key';
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
/** The app's own marker that no session is left to move from IndexedDB (web/src/lib/firebaseApp.ts). */
const MOVED_KEY = 'price-alerts:session-in-local-storage';

interface SignedIn {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

export async function signInByRest(email: string, password: string): Promise<SignedIn> {
  const res = await fetch(
    `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`Auth emulator sign-in of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as SignedIn;
}

/**
 * Signs `email` in on `page`'s browser context and opens `path` (the dashboard by default), signed in.
 * The session is written once, before the next page's scripts: a later sign-out stays signed out.
 */
export async function signInWithSession(
  page: Page,
  webUrl: string,
  email: string,
  password: string,
  path = '/dashboard',
) {
  const signed = await signInByRest(email, password);
  const now = Date.now();
  const user = {
    uid: signed.localId,
    email: signed.email,
    emailVerified: true,
    isAnonymous: false,
    providerData: [
      {
        providerId: 'password',
        uid: signed.email,
        displayName: null,
        email: signed.email,
        phoneNumber: null,
        photoURL: null,
      },
    ],
    stsTokenManager: {
      refreshToken: signed.refreshToken,
      accessToken: signed.idToken,
      expirationTime: now + Number(signed.expiresIn) * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: API_KEY,
    appName: '[DEFAULT]',
  };
  await page.addInitScript(
    ({ key, value, moved, written }) => {
      try {
        if (sessionStorage.getItem(written)) return;
        sessionStorage.setItem(written, '1');
        localStorage.setItem(key, value);
        localStorage.setItem(moved, '1');
      } catch {
        // A document with no storage of its own (about:blank): the app's first page gets it.
      }
    },
    {
      key: `firebase:authUser:${API_KEY}:[DEFAULT]`,
      value: JSON.stringify(user),
      moved: MOVED_KEY,
      // Its own mark: a tab that signs out and in again as someone else gets the new session.
      written: `test-session-${Math.random().toString(36).slice(2)}`,
    },
  );
  await page.goto(`${webUrl}${path}`);
}
