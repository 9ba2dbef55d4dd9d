// The functions' repositories against the Firestore emulator, in a project of their own.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import type { Delivery } from '@price-alerts/domain/notify';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { findActiveInRange, type AlertPage } from './alerts';
import { seedPrices } from '../testing/emulatorApp';
import { createDelivery, deliveryRef } from './deliveries';
import { latestPrices } from './prices';
import { saveToken } from './pushTokens';

let app: App;
let db: Firestore;

beforeAll(async () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Run through npm test: the emulators are not up.');
  await clearFirestoreProject('demo-repo-functions');
  app = initializeApp({ projectId: 'demo-repo-functions' }, 'repo-functions');
  db = getFirestore(app);
  const batch = db.batch();
  // Three users, eleven 'rising above' EUR/USD alerts from 1.05 to 1.15; every third one paused.
  for (let i = 0; i <= 10; i++) {
    const uid = `user-${i % 3}`;
    batch.set(db.doc(`users/${uid}/alerts/eu-${i}`), {
      userId: uid,
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: Number((1.05 + i * 0.01).toFixed(2)),
      priceSide: 'ask',
      armed: true,
      status: i % 3 === 2 ? 'paused' : 'active',
      notificationPreferences: { email: true, push: false },
      createdAt: Timestamp.now(),
    });
  }
  const other = {
    userId: 'user-0',
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: true, push: false },
  };
  batch.set(db.doc('users/user-0/alerts/gbp'), {
    ...other,
    currencyPair: 'GBP/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.06,
  });
  batch.set(db.doc('users/user-0/alerts/drop'), {
    ...other,
    currencyPair: 'EUR/USD',
    alertType: 'Price dropping below',
    triggerPrice: 1.06,
  });
  batch.set(db.doc('users/user-1/alerts/broken'), {
    ...other,
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.07,
    notificationPreferences: 'email',
  });
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
});

const prices = (page: AlertPage) => page.alerts.map((a) => a.triggerPrice);

describe('findActiveInRange', () => {
  it('reads only active alerts of the pair and type inside the range, lowest first', async () => {
    const page = await findActiveInRange(
      db,
      { pair: 'EUR/USD', alertType: 'Price rising above', side: 'ask', max: 1.1 },
      50,
    );
    expect(prices(page)).toEqual([1.05, 1.06, 1.08, 1.09]);
    expect(page.alerts[0]?.path).toBe('users/user-0/alerts/eu-0');
    expect(page.next).toBeUndefined();
  });

  it('honours both bounds', async () => {
    const page = await findActiveInRange(
      db,
      { pair: 'EUR/USD', alertType: 'Price rising above', side: 'ask', min: 1.08, max: 1.12 },
      50,
    );
    expect(prices(page)).toEqual([1.08, 1.09, 1.11, 1.12]);
  });

  it('pages through a large result', async () => {
    const range = { pair: 'EUR/USD', alertType: 'Price rising above', side: 'ask', min: 1 } as const;
    const seen: number[] = [];
    let page = await findActiveInRange(db, range, 3);
    seen.push(...prices(page));
    while (page.next) {
      page = await findActiveInRange(db, range, 3, page.next);
      seen.push(...prices(page));
    }
    expect(seen).toEqual([1.05, 1.06, 1.08, 1.09, 1.11, 1.12, 1.14, 1.15]);
  });
});

describe('prices', () => {
  it('reads the latest price of every pair and skips an invalid one', async () => {
    await seedPrices(db, [
      { pair: 'EUR/USD', ask: 1.2, bid: 1.1999, timestamp: 3 },
      { pair: 'BTC/USD', ask: 64000, bid: 63990, timestamp: 2 },
    ]);
    await db.doc('prices/XAUUSD').set({ pair: 'XAU/USD', ask: 'lots' });
    const prices = await latestPrices(db);
    expect(prices.map((p) => p.pair).sort()).toEqual(['BTC/USD', 'EUR/USD']);
    expect(prices.find((p) => p.pair === 'EUR/USD')).toMatchObject({ ask: 1.2, bid: 1.1999, timestamp: 3 });
  });
});

describe('deliveries', () => {
  const AT = 1_800_000_000_600;
  const delivery = {
    userId: 'user-0',
    alertId: 'eu-0',
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.05,
    triggeredPrice: 1.0501,
    triggeredAt: Timestamp.fromMillis(AT),
    channels: { email: { state: 'pending', attempts: 0 } },
  } as const;
  // Only the sender reads a delivery in production (in its transactions); the test reads it directly.
  const stored = async (firedAtMs: number) => {
    const snapshot = await deliveryRef(db, 'user-0', 'eu-0', firedAtMs).get();
    return { id: snapshot.id, ...(snapshot.data() as Partial<Delivery>) };
  };
  const create = (d: Delivery) =>
    db.runTransaction(async (tx) => {
      createDelivery(tx, db, d);
    });

  it('creates one delivery per firing, refuses a replay of that firing, and takes a later firing', async () => {
    await create(delivery);
    expect(await stored(AT)).toMatchObject({
      id: `user-0__eu-0__${AT}`,
      triggeredPrice: 1.0501,
    });
    await expect(create({ ...delivery, triggeredPrice: 1.06 })).rejects.toThrow(/ALREADY_EXISTS|already exists/i);
    expect((await stored(AT)).triggeredPrice).toBe(1.0501);
    // The same alert id firing again (re-created, or repeating) addresses a delivery of its own.
    await create({ ...delivery, triggeredPrice: 1.07, triggeredAt: Timestamp.fromMillis(AT + 5000) });
    expect((await stored(AT + 5000)).triggeredPrice).toBe(1.07);
  });
});

describe('push tokens', () => {
  it("keeps at most 10 per account, and the sender's copy of them, when 15 devices register at once", async () => {
    const uid = 'token-racer';
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) => saveToken(db, uid, `fcm-device-token-racer-${String(i).padStart(2, '0')}`)),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled').length;
    expect(fulfilled).toBeGreaterThan(0);
    // Every registration that went through is kept, up to the cap: never more, never fewer.
    const stored = await db.collection(`users/${uid}/pushTokens`).get();
    expect(stored.size).toBe(Math.min(10, fulfilled));
    // The sender's copy (pushDevices) is written in the same transactions: it holds exactly those kept.
    const copy = (await db.doc(`pushDevices/${uid}`).get()).get('tokenIds') as string[];
    expect(copy.sort()).toEqual(stored.docs.map((d) => d.id).sort());
  });
});
