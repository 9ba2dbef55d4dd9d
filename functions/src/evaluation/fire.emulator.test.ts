// Firing against the Firestore emulator: a delivery per firing (so an alert re-created under a fired
// alert's id fires again), and a permanent failure cancels the alert once instead of retrying forever.
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { deliveryId } from '@price-alerts/domain/notify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { seedAlerts, testApp, type SeedAlert, type TestApp } from '../testing/emulatorApp';
import { interval } from '../testing/intervals';
import { evaluatePair } from './evaluator';
import { pathsFromInterval } from './intervals';

const PROJECT = 'demo-fire';
let t: TestApp;
beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
afterAll(() => t.close());

const W = 1_800_000_000_000;
// The high (1.105) is at W + 600: a 'rising above 1.104' alert fires there.
const swing = interval(W, { first: 1.1, low: 1.099, high: 1.105, last: 1.102 }, 1.098);
const run = (m: IntervalMessage) => evaluatePair(t.db, m.pair, pathsFromInterval(m));
const deliveriesOf = async (alertId: string) =>
  (await t.db.collection('deliveries').where('alertId', '==', alertId).get()).docs.map((d) => d.id).sort();
const alertDoc = (uid: string, id: string) => t.db.doc(`users/${uid}/alerts/${id}`);

describe('a delivery per firing', () => {
  it('fires an alert re-created under the id of one that fired, with a delivery of its own', async () => {
    const alert: SeedAlert = {
      uid: 'r',
      id: 'same-id',
      type: 'Price rising above',
      trigger: 1.104,
      createdAt: W - 60_000,
    };
    await seedAlerts(t.db, [alert]);
    expect((await run(swing)).fired).toBe(1);
    expect(await deliveriesOf('same-id')).toEqual([deliveryId('r', 'same-id', W + 600)]);

    // The user deletes it and creates the same alert again under the same id; the price comes back.
    await alertDoc('r', 'same-id').delete();
    await seedAlerts(t.db, [{ ...alert, createdAt: W + 5_000 }]);
    const later = interval(W + 10_000, { first: 1.1, low: 1.099, high: 1.105, last: 1.102 }, 1.1);
    expect(await run(later)).toMatchObject({ fired: 1, failed: 0 });

    const again = await alertDoc('r', 'same-id').get();
    expect([again.get('status'), again.get('triggeredAt').toMillis()]).toEqual(['triggered', W + 10_600]);
    expect(await deliveriesOf('same-id')).toEqual(
      [deliveryId('r', 'same-id', W + 600), deliveryId('r', 'same-id', W + 10_600)].sort(),
    );
    // A replay of either window fires nothing more.
    expect((await run(later)).fired + (await run(swing)).fired).toBe(0);
    expect(await deliveriesOf('same-id')).toHaveLength(2);
  });
});

describe('a spike', () => {
  it('fires each page of once-alerts in one commit, the first page small, each with its delivery', async () => {
    const alerts: SeedAlert[] = Array.from({ length: 1_200 }, (_, i) => ({
      uid: `spike-${i % 25}`,
      id: `a${String(i).padStart(4, '0')}`,
      type: 'Price rising above',
      trigger: 1.1 + i / 1e6,
      createdAt: W - 60_000,
    }));
    await seedAlerts(t.db, alerts);
    expect((await run(swing)).fired).toBe(1_200);
    const fired = await t.db.collectionGroup('alerts').where('status', '==', 'triggered').get();
    expect(fired.size).toBe(1_200);
    // Two commits, a write time each: the first page, the 200 lowest levels, then 1,000 more.
    const byLevel = [...fired.docs].sort((a, b) => Number(a.get('triggerPrice')) - Number(b.get('triggerPrice')));
    const timeOf = (docs: typeof byLevel) => new Set(docs.map((d) => d.updateTime.valueOf()));
    const [first, rest] = [timeOf(byLevel.slice(0, 200)), timeOf(byLevel.slice(200))];
    expect([first.size, rest.size]).toEqual([1, 1]);
    // The small page commits first: it is fired while the large read is made.
    expect(String([...first][0]) < String([...rest][0])).toBe(true);
    expect((await t.db.collection('deliveries').count().get()).data().count).toBe(1_200);
  });
});

describe('the note', () => {
  it('travels with the firing into its delivery, for the email and the push', async () => {
    const note = 'Range top <b>& breakout</b>';
    await seedAlerts(t.db, [{ uid: 'n', id: 'noted', type: 'Price rising above', trigger: 1.104, note }]);
    await seedAlerts(t.db, [{ uid: 'n', id: 'plain', type: 'Price rising above', trigger: 1.103 }]);
    expect((await run(swing)).fired).toBe(2);
    const delivery = async (id: string) => (await t.db.doc(`deliveries/${deliveryId('n', id, W + 600)}`).get()).data();
    expect((await delivery('noted'))?.note).toBe(note);
    expect(await delivery('plain')).not.toHaveProperty('note');
  });
});

describe('a gap at the open', () => {
  it('fires an alert the weekend gap crossed, and its delivery and history say it fired at the open', async () => {
    // Winter: Friday's last price at 21:59:59 UTC, the first of the week at Sunday 22:00 UTC, past the level.
    const open = Date.parse('2026-11-22T22:00:00Z');
    const friday = Date.parse('2026-11-20T21:59:59Z');
    const first = {
      ...interval(open, { first: 1.106, low: 1.106, high: 1.107, last: 1.107 }, 1.098),
      previousAt: friday,
    };
    const next = {
      ...interval(open + 1_000, { first: 1.108, low: 1.108, high: 1.108, last: 1.108 }, 1.107),
      previousAt: open + 900,
    };
    await seedAlerts(t.db, [
      { uid: 'o', id: 'gap', type: 'Price rising above', trigger: 1.104, createdAt: friday - 86_400_000 },
      { uid: 'o', id: 'later', type: 'Price rising above', trigger: 1.1075, createdAt: friday - 86_400_000 },
    ]);
    expect((await run(first)).fired).toBe(1);
    expect((await run(next)).fired).toBe(1);
    const delivery = async (id: string, at: number) =>
      (await t.db.doc(`deliveries/${deliveryId('o', id, at)}`).get()).data();
    expect((await delivery('gap', open + 100))?.atOpen).toBe(true);
    // The next window's firing is an ordinary move, not the open.
    expect(await delivery('later', open + 1_100)).not.toHaveProperty('atOpen');
    const events = (await alertDoc('o', 'gap').collection('history').get()).docs.map((d) => d.data());
    expect(events).toContainEqual(expect.objectContaining({ type: 'fired', price: 1.106, atOpen: true }));
  });
});

describe('a permanent failure', () => {
  // The real transaction fails for good on this alert: its firing's delivery id is already taken
  // (ALREADY_EXISTS), as a corrupted or hand-written document would make it.
  async function seedDoomed() {
    await seedAlerts(t.db, [
      { uid: 'f', id: 'doomed', type: 'Price rising above', trigger: 1.104, createdAt: W - 60_000 },
      { uid: 'f', id: 'fine', type: 'Price rising above', trigger: 1.103, createdAt: W - 60_000 },
      { uid: 'g', id: 'fine-too', type: 'Price dropping below', trigger: 1.0995, createdAt: W - 60_000 },
    ]);
    await t.db.doc(`deliveries/${deliveryId('f', 'doomed', W + 600)}`).set({ taken: true });
  }

  it('cancels that alert once with the reason, fires the others, and never reads it again', async () => {
    await seedDoomed();
    const first = await run(swing);
    expect(first).toMatchObject({ fired: 2, failed: 1 });

    const doomed = await alertDoc('f', 'doomed').get();
    expect(doomed.get('status')).toBe('cancelled');
    expect(doomed.get('cancelReason')).toBe('error');
    expect(doomed.get('failure').message).toMatch(/ALREADY_EXISTS|already exists/i);
    expect(doomed.get('failure').at.toMillis()).toBeGreaterThan(0);
    expect(doomed.get('triggeredAt')).toBeUndefined();
    const events = (await alertDoc('f', 'doomed').collection('history').get()).docs.map((d) => d.data());
    expect(events).toEqual([expect.objectContaining({ type: 'cancelled', reason: 'It could not be fired' })]);
    expect((await t.db.doc(`deliveries/${deliveryId('f', 'doomed', W + 600)}`).get()).data()).toEqual({
      taken: true,
    });
    expect([
      (await alertDoc('f', 'fine').get()).get('status'),
      (await alertDoc('g', 'fine-too').get()).get('status'),
    ]).toEqual(['triggered', 'triggered']);

    // Redelivered: nothing in range is active any more, so nothing is read, fired or recorded again.
    expect(await run(swing)).toEqual({ read: 0, queries: 15, fired: 0, failed: 0, rearmed: 0 });
    expect((await alertDoc('f', 'doomed').get()).get('failure')).toEqual(doomed.get('failure'));
  });

  it('records and counts the failure once when two evaluators hit it at the same time', async () => {
    await seedDoomed();
    const [a, b] = await Promise.all([run(swing), run(swing)]);
    expect(a.failed + b.failed).toBe(1);
    expect(a.fired + b.fired).toBe(2);
    expect((await alertDoc('f', 'doomed').get()).get('status')).toBe('cancelled');
  });
});
