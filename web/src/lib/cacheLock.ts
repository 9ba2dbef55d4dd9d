/**
 * Whether Firestore's IndexedDB cache can be used by this page, or is held by another that will never
 * let it go.
 *
 * WebKit (every browser on an iPhone or iPad) keeps a page it leaves in its back/forward cache and
 * freezes it there with its IndexedDB transactions still open. Firestore runs one every few seconds
 * (its tab lease) and another as the page hides, so the next page of the app that opens the same
 * database waits on that lock for as long as the frozen page is kept: its alerts never load and its
 * writes never settle, and a reload does not help. Nothing a page can do keeps it out of WebKit's
 * cache (an `unload` or `beforeunload` listener, an open socket, a BroadcastChannel: all tried).
 * So before Firestore opens its cache, this page opens a transaction over every store of its database:
 * a free database answers within milliseconds; one that does not answer in time is held, and this
 * page keeps its cache in memory instead (its data comes from the server, as on a first visit).
 */

/** A live page's transactions take milliseconds; a frozen page's never end. */
export const CACHE_LOCK_WAIT_MS = 1_000;
/** Opening the database may be slow on a cold start of an older phone; only a frozen page blocks it for good. */
export const CACHE_OPEN_WAIT_MS = 5_000;

export type CacheState = 'free' | 'held';

export function cacheState(
  databaseName: string,
  waitMs = CACHE_LOCK_WAIT_MS,
  openWaitMs = CACHE_OPEN_WAIT_MS,
): Promise<CacheState> {
  return new Promise((resolve) => {
    let factory: IDBFactory;
    try {
      factory = window.indexedDB;
    } catch {
      resolve('free'); // No IndexedDB here: Firestore falls back to memory by itself.
      return;
    }
    if (!factory) {
      resolve('free');
      return;
    }
    let settled = false;
    let probe: IDBTransaction | undefined;
    // A page frozen while its probe waits runs no timer: its probe would start later, a lock of its own.
    const onHide = () => settle('held');
    const settle = (state: CacheState) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      window.removeEventListener('pagehide', onHide);
      // A probe still waiting must not start later and become a lock of its own (this page may be
      // frozen in turn by then).
      if (state === 'held') {
        try {
          probe?.abort();
        } catch {
          // Already finished.
        }
      }
      resolve(state);
    };
    // An open that is itself never answered (a version change held by the frozen page) is held too.
    let timer = setTimeout(() => settle('held'), openWaitMs);
    window.addEventListener('pagehide', onHide);
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(databaseName);
    } catch {
      settle('free');
      return;
    }
    // No database yet (a first visit): nothing holds it, and this read must not create it, or
    // Firestore would find an empty database at version 1 instead of making its own.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      // The aborted upgrade of a first visit: expected, not an error for the console.
      event.preventDefault();
      settle('free');
    };
    request.onblocked = () => settle('held');
    request.onsuccess = () => {
      const db = request.result;
      if (settled) {
        db.close();
        return;
      }
      const stores = Array.from(db.objectStoreNames);
      const first = stores[0];
      if (first === undefined) {
        db.close();
        settle('free');
        return;
      }
      try {
        // Readwrite, though nothing is written: it waits for any transaction the frozen page left open
        // over these stores, a read included (a readonly one would run beside a read, and Firestore's
        // first write would then wait for good).
        const read = db.transaction(stores, 'readwrite');
        probe = read;
        clearTimeout(timer);
        timer = setTimeout(() => settle('held'), waitMs);
        read.oncomplete = () => settle('free');
        read.onabort = () => settle('free');
        read.objectStore(first).count();
      } catch {
        settle('free');
      }
      // Closing lets the read finish first; one still waiting when time is up is aborted (settle).
      db.close();
    };
  });
}
