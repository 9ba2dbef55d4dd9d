/**
 * Authentication gateway: the rest of the app talks to these functions, never to firebase/auth.
 * The Auth SDK is not part of any route's first download: useAuthListener's watchAuth loads it
 * (authSdk.ts) right after the first render, and a call made before it has arrived (a form
 * submitted at once) waits for it.
 */
import type * as AuthSdk from './authSdk';
import type { SessionUser } from './authSdk';
import { loadAgainOnce } from './loadAgain';

export type { SessionUser } from './authSdk';

// Resolves once Auth has read the persisted session: the SDK's currentUser is null until then, and
// a call that reads it at once (a verification link opened on a cold load) would take a signed-in
// user for a signed-out one.
let loaded: Promise<typeof AuthSdk> | undefined;
const sdk = () =>
  (loaded ??= import('./authSdk')
    .then(async (module) => {
      await module.authStateReady();
      return module;
    })
    .catch((error: unknown) => {
      // A chunk that failed to load (no network) is tried again on the next call.
      loaded = undefined;
      throw error;
    }));

/** Tells `onChange` of every sign-in and sign-out, starting with who is signed in (once Auth has loaded). */
export function watchAuth(onChange: (user: SessionUser | null) => void): () => void {
  let stop: (() => void) | undefined;
  let live = true;
  // Tried again once: a load cut by leaving the page is no error, and a session left unknown would
  // keep the app at 'Checking your session'.
  loadAgainOnce(sdk).then(
    (auth) => {
      if (live) stop = auth.watchAuth(onChange);
    },
    (error: unknown) => console.error('Firebase Auth did not load', error),
  );
  return () => {
    live = false;
    stop?.();
  };
}

export const signInWithEmail = (email: string, password: string) =>
  sdk().then((auth) => auth.signInWithEmail(email, password));

/** The popup's resolver loads with it, when the button is tapped (googleSignIn.ts). */
export const signInWithGoogle = () => import('./googleSignIn').then((google) => google.signInWithGoogle());

/**
 * Starts loading Google sign-in as a finger or the focus reaches its button, so that little is left
 * to load between the tap and the popup: a popup opened long after its tap is blocked by browsers.
 */
export const prepareGoogleSignIn = (): void => {
  import('./googleSignIn').catch(() => undefined);
};

/** Creates the account, names it and sends the verification email. */
export const signUpWithEmail = (fullName: string, email: string, password: string) =>
  sdk().then((auth) => auth.signUpWithEmail(fullName, email, password));

export const resendVerification = () => sdk().then((auth) => auth.resendVerification());

/** Applies a verification code and refreshes the signed-in user, if any, so the app sees it. */
export const verifyEmail = (oobCode: string) => sdk().then((auth) => auth.verifyEmail(oobCode));

export const refreshUser = () => sdk().then((auth) => auth.refreshUser());

export const sendReset = (email: string) => sdk().then((auth) => auth.sendReset(email));

/** Returns the account's email, proving the code is still good before the user types a password. */
export const checkResetCode = (oobCode: string) => sdk().then((auth) => auth.checkResetCode(oobCode));

export const resetPassword = (oobCode: string, newPassword: string) =>
  sdk().then((auth) => auth.resetPassword(oobCode, newPassword));

/** Re-authenticates with the current password first, as Firebase requires for a recent login. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  sdk().then((auth) => auth.changePassword(currentPassword, newPassword));

/** A fresh ID token for the price relay; Firebase refreshes it when it is near expiry. */
export const idToken = () => sdk().then((auth) => auth.idToken());

/** Forgets this device's push token and cached documents, then signs out (authSdk.ts says how). */
export const signOut = () => sdk().then((auth) => auth.signOut());

/** Firebase errors carry a code such as 'auth/wrong-password'; anything else has none. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
