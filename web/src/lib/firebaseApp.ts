/**
 * The Firebase app and its Auth instance, created once when first imported. Only firebase.ts,
 * authSdk.ts and googleSignIn.ts import this module, on demand: no route's first download holds the SDK.
 */
import { initializeApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { config } from './config';

export const app = initializeApp(config.firebase);

// initializeAuth with only what the app uses. The popup resolver is given here, in this chunk that
// loads after the first paint, so that on phones and Safari Firebase sets up its sign-in iframe at
// start-up: set up only at the tap, the popup would open after the tap's gesture had expired, and
// the browser would block it.
export const auth = initializeAuth(app, {
  persistence: indexedDBLocalPersistence,
  popupRedirectResolver: browserPopupRedirectResolver,
});
if (config.useEmulators) {
  connectAuthEmulator(auth, `http://${config.emulatorHost}:9099`, { disableWarnings: true });
}
