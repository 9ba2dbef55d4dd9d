/** Authentication gateway: the rest of the app talks to these functions, never to firebase/auth. */
import { onAuthStateChanged, signInWithEmailAndPassword, signOut as firebaseSignOut, type User } from 'firebase/auth';
import { auth } from './firebase';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
}

function toSessionUser(user: User): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
}

export function watchAuth(onChange: (user: SessionUser | null) => void): () => void {
  return onAuthStateChanged(auth, (user) => onChange(user ? toSessionUser(user) : null));
}

export async function signInWithEmail(email: string, password: string): Promise<SessionUser> {
  const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
  return toSessionUser(credential.user);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(auth);
}

/** Firebase errors carry a code such as 'auth/wrong-password'; anything else has none. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
