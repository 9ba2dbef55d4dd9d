/**
 * The Firebase app and its Auth instance, created once when first imported. Only firebase.ts,
 * authSdk.ts and googleSignIn.ts import this module, on demand: no route's first download holds the SDK.
 */
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth';
import { cacheState } from './cacheLock';
import { config } from './config';

export const app = initializeApp(config.firebase);

/** Set once the session has moved from IndexedDB, where earlier versions of the app kept it. */
const MOVED_KEY = 'price-alerts:session-in-local-storage';

function movedAlready(): boolean {
  try {
    return localStorage.getItem(MOVED_KEY) === '1';
  } catch {
    return false;
  }
}

// The session is kept in localStorage, not IndexedDB. Auth's IndexedDB store is read every 800 ms,
// and WebKit freezes a page it keeps for back and forward with such a read open: the next page of
// the app then waits on it for good at 'Checking your session' (lib/cacheLock.ts says more).
// localStorage has no transactions to hold. A session still in IndexedDB moves over once, when
// nothing holds that database: an earlier version's page frozen with it open would hold this load
// at the same place, so the move waits for a later load (this one opens signed out).
// initializeAuth with only what the app uses: getAuth would also bundle the popup and redirect
// resolver, which googleSignIn.ts loads when Google sign-in is tapped.
const AUTH_DATABASE = 'firebaseLocalStorageDb';
const move = !movedAlready() && (await cacheState(AUTH_DATABASE)) === 'free';
export const auth = initializeAuth(app, {
  persistence: move ? [browserLocalPersistence, indexedDBLocalPersistence] : browserLocalPersistence,
});
if (move) {
  void auth.authStateReady().then(() => {
    try {
      localStorage.setItem(MOVED_KEY, '1');
    } catch {
      // Not kept: the move is tried again on the next load, and finds nothing left to move.
    }
  });
}
if (config.useEmulators) {
  connectAuthEmulator(auth, `http://${config.emulatorHost}:9099`, { disableWarnings: true });
}
