// The scheduled catch-up against the Firestore emulator: what an interval message that never
// arrived would have fired, fires on the next run, once.
import { LevelIndex, indexedAlert, summarize } from '@price-alerts/domain/alerts';
import { alertDocumentSchema } from '@price-alerts/domain/store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { getCheckpoints } from '../repositories/checkpoints';
import {
  alertData,
  outcome,
  seedAlerts,
  seedPrices,
  testApp,
  type SeedAlert,
  type TestApp,
} from '../testing/emulatorApp';
import { interval } from '../testing/intervals';
import { evaluatePair } from './evaluator';
import { pathsFromInterval } from './intervals';
import { evaluateLatestPrices, sidePrices } from './latest';

const PROJECT = 'demo-scheduled';
const T = 1_800_000_000_000;
let t: TestApp;
beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
afterAll(() => t.close());

const price = (ask: number, timestamp: number) => ({ pair: 'EUR/USD' as const, ask, bid: ask - 0.0001, timestamp });
const sides = (ask: number) => sidePrices(price(ask, 0));

describe('scheduled evaluation', () => {
  it('fires what a lost interval message missed, once, and moves its checkpoint', async () => {
    await seedAlerts(t.db, [
      { uid: 's', id: 'above', type: 'Price rising above', trigger: 1.105, createdAt: T - 60_000 },
      { uid: 's', id: 'reach', type: 'Price reaching', trigger: 1.103, createdAt: T - 60_000 },
      { uid: 's', id: 'below', type: 'Price dropping below', trigger: 1.09, createdAt: T - 60_000 },
    ]);
    // The first run sees 1.10 and remembers it; nothing fires.
    await seedPrices(t.db, [price(1.1, T)]);
    expect((await evaluateLatestPrices(t.db)).stats.fired).toBe(0);
    expect((await getCheckpoints(t.db)).get('EUR/USD')).toEqual({ at: T, prices: sides(1.1) });
    // The interval that went from 1.10 to 1.106 was lost; the latest price says 1.106.
    await seedPrices(t.db, [price(1.106, T + 60_000)]);
    const { stats } = await evaluateLatestPrices(t.db);
    expect(stats.fired).toBe(2);
    expect(await outcome(t.db)).toEqual({ triggered: ['above', 'reach'], deliveries: ['above', 'reach'] });
    const reach = await t.db.doc('users/s/alerts/reach').get();
    expect([reach.get('triggeredPrice'), reach.get('triggeredAt').toMillis()]).toEqual([1.106, T + 60_000]);
    // No new price: nothing more to judge, nothing read.
    expect((await evaluateLatestPrices(t.db)).stats).toEqual({ read: 0, queries: 0, fired: 0, failed: 0, rearmed: 0 });
  });

  it('does not fire an alert created after the latest price it would judge', async () => {
    await seedPrices(t.db, [price(1.2, T)]);
    await seedAlerts(t.db, [{ uid: 's', id: 'late', type: 'Price rising above', trigger: 1.1, createdAt: T + 5 }]);
    expect((await evaluateLatestPrices(t.db)).stats.fired).toBe(0);
  });

  it('fires nothing the interval evaluator already fired', async () => {
    await seedAlerts(t.db, [{ uid: 's', id: 'once', type: 'Price rising above', trigger: 1.1, createdAt: T - 60_000 }]);
    const m = interval(T, { first: 1.101, low: 1.101, high: 1.101, last: 1.101 }, 1.099);
    expect((await evaluatePair(t.db, 'EUR/USD', pathsFromInterval(m))).fired).toBe(1);
    await seedPrices(t.db, [price(1.101, m.lastAt)]);
    expect((await evaluateLatestPrices(t.db)).stats.fired).toBe(0);
    expect((await outcome(t.db)).deliveries).toEqual(['once']);
  });

  it('never winds a checkpoint back when two runs overlap', async () => {
    await seedPrices(t.db, [price(1.1, T + 60_000)]);
    await Promise.all([evaluateLatestPrices(t.db), evaluateLatestPrices(t.db)]);
    expect((await getCheckpoints(t.db)).get('EUR/USD')).toEqual({ at: T + 60_000, prices: sides(1.1) });
  });
});

/** Stores the summary the ingest service would write for these alerts. */
async function seedSummary(alerts: readonly SeedAlert[]): Promise<void> {
  const index = new LevelIndex();
  for (const a of alerts) index.set(a.id, indexedAlert(alertDocumentSchema.parse(alertData(a))));
  await t.db.doc('evaluator/levels').set(summarize(index, T));
}

describe('scheduled evaluation with the level summary', () => {
  const above = { uid: 's', id: 'above', type: 'Price rising above', trigger: 1.105, createdAt: T - 60_000 } as const;

  it('judges a move that reaches no level without a read, and still moves its checkpoint', async () => {
    await seedAlerts(t.db, [above]);
    await seedSummary([above]);
    await seedPrices(t.db, [price(1.1, T)]);
    await evaluateLatestPrices(t.db);
    await seedPrices(t.db, [price(1.104, T + 60_000)]);
    expect((await evaluateLatestPrices(t.db)).stats).toEqual({ read: 0, queries: 0, fired: 0, failed: 0, rearmed: 0 });
    expect((await getCheckpoints(t.db)).get('EUR/USD')?.at).toBe(T + 60_000);
  });

  it('fires what a lost message missed with only the read its level needs', async () => {
    await seedAlerts(t.db, [above]);
    await seedSummary([above]);
    await seedPrices(t.db, [price(1.1, T)]);
    await evaluateLatestPrices(t.db);
    await seedPrices(t.db, [price(1.106, T + 60_000)]);
    const { stats } = await evaluateLatestPrices(t.db);
    expect(stats).toMatchObject({ fired: 1, queries: 1, read: 1 });
    expect((await outcome(t.db)).triggered).toEqual(['above']);
  });

  it('a summary the ingest service stopped refreshing (3 minutes) is no summary: every read is made', async () => {
    await seedAlerts(t.db, [above]);
    await seedSummary([]); // written at T, before the alert reached the index, and never again
    await seedPrices(t.db, [price(1.1, T)]);
    await evaluateLatestPrices(t.db, { now: T });
    await seedPrices(t.db, [price(1.106, T + 60_000)]);
    expect((await evaluateLatestPrices(t.db, { now: T + 4 * 60_000 })).stats).toMatchObject({ fired: 1 });
  });

  it('a summary that does not parse is no summary: every read is made', async () => {
    await seedAlerts(t.db, [above]);
    await t.db.doc('evaluator/levels').set({ asOf: 'yesterday' });
    await seedPrices(t.db, [price(1.106, T)]);
    const { stats } = await evaluateLatestPrices(t.db);
    expect(stats.fired).toBe(1);
    expect(stats.queries).toBeGreaterThan(3);
  });
});
