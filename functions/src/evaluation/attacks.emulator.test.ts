// An attacker's pass over the alert evaluator against the Firestore emulator: redelivered,
// concurrent and out-of-order interval messages, a user's edit during the cooldown, and the price
// before a window. Each test says what must hold however the messages arrive.
import { intervalMessageSchema, type IntervalMessage } from '@price-alerts/domain/prices';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { seedAlerts, seedPrices, testApp, type SeedAlert, type TestApp } from '../testing/emulatorApp';
import { interval, type WindowPrices } from '../testing/intervals';
import { evaluateIntervals } from './intervals';
import { evaluateLatestPrices } from './latest';

const PROJECT = 'demo-evaluator-attacks';
let t: TestApp;
beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
afterAll(() => t.close());

const W = 1_800_000_000_000;
const MIN = 60_000;
const X = 1.1;

/** A one-second EUR/USD window at `start`, the same prices on every side. */
const window = (start: number, p: WindowPrices, previous?: number): IntervalMessage => interval(start, p, previous);
const above = (start: number, previous = X + 0.0005) =>
  window(start, { first: X + 0.0005, low: X + 0.0005, high: X + 0.001, last: X + 0.0008 }, previous);
const EVERY = { repeat: 'every', cooldownMinutes: 1, rearmPercent: 0.1 };
const alert = (id: string, extra: Record<string, unknown> = {}): SeedAlert => ({
  uid: 'u',
  id,
  type: 'Price rising above',
  trigger: X,
  createdAt: W - MIN,
  push: false,
  extra,
});
const doc = (id: string) => t.db.doc(`users/u/alerts/${id}`);
const get = async (id: string) => (await doc(id).get()).data() ?? {};
const deliveries = async (id: string) =>
  (await t.db.collection('deliveries').where('alertId', '==', id).get()).docs.map((d) => d.data());
const run = (...m: IntervalMessage[]) => evaluateIntervals(t.db, m);

describe('attack: the same message twice', () => {
  it('fires once when two evaluators judge the same batch at the same time', async () => {
    await seedAlerts(t.db, [alert('every', EVERY), alert('once')]);
    const m = window(W, { first: X - 0.002, low: X - 0.002, high: X + 0.001, last: X - 0.002 }, X - 0.002);
    const [a, b] = await Promise.all([run(m), run(m)]);
    expect(a.fired + b.fired).toBe(2);
    expect(await deliveries('every')).toHaveLength(1);
    expect(await deliveries('once')).toHaveLength(1);
    expect(await get('every')).toMatchObject({ fireCount: 1, armed: false });
  });

  it('a redelivered firing message, whose price fell back past the distance after the firing, fires nothing again', async () => {
    await seedAlerts(t.db, [alert('every', EVERY)]);
    // Fires at the high (600 ms), falls back past the re-arm distance at the last price (900 ms).
    const m = window(W, { first: X - 0.002, low: X - 0.002, high: X + 0.001, last: X - 0.002 }, X - 0.002);
    await run(m);
    for (let i = 0; i < 3; i += 1) await run(m);
    expect(await deliveries('every')).toHaveLength(1);
    expect(await get('every')).toMatchObject({ fireCount: 1 });
  });

  it('an older message arriving after a newer one neither fires nor re-arms the alert', async () => {
    await seedAlerts(t.db, [alert('every', EVERY)]);
    await run(above(W + 2 * MIN));
    // Late: prices from before that firing, dipping past the distance and crossing the level.
    await run(window(W, { first: X - 0.002, low: X - 0.002, high: X + 0.001, last: X - 0.002 }, X - 0.002));
    expect(await get('every')).toMatchObject({ fireCount: 1, armed: false, lastFiredAt: W + 2 * MIN + 100 });
    expect((await get('every')).rearmBelow).toBeDefined();
    expect(await deliveries('every')).toHaveLength(1);
  });
});

describe('attack: an edit during the cooldown', () => {
  it('is read once, not on every message until the cooldown ends', async () => {
    const lastFiredAt = W - 1000;
    await seedAlerts(t.db, [
      alert('edited', {
        ...EVERY,
        cooldownMinutes: 1440,
        fireCount: 1,
        lastFiredAt,
        recentFirings: [lastFiredAt],
        // The user's edit right after the firing: armed again, re-arm state cleared.
        updatedAt: Timestamp.fromMillis(W - 500),
      }),
    ]);
    let read = 0;
    let fired = 0;
    for (let i = 0; i < 5; i += 1) {
      const stats = await run(above(W + i * 1000));
      read += stats.read;
      fired += stats.fired;
    }
    expect(fired).toBe(0);
    // Reads must follow what happens (fires, re-arms), not the messages a cooldown lasts.
    expect(read).toBeLessThanOrEqual(1);
    // And it still fires once the cooldown is over.
    expect(await run(above(lastFiredAt + 1440 * MIN + 1000))).toMatchObject({ fired: 1 });
  });
});

describe('attack: the price before a window', () => {
  it('re-arms on the price that ended the firing window, so the next crossing after the cooldown fires', async () => {
    await seedAlerts(t.db, [alert('every', EVERY)]);
    // Fires at 600 ms, back past the distance at 900 ms, the window's last price.
    await run(window(W, { first: X - 0.002, low: X - 0.002, high: X + 0.001, last: X - 0.002 }, X - 0.002));
    // After the cooldown the price, last seen past the distance, jumps over the level again.
    expect(await run(above(W + 2 * MIN, X - 0.002))).toMatchObject({ fired: 1 });
    expect(await deliveries('every')).toHaveLength(2);
  });

  it('never re-arms on a price before the window that was seen before the firing', async () => {
    await seedAlerts(t.db, [
      alert('every', { ...EVERY, armed: false, rearmBelow: X * 0.999, fireCount: 1, lastFiredAt: W + 100 }),
    ]);
    // Fired on this window's first price: the price before it is older than the firing.
    await run(window(W, { first: X + 0.001, low: X + 0.001, high: X + 0.002, last: X + 0.001 }, X - 0.01));
    expect(await get('every')).toMatchObject({ armed: false, fireCount: 1 });
  });
});

describe('attack: out-of-range and malformed data', () => {
  it('a message with no mid side judges ask and bid alerts and leaves mid alerts for the scheduled check', async () => {
    await seedAlerts(t.db, [alert('ask'), { ...alert('mid'), side: 'mid' }]);
    const { mid: _mid, previousMid: _previousMid, ...noMid } = above(W + 1000, X - 0.005);
    const stats = await evaluateIntervals(t.db, [intervalMessageSchema.parse(noMid)]);
    expect(stats.fired).toBe(1);
    expect((await get('ask')).status).toBe('triggered');
    expect((await get('mid')).status).toBe('active');
  });

  it('skips a malformed alert in range without failing the others', async () => {
    await seedAlerts(t.db, [alert('good'), alert('bad', { rearmPercent: 'x', note: 5 })]);
    expect(await run(above(W))).toMatchObject({ fired: 1 });
    expect((await get('good')).status).toBe('triggered');
    expect((await get('bad')).status).toBe('active');
  });
});

describe('attack: the scheduled check beside the interval messages', () => {
  it('judges bid and mid from a checkpoint stored before sides, and fires nothing twice with the messages', async () => {
    await seedAlerts(t.db, [
      { ...alert('bid', EVERY), side: 'bid' },
      { ...alert('mid'), side: 'mid' },
    ]);
    // A checkpoint as stored before sides: the ask only.
    await t.db.doc('evaluator/checkpoints').set({ pairs: { EURUSD: { at: W - 1000, price: X - 0.005 } } });
    await seedPrices(t.db, [{ pair: 'EUR/USD', ask: X + 0.0012, bid: X + 0.0008, timestamp: W + 900 }]);
    expect((await evaluateLatestPrices(t.db)).stats).toMatchObject({ fired: 2 });
    // The interval message of the same prices, late: both alerts fired already.
    expect(await run(window(W, { first: X - 0.005, low: X - 0.005, high: X + 0.001, last: X + 0.001 }))).toMatchObject({
      fired: 0,
    });
    expect(await deliveries('bid')).toHaveLength(1);
    expect(await deliveries('mid')).toHaveLength(1);
    const stored = (await t.db.doc('evaluator/checkpoints').get()).get('pairs.EURUSD') as Record<string, number>;
    expect(stored).toMatchObject({ at: W + 900, price: X + 0.0012, bid: X + 0.0008 });
    expect(stored.mid).toBeCloseTo(X + 0.001, 10);
  });
});
