// Every-time alerts, price sides and expiry against the Firestore emulator: what fires, what re-arms,
// what each costs in documents read, and what the history records.
import type { IntervalMessage } from '@price-alerts/domain/prices';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { seedAlerts, testApp, type SeedAlert, type TestApp } from '../testing/emulatorApp';
import { interval, shifted, type WindowPrices } from '../testing/intervals';
import { evaluateIntervals } from './intervals';

const PROJECT = 'demo-repeat';
let t: TestApp;
beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
afterAll(() => t.close());

const W = 1_800_000_000_000;
const MIN = 60_000;
type Prices = WindowPrices;

/** A one-second EUR/USD window at `start`: ask as given, bid 0.0002 below unless given. */
const window = (start: number, ask: Prices, previous: number, bid?: Prices): IntervalMessage =>
  interval(start, ask, previous, 'EUR/USD', bid ?? shifted(ask, 0.0002));
const span = (low: number, high: number): Prices => ({ first: low, low, high, last: high });

const alert = (id: string, extra: Record<string, unknown> = {}, side?: SeedAlert['side']): SeedAlert => ({
  uid: 'u',
  id,
  type: 'Price rising above',
  trigger: 1.1,
  createdAt: W - MIN,
  push: false,
  ...(side ? { side } : {}),
  extra,
});
const EVERY = { repeat: 'every', cooldownMinutes: 1, rearmPercent: 0.1 };
const doc = (id: string) => t.db.doc(`users/u/alerts/${id}`);
const get = async (id: string) => (await doc(id).get()).data() ?? {};
const history = async (id: string) =>
  (await doc(id).collection('history').orderBy('at').get()).docs.map((d) => d.get('type') as string);
const deliveries = async (id: string) =>
  (await t.db.collection('deliveries').where('alertId', '==', id).get()).docs.map((d) => d.data());
const run = (m: IntervalMessage) => evaluateIntervals(t.db, [m]);

describe('an every-time alert', () => {
  it('fires, ignores a price chopping around the level, re-arms past the distance, waits out the cooldown', async () => {
    await seedAlerts(t.db, [alert('every', EVERY)]);
    expect(await run(window(W, span(1.0995, 1.1005), 1.0995))).toMatchObject({ fired: 1, read: 1 });
    expect(await get('every')).toMatchObject({ status: 'active', armed: false, fireCount: 1, lastFiredAt: W + 600 });
    expect((await get('every')).rearmBelow).toBeCloseTo(1.1 * 0.999, 12);

    // Chopping within the re-arm distance: nothing fires, nothing is read.
    const chops: [number, number][] = [
      [1.0992, 1.1008],
      [1.0995, 1.1012],
    ];
    for (const [i, [low, high]] of chops.entries()) {
      expect(await run(window(W + (i + 1) * 10_000, span(low, high), 1.1))).toMatchObject({ fired: 0, read: 0 });
    }
    // Back past the distance inside the cooldown: re-armed from the cooldown's end, not before.
    expect(await run(window(W + 30_000, span(1.0985, 1.0999), 1.1))).toMatchObject({ rearmed: 1, read: 1 });
    expect(await get('every')).toMatchObject({ armed: false, armAt: W + 600 + MIN });
    expect(await run(window(W + 40_000, span(1.0999, 1.101), 1.0999))).toMatchObject({ fired: 0, read: 0 });

    // After the cooldown the alert is armed and the next price at or above the level fires it again.
    const stats = await run(window(W + 70_000, span(1.0999, 1.1011), 1.0999));
    expect(stats).toMatchObject({ fired: 1, rearmed: 1, read: 2 });
    expect(await get('every')).toMatchObject({ status: 'active', armed: false, fireCount: 2, lastFiredAt: W + 70_600 });
    const sent = await deliveries('every');
    expect(sent.map((d) => d.fireCount).sort()).toEqual([1, 2]);
    expect(await history('every')).toEqual(['fired', 'rearmed', 'fired']);
  });

  it('re-arms on a fall past the distance later in the very window that fired it', async () => {
    await seedAlerts(t.db, [alert('dip', EVERY)]);
    // Fires at the high (W + 600); the window ends at 1.098, past the 0.1% distance below 1.1.
    const m = window(W, { first: 1.0995, low: 1.098, high: 1.1005, last: 1.098 }, 1.0995);
    expect(await run(m)).toMatchObject({ fired: 1 });
    expect(await get('dip')).toMatchObject({ armed: false, armAt: W + 600 + MIN, fireCount: 1 });
    expect((await get('dip')).rearmBelow).toBeUndefined();
    expect(await history('dip')).toEqual(['fired', 'rearmed']);
    // After the cooldown the next rise through the level fires it again.
    expect(await run(window(W + 70_000, span(1.0985, 1.1002), 1.098))).toMatchObject({ fired: 1 });
    expect((await get('dip')).fireCount).toBe(2);
  });

  it('re-arms at once when the price comes back after the cooldown', async () => {
    await seedAlerts(t.db, [
      alert('later', { ...EVERY, armed: false, rearmBelow: 1.0989, fireCount: 1, lastFiredAt: W - 2 * MIN }),
    ]);
    expect(await run(window(W, span(1.098, 1.099), 1.099))).toMatchObject({ rearmed: 1, fired: 0 });
    expect(await get('later')).toMatchObject({ armed: true, armedAt: W + 100 });
    expect((await get('later')).rearmBelow).toBeUndefined();
    expect(await run(window(W + 1000, span(1.099, 1.1003), 1.099))).toMatchObject({ fired: 1 });
  });

  it('fires in the window whose fall re-armed it inside the cooldown, once the cooldown has ended in it', async () => {
    // Fired at W + 600; the cooldown ends at W + 60,600, within the window at W + 60,000.
    await seedAlerts(t.db, [
      alert('soon', { ...EVERY, armed: false, rearmBelow: 1.0989, fireCount: 1, lastFiredAt: W + 600 }),
    ]);
    const m = window(W + MIN, { first: 1.1, low: 1.0985, high: 1.1005, last: 1.1002, lowAt: 300, highAt: 600 }, 1.1);
    expect(await run(m)).toMatchObject({ rearmed: 1, fired: 1 });
    // Re-armed by the fall at +300 from the cooldown's end at +600, where the high (1.1005) fires it.
    expect(await get('soon')).toMatchObject({ armedAt: W + MIN + 599, lastFiredAt: W + MIN + 600, fireCount: 2 });
  });

  it('is not parked by a redelivered older window once it re-armed after its cooldown', async () => {
    // Fired at W + 600, cooldown over at W + 60,600; re-armed at W + 80,600, after the cooldown.
    const rearmed = { ...EVERY, armed: true, fireCount: 1, lastFiredAt: W + 600, armedAt: W + 80_600 };
    await seedAlerts(t.db, [alert('late', rearmed)]);
    // Pub/Sub redelivers a window from before the cooldown's end, judged with every read, whose
    // firing read finds it.
    expect(await run(window(W + 30_000, span(1.099, 1.101), 1.099))).toMatchObject({ fired: 0 });
    expect(await get('late')).toMatchObject({ armed: true, armedAt: W + 80_600 });
    expect((await get('late')).armAt).toBeUndefined();
    // So a price from before the re-arm can never fire it, and the next crossing does.
    await run(window(W + 70_000, span(1.099, 1.101), 1.099));
    expect(await get('late')).toMatchObject({ fireCount: 1 });
    expect(await run(window(W + 90_000, span(1.099, 1.101), 1.099))).toMatchObject({ fired: 1 });
    expect(await get('late')).toMatchObject({ fireCount: 2, lastFiredAt: W + 90_600 });
  });

  it('is armed at its cooldown’s end no earlier than it was last armed', async () => {
    // Parked until W + 60,600, yet armed at W + 80,600 (as a parking before that rule left it).
    const parked = {
      ...EVERY,
      armed: false,
      armAt: W + 60_600,
      fireCount: 1,
      lastFiredAt: W + 600,
      armedAt: W + 80_600,
    };
    await seedAlerts(t.db, [alert('parked', parked)]);
    // A window with every read arms what is due first: a price at W + 70,600 must not fire it.
    expect(await run(window(W + 70_000, span(1.099, 1.101), 1.099))).toMatchObject({ fired: 0 });
    expect(await get('parked')).toMatchObject({ armed: true, armedAt: W + 80_600 });
  });

  it('is paused by the runaway guard on its sixteenth firing within 3 minutes', async () => {
    const recentFirings = Array.from({ length: 15 }, (_, i) => W - 170_000 + i * 1000);
    await seedAlerts(t.db, [alert('storm', { ...EVERY, fireCount: 15, recentFirings, lastFiredAt: W - 2 * MIN })]);
    expect(await run(window(W, span(1.0995, 1.1005), 1.0995))).toMatchObject({ fired: 1 });
    expect(await get('storm')).toMatchObject({ status: 'paused', pauseReason: 'runaway', fireCount: 16 });
    expect(await history('storm')).toEqual(['fired', 'runaway_paused']);
    expect((await deliveries('storm')).map((d) => d.runawayPaused)).toEqual([true]);
  });

  it('a once-alert still becomes triggered, with one delivery and a history entry', async () => {
    await seedAlerts(t.db, [alert('once')]);
    await run(window(W, span(1.0995, 1.1005), 1.0995));
    expect(await get('once')).toMatchObject({ status: 'triggered', triggeredPrice: 1.1005 });
    expect((await get('once')).fireCount).toBeUndefined();
    expect(await history('once')).toEqual(['fired']);
  });
});

describe('price sides', () => {
  it('judges each alert on its own side, and reads only what fires', async () => {
    await seedAlerts(t.db, [alert('ask'), alert('bid', {}, 'bid'), alert('mid', {}, 'mid')]);
    // Ask reaches 1.1003, bid 1.0999 and mid 1.1001: the ask and mid alerts at 1.1 fire, the bid one does not.
    const m = window(W, span(1.0995, 1.1003), 1.0995, span(1.0993, 1.0999));
    const stats = await run(m);
    expect(stats).toMatchObject({ fired: 2, read: 2 });
    expect((await get('ask')).status).toBe('triggered');
    expect((await get('mid')).status).toBe('triggered');
    expect((await get('mid')).triggeredPrice).toBeCloseTo(1.1001, 10);
    expect((await get('bid')).status).toBe('active');
    expect((await deliveries('mid'))[0]).toMatchObject({ priceSide: 'mid' });
    expect((await deliveries('ask'))[0]?.priceSide).toBeUndefined();
  });
});

describe('expiry bounds what fires', () => {
  it('never fires on a price seen at or after the expiry', async () => {
    await seedAlerts(t.db, [alert('expired', { expiresAt: W + 500 }), alert('alive', { expiresAt: W + 700 })]);
    await run(window(W, span(1.0995, 1.1005), 1.0995));
    expect((await get('expired')).status).toBe('active');
    expect((await get('alive')).status).toBe('triggered');
  });
});
