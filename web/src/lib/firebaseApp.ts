/**
 * The Firebase app and its Auth instance, created once when first imported. Only firebase.ts,
 * authSdk.ts and googleSignIn.ts import this module, on demand: no route's first download holds the SDK.
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth';
import { config } from './config';

export const app = initializeApp(config.firebase);

// initializeAuth with only what the app uses: getAuth would also bundle the popup and redirect
// resolver, which googleSignIn.ts loads when Google sign-in is tapped.
export const auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
if (config.useEmulators) {
  connectAuthEmulator(auth, `http://${config.emulatorHost}:9099`, { disableWarnings: true });
}
