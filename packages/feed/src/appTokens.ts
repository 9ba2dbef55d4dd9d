/**
 * Checks the Firebase ID tokens apps offer the price relay (relay.ts), with the Firebase Admin SDK:
 * the ingest service and each relay service verify them the same way.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { VerifiedToken } from './relayOptions.ts';

export interface AppTokenVerifier {
  verifyToken(token: string): Promise<VerifiedToken>;
  close(): Promise<void>;
}

/** `projectId`: the project users sign in to. */
export function firebaseTokenVerifier(projectId: string, name = `app-tokens-${projectId}`): AppTokenVerifier {
  const app = initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    async verifyToken(token) {
      if (!token) throw new Error('No token');
      // checkRevoked: a disabled or deleted account, or revoked sessions, fail now rather than
      // when the token expires (up to an hour later). It costs one Auth lookup per check.
      const decoded = await auth.verifyIdToken(token, true);
      return { uid: decoded.uid, exp: decoded.exp };
    },
    close: () => deleteApp(app),
  };
}
