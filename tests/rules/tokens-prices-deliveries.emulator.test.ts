import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { ALICE, BOB, rulesEnv } from './rules-env';

let env: RulesTestEnvironment;
const TOKEN = 'fcm-token-0123456789abcdef';

beforeAll(async () => {
  env = await rulesEnv('tokens');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, `users/${ALICE}/pushTokens/t1`), { token: TOKEN, updatedAt: Timestamp.now() });
    await setDoc(doc(db, 'prices/EURUSD'), { ask: 1.1, bid: 1.0999, timestamp: Date.now() });
    await setDoc(doc(db, 'priceHistory/EURUSD'), { pair: 'EUR/USD', candles: '{}', savedAt: Date.now() });
    await setDoc(doc(db, 'deliveries/d1'), { userId: ALICE, alertId: 'a1' });
    await setDoc(doc(db, `digests/${ALICE}__1`), { userId: ALICE, open: true });
    await setDoc(doc(db, `pushDevices/${ALICE}`), { tokenIds: ['t1'] });
  });
});
afterAll(async () => {
  await env.cleanup();
});

const dbFor = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).firestore();
const tokenDoc = (uid: string | null, id = 't1') => doc(dbFor(uid), `users/${ALICE}/pushTokens/${id}`);
const others: [string, string | null][] = [
  ['another user', BOB],
  ['a signed-out visitor', null],
];

describe('push tokens', () => {
  it('lets the owner read, list and remove a token (sign-out, opt-out)', async () => {
    await assertSucceeds(getDoc(tokenDoc(ALICE)));
    await assertSucceeds(getDocs(collection(dbFor(ALICE), `users/${ALICE}/pushTokens`)));
    await assertSucceeds(deleteDoc(tokenDoc(ALICE)));
  });
  // Only the registerPushToken function stores tokens: it keeps the newest ten per account.
  it.each<[string, Record<string, unknown>]>([
    ['a valid new token', { token: TOKEN, updatedAt: serverTimestamp(), userAgent: 'x' }],
    ['a short token', { token: 'abc', updatedAt: serverTimestamp() }],
    ['a client-set time', { token: TOKEN, updatedAt: Timestamp.now() }],
    ['an extra field', { token: TOKEN, updatedAt: serverTimestamp(), userId: BOB }],
  ])('denies the owner storing %s directly', async (_label, data) => {
    await assertFails(setDoc(tokenDoc(ALICE, 't3'), data));
  });
  it('denies the owner refreshing a stored token directly', async () => {
    await assertFails(setDoc(tokenDoc(ALICE), { token: TOKEN, updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(tokenDoc(ALICE), { updatedAt: serverTimestamp() }));
  });
  it.each(others)('denies %s any access', async (_label, uid) => {
    await assertFails(getDoc(tokenDoc(uid)));
    await assertFails(getDocs(collection(dbFor(uid), `users/${ALICE}/pushTokens`)));
    await assertFails(setDoc(tokenDoc(uid, 't4'), { token: TOKEN, updatedAt: serverTimestamp() }));
    await assertFails(deleteDoc(tokenDoc(uid)));
  });
});

describe("the sender's copy of a user's devices", () => {
  it.each<[string, string | null]>([['the owner', ALICE], ...others])(
    'denies %s reading it or adding a token to it (a device the registration never checked)',
    async (_label, uid) => {
      const devices = doc(dbFor(uid), `pushDevices/${ALICE}`);
      await assertFails(getDoc(devices));
      await assertFails(getDocs(collection(dbFor(uid), 'pushDevices')));
      await assertFails(setDoc(devices, { tokenIds: ['t1', 'another-device'] }));
      await assertFails(deleteDoc(devices));
    },
  );
});

describe('latest prices', () => {
  it('lets any signed-in user read and list them', async () => {
    await assertSucceeds(getDoc(doc(dbFor(BOB), 'prices/EURUSD')));
    await assertSucceeds(getDocs(collection(dbFor(BOB), 'prices')));
  });
  it('denies a signed-out visitor', async () => {
    await assertFails(getDoc(doc(dbFor(null), 'prices/EURUSD')));
  });
  it('denies every client write', async () => {
    await assertFails(setDoc(doc(dbFor(ALICE), 'prices/EURUSD'), { ask: 2, bid: 1.9, timestamp: 1 }));
    await assertFails(deleteDoc(doc(dbFor(ALICE), 'prices/EURUSD')));
  });
});

describe('price history', () => {
  // The relays serve the charts from memory; the stored copy is the ingest service's alone.
  it.each<[string, string | null]>([['a signed-in user', ALICE], ...others])(
    'denies %s reading, listing, writing or deleting it',
    async (_label, uid) => {
      await assertFails(getDoc(doc(dbFor(uid), 'priceHistory/EURUSD')));
      await assertFails(getDocs(collection(dbFor(uid), 'priceHistory')));
      await assertFails(setDoc(doc(dbFor(uid), 'priceHistory/EURUSD'), { pair: 'EUR/USD', candles: '{}', savedAt: 1 }));
      await assertFails(setDoc(doc(dbFor(uid), 'priceHistory/GBPUSD'), { pair: 'GBP/USD', candles: '{}', savedAt: 1 }));
      await assertFails(deleteDoc(doc(dbFor(uid), 'priceHistory/EURUSD')));
    },
  );
});

describe('deliveries', () => {
  it('denies every client, even the alert’s owner', async () => {
    await assertFails(getDoc(doc(dbFor(ALICE), 'deliveries/d1')));
    await assertFails(getDocs(collection(dbFor(ALICE), 'deliveries')));
    await assertFails(setDoc(doc(dbFor(ALICE), 'deliveries/d2'), { userId: ALICE }));
  });
});

describe('digests', () => {
  it('denies every client, even the user it is for', async () => {
    await assertFails(getDoc(doc(dbFor(ALICE), `digests/${ALICE}__1`)));
    await assertFails(getDocs(collection(dbFor(ALICE), 'digests')));
    await assertFails(setDoc(doc(dbFor(ALICE), `digests/${ALICE}__2`), { userId: ALICE, open: true }));
    await assertFails(getDoc(doc(dbFor(null), `digests/${ALICE}__1`)));
  });
});

describe('evaluator documents', () => {
  it.each(['evaluator/checkpoints', 'evaluator/staleness', 'evaluator/levels'])(
    'denies every client %s',
    async (path) => {
      await assertFails(getDoc(doc(dbFor(ALICE), path)));
      await assertFails(setDoc(doc(dbFor(ALICE), path), { pairs: {} }));
      await assertFails(getDoc(doc(dbFor(null), path)));
    },
  );
});

describe('local push channel', () => {
  const message = (uid: string | null) => doc(dbFor(uid), `users/${ALICE}/localPush/m1`);
  beforeEach(async () => {
    await env.withSecurityRulesDisabled((ctx) =>
      setDoc(doc(ctx.firestore(), `users/${ALICE}/localPush/m1`), { token: 'local:x', payload: {} }),
    );
  });
  it('lets the owner read and consume a message', async () => {
    await assertSucceeds(getDoc(message(ALICE)));
    await assertSucceeds(getDocs(collection(dbFor(ALICE), `users/${ALICE}/localPush`)));
    await assertSucceeds(deleteDoc(message(ALICE)));
  });
  it('denies the owner writing one, and anyone else any access', async () => {
    await assertFails(setDoc(doc(dbFor(ALICE), `users/${ALICE}/localPush/m2`), { token: 'local:x', payload: {} }));
    await assertFails(getDoc(message(BOB)));
    await assertFails(deleteDoc(message(null)));
  });
});
