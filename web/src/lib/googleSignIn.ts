/**
 * Google sign-in, loaded when its button is tapped: the popup resolver (and its iframe plumbing)
 * is passed here rather than to initializeAuth, so no other screen downloads it.
 */
import { GoogleAuthProvider, browserPopupRedirectResolver, signInWithPopup } from 'firebase/auth';
import { toSessionUser, type SessionUser } from './authSdk';
import { auth } from './firebaseApp';

export async function signInWithGoogle(): Promise<SessionUser> {
  const credential = await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
  return toSessionUser(credential.user);
}
