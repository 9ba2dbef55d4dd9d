/** Google sign-in, loaded when its button is tapped (the popup resolver is set in firebaseApp.ts). */
import { GoogleAuthProvider, signInWithPopup } from 'firebase/auth';
import { toSessionUser, type SessionUser } from './authSdk';
import { auth } from './firebaseApp';

export async function signInWithGoogle(): Promise<SessionUser> {
  const credential = await signInWithPopup(auth, new GoogleAuthProvider());
  return toSessionUser(credential.user);
}
