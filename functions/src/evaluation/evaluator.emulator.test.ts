// The interval evaluator against the Firestore emulator: what fires, what it reads, and that
// duplicate, out-of-order and concurrent messages fire nothing twice.
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { deliverySchema } from '@price-alerts/domain/notify';
import { Query } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { outcome, seedAlerts, testApp, type SeedAlert, type TestApp } from '../testing/emulatorApp';
import { interval } from '../testing/intervals';
import { evaluatePair } from './evaluator';
import { pathsFromInterval } from './intervals';

const PROJECT = 'demo-evaluator';
let t: TestApp;
beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
// A spy a test left behind on a timeout would reach the files after it.
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

const W = 1_800_000_000_000; // a window start, Jan 2027
const swing = interval(W, { first: 1.1, low: 1.099, high: 1.105, last: 1.102 }, 1.098);
/** `count` alerts of three users, `id-0` and on, at levels `step` apart from 1.1. */
const levels = (count: number, id: string, type: SeedAlert['type'], step: number): SeedAlert[] =>
  Array.from({ length: count }, (_, i) => ({
    uid: `${id}-user-${i % 3}`,
    id: `${id}-${i}`,
    type,
    trigger: 1.1 + i * step,
    createdAt: W - 60_000,
  }));
const run = (m: IntervalMessage, pageSize?: number) =>
  evaluatePair(t.db, m.pair, pathsFromInterval(m), pageSize ? { pageSize } : {});

describe('interval evaluation', () => {
  it('fires exactly the alerts the interval meets, each once, with its price, time and delivery', async () => {
    const before = W - 60_000;
    const table: (SeedAlert & { fires: boolean })[] = [
      { uid: 'u1', id: 'above-hit', type: 'Price rising above', trigger: 1.104, fires: true },
      { uid: 'u1', id: 'above-at', type: 'Price rising above', trigger: 1.105, fires: true },
      { uid: 'u1', id: 'above-miss', type: 'Price rising above', trigger: 1.1051, fires: false },
      { uid: 'u2', id: 'below-hit', type: 'Price dropping below', trigger: 1.0995, fires: true },
      { uid: 'u2', id: 'below-at', type: 'Price dropping below', trigger: 1.099, fires: true },
      { uid: 'u2', id: 'below-miss', type: 'Price dropping below', trigger: 1.0989, fires: false },
      { uid: 'u3', id: 'reach-gap', type: 'Price reaching', trigger: 1.0985, fires: true },
      { uid: 'u3', id: 'reach-inside', type: 'Price reaching', trigger: 1.103, fires: true },
      { uid: 'u3', id: 'reach-miss', type: 'Price reaching', trigger: 1.106, fires: false },
      { uid: 'u3', id: 'reach-below', type: 'Price reaching', trigger: 1.097, fires: false },
      { uid: 'u4', id: 'paused', type: 'Price rising above', trigger: 1.0, status: 'paused', fires: false },
      { uid: 'u4', id: 'triggered', type: 'Price rising above', trigger: 1.0, status: 'triggered', fires: false },
      { uid: 'u4', id: 'cancelled', type: 'Price rising above', trigger: 1.0, status: 'cancelled', fires: false },
      { uid: 'u4', id: 'other-pair', pair: 'GBP/USD', type: 'Price rising above', trigger: 1.0, fires: false },
      // Resumed or edited after the high: judged on the last price only.
      { uid: 'u5', id: 'edited-late', type: 'Price rising above', trigger: 1.104, updatedAt: W + 700, fires: false },
      { uid: 'u5', id: 'resumed-late', type: 'Price rising above', trigger: 1.101, updatedAt: W + 700, fires: true },
      { uid: 'u5', id: 'created-after', type: 'Price rising above', trigger: 1.0, createdAt: W + 950, fires: false },
    ];
    await seedAlerts(
      t.db,
      table.map((a) => ({ ...a, createdAt: a.createdAt ?? before, email: a.uid !== 'u2', push: a.uid !== 'u3' })),
    );
    const stats = await run(swing);
    const expected = table.filter((a) => a.fires).map((a) => a.id);
    expect(stats.fired).toBe(expected.length);
    const result = await outcome(t.db);
    expect(result.triggered).toEqual([...expected, 'triggered'].sort());
    expect(result.deliveries).toEqual([...expected].sort());

    const alert = await t.db.doc('users/u1/alerts/above-hit').get();
    expect(alert.get('triggeredPrice')).toBe(1.105);
    expect(alert.get('triggeredAt').toMillis()).toBe(W + 600);
    const gap = await t.db.doc('users/u3/alerts/reach-gap').get();
    expect([gap.get('triggeredPrice'), gap.get('triggeredAt').toMillis()]).toEqual([1.1, W + 100]);

    const below = await t.db.doc('users/u2/alerts/below-hit').get();
    const deliveryPath = `deliveries/u2__below-hit__${below.get('triggeredAt').toMillis()}`;
    const delivery = deliverySchema.parse((await t.db.doc(deliveryPath).get()).data());
    expect(delivery).toMatchObject({
      userId: 'u2',
      alertId: 'below-hit',
      currencyPair: 'EUR/USD',
      alertType: 'Price dropping below',
      triggerPrice: 1.0995,
      triggeredPrice: 1.099,
      channels: { push: { state: 'pending', attempts: 0 } },
    });
    expect(delivery.channels.email).toBeUndefined();
    expect(delivery.dueAt).toBeGreaterThan(0);
  });

  it('reads only the alerts in range: those that fire plus nothing per alert that does not', async () => {
    const far = Array.from({ length: 400 }, (_, i): SeedAlert => ({
      uid: `far-${i % 20}`,
      id: `far-${i}`,
      type: i % 3 === 0 ? 'Price rising above' : i % 3 === 1 ? 'Price dropping below' : 'Price reaching',
      // Rising above 1.2+, dropping below 1.0-, reaching 1.2+: none is in the swing's range.
      trigger: i % 3 === 1 ? 1.0 - i / 100_000 : 1.2 + i / 100_000,
      createdAt: W - 60_000,
    }));
    const near = Array.from({ length: 6 }, (_, i): SeedAlert => ({
      uid: 'near',
      id: `near-${i}`,
      type: 'Price rising above',
      trigger: 1.1 + i / 10_000,
      createdAt: W - 60_000,
    }));
    await seedAlerts(t.db, [...far, ...near]);
    const stats = await run(swing);
    // Per side judged: two re-arm queries and one firing query per type.
    expect(stats).toEqual({ read: 6, queries: 15, fired: 6, failed: 0, rearmed: 0 });
  });

  it('fires more alerts in range than one read holds, each read three pages', async () => {
    await seedAlerts(t.db, levels(23, 'page', 'Price dropping below', 1 / 1000));
    // Pages of 5: the 23 are read as 15 and 8, one query more than the 15 a swing makes.
    const stats = await run(swing, 5);
    expect(stats).toEqual({ read: 23, queries: 16, fired: 23, failed: 0, rearmed: 0 });
    expect((await outcome(t.db)).deliveries).toHaveLength(23);
  });

  it('lets the pages being fired commit when the next read fails, then fails the evaluation', async () => {
    await seedAlerts(t.db, levels(15, 'read', 'Price rising above', 1 / 10_000));
    // Pages of 2, reads of 6: the third read, made while the second's pages wait to fire, fails.
    const get = Query.prototype.get;
    let reads = 0;
    const failing = vi.spyOn(Query.prototype, 'get').mockImplementation(function (this: Query) {
      reads += 1;
      return reads === 3 ? Promise.reject(new Error('read refused')) : get.call(this);
    });
    try {
      const evaluation = evaluatePair(t.db, 'EUR/USD', pathsFromInterval(swing), {
        pageSize: 2,
        judge: { ask: ['Price rising above'] },
      });
      await expect(evaluation).rejects.toThrow('read refused');
    } finally {
      failing.mockRestore();
    }
    const { triggered, deliveries } = await outcome(t.db);
    expect(triggered).toEqual(Array.from({ length: 12 }, (_, i) => `read-${i}`).sort());
    expect(deliveries).toHaveLength(12);
  });

  it('fires nothing twice when messages arrive twice and out of order', async () => {
    const first = interval(W, { first: 1.1, low: 1.1, high: 1.1, last: 1.1 }, 1.1);
    const second = interval(W + 1000, { first: 1.101, low: 1.1008, high: 1.103, last: 1.1025 }, 1.1);
    await seedAlerts(t.db, [
      { uid: 'd', id: 'only-second', type: 'Price rising above', trigger: 1.1009, createdAt: W - 60_000 },
      { uid: 'd', id: 'both', type: 'Price rising above', trigger: 1.1, createdAt: W - 60_000 },
      { uid: 'd', id: 'reach-second', type: 'Price reaching', trigger: 1.1005, createdAt: W - 60_000 },
    ]);
    const fired = [];
    for (const m of [second, first, second, first]) fired.push((await run(m)).fired);
    expect(fired).toEqual([3, 0, 0, 0]);
    expect(await outcome(t.db)).toEqual({
      triggered: ['both', 'only-second', 'reach-second'],
      deliveries: ['both', 'only-second', 'reach-second'],
    });
    // The out-of-order first window arrived later but the alert had already fired on the second.
    expect((await t.db.doc('users/d/alerts/both').get()).get('triggeredAt').toMillis()).toBe(W + 1100);
  });

  it('fires each alert once when two evaluators handle the same message at once', async () => {
    await seedAlerts(
      t.db,
      Array.from({ length: 40 }, (_, i) => ({
        uid: `c${i % 5}`,
        id: `c-${i}`,
        type: 'Price reaching' as const,
        trigger: 1.099 + i / 10_000,
        createdAt: W - 60_000,
      })),
    );
    const [a, b] = await Promise.all([run(swing), run(swing)]);
    expect(a.fired + b.fired).toBe(40);
    expect((await outcome(t.db)).deliveries).toHaveLength(40);
  });

  it('skips an invalid alert document in range and still fires the valid ones', async () => {
    await seedAlerts(t.db, [{ uid: 'v', id: 'valid', type: 'Price rising above', trigger: 1.1, createdAt: W - 1 }]);
    await t.db.doc('users/v/alerts/broken').set({
      userId: 'v',
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.1,
      priceSide: 'ask',
      armed: true,
      status: 'active',
      notificationPreferences: { email: 'yes' },
    });
    const stats = await run(swing);
    expect(stats).toMatchObject({ read: 2, fired: 1 });
    expect((await t.db.doc('users/v/alerts/broken').get()).get('status')).toBe('active');
  });
});

describe('a window with the reads the ingest service named', () => {
  const alerts: SeedAlert[] = [
    { uid: 'j', id: 'above', type: 'Price rising above', trigger: 1.104, createdAt: W - 60_000 },
    { uid: 'j', id: 'below', type: 'Price dropping below', trigger: 1.0995, createdAt: W - 60_000 },
  ];

  it('makes only the reads named: one query, the alert it fires', async () => {
    await seedAlerts(t.db, alerts);
    const stats = await evaluatePair(t.db, 'EUR/USD', pathsFromInterval(swing), {
      judge: { ask: ['Price rising above'] },
    });
    expect(stats).toMatchObject({ queries: 1, read: 1, fired: 1 });
    expect((await outcome(t.db)).triggered).toEqual(['above']);
  });

  it('leaves out the levels another message reads, and reads those beyond', async () => {
    const levels = [1.1, 1.102, 1.104].map((trigger, i) => ({
      uid: 'k',
      id: `above-${i}`,
      type: 'Price rising above' as const,
      trigger,
      createdAt: W - 60_000,
    }));
    await seedAlerts(t.db, levels);
    const stats = await evaluatePair(t.db, 'EUR/USD', pathsFromInterval(swing), {
      judge: { ask: ['Price rising above'], skip: [{ side: 'ask', type: 'Price rising above', max: 1.101 }] },
    });
    expect(stats).toMatchObject({ read: 2, fired: 2 });
    expect((await outcome(t.db)).triggered.sort()).toEqual(['above-1', 'above-2']);
  });

  it('reads nothing for a side the judge leaves out, and everything without a judge', async () => {
    await seedAlerts(t.db, alerts);
    expect(await evaluatePair(t.db, 'EUR/USD', pathsFromInterval(swing), { judge: { bid: ['rearm'] } })).toMatchObject({
      queries: 2,
      fired: 0,
    });
    const all = await evaluatePair(t.db, 'EUR/USD', pathsFromInterval(swing));
    expect(all).toMatchObject({ fired: 2 });
    expect(all.queries).toBeGreaterThanOrEqual(15);
  });
});
