/**
 * The Firebase Auth side of auth.ts, which loads this module right after the app's first render
 * (and any of its functions awaits it). Only the Auth pieces the app uses are imported here; the
 * popup resolver for Google sign-in is googleSignIn.ts's.
 */
import {
  EmailAuthProvider,
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { clearLocalCache, getDb } from './firebase';
import { auth } from './firebaseApp';
import { beginSignOut, endSignOut } from './pushSession';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  /** True when the account signs in with a password; false for Google-only accounts, which have none to change. */
  hasPassword: boolean;
}

export function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    emailVerified: user.emailVerified,
    hasPassword: user.providerData.some((p) => p.providerId === 'password'),
  };
}

/** Resolves once the persisted session has been read (currentUser is null before). */
export const authStateReady = () => auth.authStateReady();

function requireUser(): User {
  if (!auth.currentUser) throw Object.assign(new Error('Not signed in'), { code: 'auth/no-current-user' });
  return auth.currentUser;
}

/** Every email action link lands on /email_verified, which forwards a reset to /reset_password. */
const actionSettings = () => ({ url: `${window.location.origin}/login` });

export function watchAuth(onChange: (user: SessionUser | null) => void): () => void {
  return onAuthStateChanged(auth, (user) => onChange(user ? toSessionUser(user) : null));
}

export async function signInWithEmail(email: string, password: string): Promise<SessionUser> {
  const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
  return toSessionUser(credential.user);
}

/** Creates the account, names it and sends the verification email. */
export async function signUpWithEmail(fullName: string, email: string, password: string): Promise<SessionUser> {
  const credential = await createUserWithEmailAndPassword(auth, email.trim(), password);
  await updateProfile(credential.user, { displayName: fullName.trim() });
  await sendEmailVerification(credential.user, actionSettings());
  return toSessionUser(credential.user);
}

export async function resendVerification(): Promise<void> {
  await sendEmailVerification(requireUser(), actionSettings());
}

/** Applies a verification code and refreshes the signed-in user, if any, so the app sees it. */
export async function verifyEmail(oobCode: string): Promise<SessionUser | null> {
  await applyActionCode(auth, oobCode);
  if (!auth.currentUser) return null;
  await auth.currentUser.reload();
  await auth.currentUser.getIdToken(true);
  return toSessionUser(auth.currentUser);
}

export async function refreshUser(): Promise<SessionUser | null> {
  if (!auth.currentUser) return null;
  await auth.currentUser.reload();
  return toSessionUser(auth.currentUser);
}

export async function sendReset(email: string): Promise<void> {
  await sendPasswordResetEmail(auth, email.trim(), actionSettings());
}

/** Returns the account's email, proving the code is still good before the user types a password. */
export async function checkResetCode(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(auth, oobCode);
}

export async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  await confirmPasswordReset(auth, oobCode, newPassword);
}

/** Re-authenticates with the current password first, as Firebase requires for a recent login. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const user = requireUser();
  if (!user.email) throw Object.assign(new Error('No email'), { code: 'auth/no-email' });
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
  await updatePassword(user, newPassword);
}

/** A fresh ID token for the price relay; Firebase refreshes it when it is near expiry. */
export async function idToken(): Promise<string> {
  return requireUser().getIdToken();
}

/** How long sign-out waits for each device step (offline, Firestore would wait for ever). */
const SIGN_OUT_STEP_MS = 3_000;

function withinSignOutStep(step: Promise<unknown>, what: string): Promise<unknown> {
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), SIGN_OUT_STEP_MS));
  return Promise.race([step, timeout]).catch((error: unknown) => console.warn(`Could not ${what}`, error));
}

let signingOut: Promise<void> | undefined;

/**
 * Forgets this device's push token while still signed in (the rules need the owner), so the next
 * person on the device gets none of this user's pushes; offline the server cannot be told, so the
 * device's subscription is ended as well. Afterwards the user's cached documents are cleared from
 * the device. None of these steps can hold up signing out for long, and one that fails never keeps
 * the user signed in. One sign-out at a time: a second tap on Log out joins the one under way.
 */
export function signOut(): Promise<void> {
  signingOut ??= signOutOnce().finally(() => (signingOut = undefined));
  return signingOut;
}

async function signOutOnce(): Promise<void> {
  const uid = auth.currentUser?.uid;
  try {
    // No registration stores or sends a token from now until the user is signed out. A device step
    // that fails never keeps the user signed in.
    if (uid) {
      await forgetDevicePush(uid).catch((error: unknown) => console.warn('Could not forget this device’s push', error));
    }
    await firebaseSignOut(auth);
  } finally {
    endSignOut();
  }
  // After the screens have let go of their live queries (they do on the sign-out they were just told
  // of, when React next renders), the user's cached documents leave the device.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await withinSignOutStep(clearLocalCache(), 'clear this device’s cached data');
}

/** Each step is capped (withinSignOutStep); the caller catches the rest (a chunk that fails to load). */
async function forgetDevicePush(uid: string): Promise<void> {
  const stopping = beginSignOut();
  const push = await import('./push');
  await withinSignOutStep(stopping, 'wait for this device’s push registration');
  // Read first: ending the subscription below forgets it.
  const token = push.storedPushToken();
  const forget = import('./repositories/pushTokens').then(async ({ forgetPushToken }) =>
    forgetPushToken(await getDb(), uid, token),
  );
  await withinSignOutStep(forget, 'forget this device’s push token before signing out');
  await withinSignOutStep(push.endDevicePush(), 'end this device’s push subscription');
}
