// The cache probe against an IndexedDB of its own (fake-indexeddb: jsdom has none): a database
// nobody holds, none at all, and one a page frozen in WebKit's back/forward cache would hold, played by
// a connection that keeps a read open for as long as the test wants.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheState } from './cacheLock';

const NAME = 'firestore/[DEFAULT]/demo-price-alerts/main';
const SHORT_WAIT_MS = 50;
let factory: IDBFactory;

beforeEach(() => {
  factory = new IDBFactory();
  vi.stubGlobal('indexedDB', factory);
});
afterEach(() => vi.unstubAllGlobals());

/** A database with Firestore's shape in miniature: two stores, one document. */
function createDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('remoteDocuments').put({ id: 1 }, 1);
      request.result.createObjectStore('owner');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
}

/** A read the holder never ends (as a frozen page's): it asks again each time it is answered, until released. */
function holdRead(db: IDBDatabase): () => Promise<void> {
  let holding = true;
  const transaction = db.transaction(['remoteDocuments'], 'readonly');
  const store = transaction.objectStore('remoteDocuments');
  const ask = () => {
    if (holding) store.get(1).onsuccess = ask;
  };
  ask();
  const done = new Promise<void>((resolve) => (transaction.oncomplete = () => resolve()));
  return () => {
    holding = false;
    return done;
  };
}

describe('whether the IndexedDB cache is free for this page', () => {
  it('is free when there is no database, and the probe does not create one', async () => {
    expect(await cacheState(NAME, SHORT_WAIT_MS)).toBe('free');
    expect(await factory.databases()).toEqual([]);
  });

  it('is free when no other page holds it', async () => {
    const db = await createDatabase();
    db.close();
    expect(await cacheState(NAME, SHORT_WAIT_MS)).toBe('free');
  });

  it('is free beside another live page that holds it for no transaction', async () => {
    const db = await createDatabase();
    expect(await cacheState(NAME, SHORT_WAIT_MS)).toBe('free');
    db.close();
  });

  it('is held while a read is left open, and the probe gone when time is up leaves no lock behind', async () => {
    const db = await createDatabase();
    const release = holdRead(db);
    expect(await cacheState(NAME, SHORT_WAIT_MS)).toBe('held');
    await release();
    // The aborted probe waits on nothing: a write goes through at once.
    const written = await new Promise<boolean>((resolve) => {
      const transaction = db.transaction(['owner'], 'readwrite');
      transaction.objectStore('owner').put('this page', 'owner');
      transaction.oncomplete = () => resolve(true);
      transaction.onerror = () => resolve(false);
    });
    expect(written).toBe(true);
    db.close();
    expect(await cacheState(NAME, SHORT_WAIT_MS)).toBe('free');
  });

  it('is held at once when the page is hidden while its probe waits, so that no probe starts later', async () => {
    const db = await createDatabase();
    const release = holdRead(db);
    const state = cacheState(NAME, 60_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(await state).toBe('held');
    await release();
    db.close();
  });

  it('is held when opening is never answered (a version change another page does not allow)', async () => {
    const db = await createDatabase();
    // This holder answers no versionchange event: an upgrade waits on it, and so does any open after it.
    const upgrade = factory.open(NAME, 2);
    expect(await cacheState(NAME, SHORT_WAIT_MS, SHORT_WAIT_MS)).toBe('held');
    db.close();
    await new Promise<void>((resolve) => (upgrade.onsuccess = () => resolve()));
    upgrade.result.close();
  });
});
