/**
 * The gateway to Firebase: the one place that initialises its services and connects the emulators.
 * Every SDK is loaded on demand, none by a route's first download: the app and Auth (firebaseApp.ts)
 * right after the first render, Firestore by the first screen that reads or writes (after it has
 * painted its skeletons), Functions and Messaging when push is set up.
 */
import type { Firestore } from 'firebase/firestore';
import type { Functions } from 'firebase/functions';
import type { Messaging } from 'firebase/messaging';
import { cacheState } from './cacheLock';
import { config } from './config';
import { loadAgainOnce } from './loadAgain';
import { markReturnReload } from './returnReload';
import { lowerStreamPriority } from './streamPriority';

export const firebaseApp = () => import('./firebaseApp');

let dbPromise: Promise<Firestore> | undefined;
/** This page's Firestore keeps its cache in memory: another page holds the IndexedDB one. */
let cacheHeld = false;

export function getDb(): Promise<Firestore> {
  if (dbPromise) return dbPromise;
  // The probe runs while the chunks load; a chunk cut short (the page being left) is asked for again.
  dbPromise = Promise.all([
    loadAgainOnce(firebaseApp),
    loadAgainOnce(() => import('firebase/firestore')),
    cacheState(firestoreDatabaseName(config.firebase.projectId)),
  ]).then(([{ app }, firestore, state]) => {
    const { initializeFirestore, connectFirestoreEmulator, memoryLocalCache, persistentLocalCache } = firestore;
    // Before the SDK's first request, so that its streams are never what a screen waits for.
    lowerStreamPriority();
    // The persistent cache is what the dashboard shows offline (the last known alerts and profile),
    // and it answers a reload at once, before the server does. Shared across tabs, so a second tab
    // does not lose it. Where IndexedDB is unavailable the SDK falls back to memory on its own; where
    // a page frozen in WebKit's back/forward cache holds it, this page keeps its cache in memory
    // (lib/cacheLock.ts).
    cacheHeld = state === 'held';
    watchReturns();
    const db = initializeFirestore(app, {
      ignoreUndefinedProperties: true,
      localCache: cacheHeld
        ? memoryLocalCache()
        : persistentLocalCache({ tabManager: firestore.persistentMultipleTabManager() }),
    });
    if (config.useEmulators) connectFirestoreEmulator(db, config.emulatorHost, 8080);
    return db;
  });
  // A load that failed twice is not kept: the next caller asks again.
  dbPromise.catch(() => {
    dbPromise = undefined;
  });
  return dbPromise;
}

/**
 * A page an engine brings back from its back/forward cache (WebKit always; Firefox and Chromium at
 * times). With the IndexedDB cache it loads afresh: the SDK ran its own clean-up when the page hid,
 * which leaves the restored page's Firestore unable to go on. It shuts its persistence and tab sync
 * down (its tab lease given up, the database closed), or, for a user agent it takes for Safari 14 to
 * 16 (every iPhone's, whose 'Mobile/15E148' matches), stops its queue for good: its listeners would
 * show what it had when it left and its writes would never settle. Its writes made offline are in
 * IndexedDB and go out after the reload. With the cache in memory (another page held IndexedDB) none
 * of that ran, and a reload would lose writes not yet sent: its streams, which WebKit cut while it
 * was frozen, start again at once instead of at the SDK's own timeout.
 */
let watchingReturns = false;

function watchReturns(): void {
  if (watchingReturns) return;
  watchingReturns = true;
  window.addEventListener('pageshow', (event) => {
    const current = dbPromise;
    if (!event.persisted || !current) return;
    if (!cacheHeld) {
      const reload = () => {
        markReturnReload();
        window.location.reload();
      };
      // Offline with no service worker to serve it, a reload would end on the browser's error page:
      // the page waits for the network, as it is.
      if (!navigator.onLine && !navigator.serviceWorker?.controller)
        window.addEventListener('online', reload, { once: true });
      else reload();
      return;
    }
    void Promise.all([current, import('firebase/firestore')]).then(async ([db, { disableNetwork, enableNetwork }]) => {
      await disableNetwork(db);
      await enableNetwork(db);
    });
  });
}

/** The IndexedDB database in which Firestore keeps the default app's default database's cache. */
const firestoreDatabaseName = (projectId: string) => `firestore/[DEFAULT]/${projectId}/main`;

/** How long signing out waits for writes made offline to reach the server before keeping the cache. */
const PENDING_WRITES_WAIT_MS = 2_000;

/**
 * Removes the signed-out user's cached documents from this device, so the next person on it cannot
 * read them from IndexedDB (the rules guard the server, not the cache). Writes made offline and not
 * yet sent are never dropped: if they are still waiting after a short while, the cache is kept and
 * they go out when that user signs in again. Firestore starts afresh on the next getDb(), the
 * documents it held in memory gone.
 */
export async function clearLocalCache(): Promise<void> {
  const current = dbPromise;
  if (!current) return;
  const [db, { clearIndexedDbPersistence, terminate, waitForPendingWrites }] = await Promise.all([
    current,
    import('firebase/firestore'),
  ]);
  const sent = await Promise.race([
    waitForPendingWrites(db).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PENDING_WRITES_WAIT_MS)),
  ]);
  if (!sent) return;
  dbPromise = undefined;
  await terminate(db);
  // A page frozen with the IndexedDB cache open (WebKit's back/forward cache) would hold its deletion,
  // and the next page's opening behind it, for good: then it stays until a later sign-out.
  if (cacheHeld || (await cacheState(firestoreDatabaseName(config.firebase.projectId))) === 'held') return;
  await clearIndexedDbPersistence(db);
}

let functionsPromise: Promise<Functions> | undefined;

export function getFunctionsInstance(): Promise<Functions> {
  functionsPromise ??= Promise.all([firebaseApp(), import('firebase/functions')]).then(([{ app }, sdk]) => {
    const { getFunctions, connectFunctionsEmulator } = sdk;
    const functions = getFunctions(app, 'us-central1');
    if (config.useEmulators) connectFunctionsEmulator(functions, config.emulatorHost, 5001);
    return functions;
  });
  return functionsPromise;
}

/** FCM has no emulator; on the emulators push goes through the local channel (lib/push.ts). */
export function getMessagingInstance(): Promise<Messaging> {
  return Promise.all([firebaseApp(), import('firebase/messaging')]).then(([{ app }, { getMessaging }]) =>
    getMessaging(app),
  );
}
