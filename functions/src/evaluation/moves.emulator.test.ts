// Move alerts through the interval evaluator on the Firestore emulator: what a window's moves fire,
// each once with its move, history and delivery; every-time ones re-armed by the move falling back;
// redelivered and concurrent messages firing nothing twice.
import { deliverySchema } from '@price-alerts/domain/notify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { outcome, testApp, type TestApp } from '../testing/emulatorApp';
import { moveWindows, seedMoves, type SeedMove } from '../testing/moveWindows';
import { LevelIndex, MoveIndex, indexedMove, summarize } from '@price-alerts/domain/alerts';
import { latestMovesOf } from '@price-alerts/domain/prices';
import { moveAlertDocumentSchema } from '@price-alerts/domain/store';
import { expireDue } from '../expiry/expire';
import { evaluateIntervals } from './intervals';
import { evaluateLatestPrices } from './latest';

const PROJECT = 'demo-moves';
let t: TestApp;
beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
afterAll(() => t.close());

// A Wednesday noon: no market clock moves EUR/USD.
const T = Date.parse('2026-01-14T12:00:00Z');
// From 1.0800, up to 1.0962 (1.5%) at 2.5 s, back to 1.0910 at 3.5 s.
const rise = moveWindows(T, [
  [0, 1.08],
  [1_000, 1.085],
  [2_500, 1.0962],
  [3_500, 1.091],
]);
const before = T - 60_000;

describe('move alerts fired by the interval evaluator', () => {
  it('fires exactly the alerts the moves reach, each once, with its move, history and delivery', async () => {
    const table: (SeedMove & { fires: boolean })[] = [
      { uid: 'u1', id: 'up-1', type: 'Moving up %', percent: 1, createdAt: before, fires: true },
      { uid: 'u1', id: 'up-1.5', type: 'Moving up %', percent: 1.5, createdAt: before, fires: true },
      { uid: 'u1', id: 'up-2', type: 'Moving up %', percent: 2, createdAt: before, fires: false },
      { uid: 'u1', id: 'up-5min', type: 'Moving up %', percent: 1, lookback: 5, createdAt: before, fires: true },
      { uid: 'u2', id: 'down', type: 'Moving down %', percent: 0.4, createdAt: before, fires: true },
      { uid: 'u2', id: 'down-far', type: 'Moving down %', percent: 1, createdAt: before, fires: false },
      {
        uid: 'u2',
        id: 'day-up',
        type: 'Change on the day',
        direction: 'up',
        percent: 1,
        createdAt: before,
        fires: true,
      },
      {
        uid: 'u2',
        id: 'day-down',
        type: 'Change on the day',
        direction: 'down',
        percent: 0.1,
        createdAt: before,
        fires: false,
      },
      { uid: 'u3', id: 'bid', type: 'Moving up %', percent: 1.5, side: 'bid', createdAt: before, fires: true },
      { uid: 'u3', id: 'paused', type: 'Moving up %', percent: 1, status: 'paused', createdAt: before, fires: false },
      // Created after the peak: judged on the last price, still 1.02% above the low.
      { uid: 'u4', id: 'late-1', type: 'Moving up %', percent: 1, createdAt: T + 3_000, fires: true },
      { uid: 'u4', id: 'late-1.5', type: 'Moving up %', percent: 1.5, createdAt: T + 3_000, fires: false },
    ];
    await seedMoves(t.db, table);
    const stats = await evaluateIntervals(t.db, rise);
    const expected = table.filter((a) => a.fires).map((a) => a.id);
    expect(stats.fired).toBe(expected.length);
    const result = await outcome(t.db);
    expect(result.triggered).toEqual([...expected].sort());
    expect(result.deliveries).toEqual([...expected].sort());

    const fired = await t.db.doc('users/u1/alerts/up-1.5').get();
    expect(fired.get('triggeredPrice')).toBe(1.0962);
    // With the read it fired on, so the details and history say what moved even after an edit.
    expect(fired.get('firedMove')).toEqual({ percent: expect.closeTo(1.5, 6), from: 1.08, fromAt: T, read: 'up:15' });
    const history = await fired.ref.collection('history').where('type', '==', 'fired').get();
    expect(history.docs.map((d) => d.get('move'))).toEqual([fired.get('firedMove')]);
    const delivery = deliverySchema.parse(
      (await t.db.collection('deliveries').where('alertId', '==', 'up-1.5').get()).docs[0]?.data(),
    );
    expect(delivery).toMatchObject({ alertType: 'Moving up %', triggeredPrice: 1.0962 });
    expect(delivery.move).toMatchObject({ movePercent: 1.5, lookbackMinutes: 15, from: 1.08 });
    // The one created after the peak fired on the window's last price.
    expect((await t.db.doc('users/u4/alerts/late-1').get()).get('triggeredPrice')).toBe(1.091);
  });

  it('fires nothing twice when the same message comes again, or twice at once', async () => {
    await seedMoves(t.db, [{ uid: 'u1', id: 'once', type: 'Moving up %', percent: 1, createdAt: before }]);
    const [a, b] = await Promise.all([evaluateIntervals(t.db, rise), evaluateIntervals(t.db, rise)]);
    const again = await evaluateIntervals(t.db, rise);
    expect(a.fired + b.fired + again.fired).toBe(1);
    expect((await outcome(t.db)).deliveries).toEqual(['once']);
  });

  it('reads only the alerts a named read can find', async () => {
    await seedMoves(t.db, [
      { uid: 'u1', id: 'up', type: 'Moving up %', percent: 1, createdAt: before },
      { uid: 'u1', id: 'far', type: 'Moving up %', percent: 10, createdAt: before },
    ]);
    const last = rise.at(-1);
    if (!last) throw new Error('no window');
    const stats = await evaluateIntervals(t.db, [{ ...last, judge: { ask: ['up:15'] } }]);
    expect({ queries: stats.queries, read: stats.read, fired: stats.fired }).toEqual({ queries: 1, read: 1, fired: 1 });
  });

  it('keeps an every-time alert active, disarms it, and re-arms it once the move falls back', async () => {
    const every = { repeat: 'every', cooldownMinutes: 1, rearmPercent: 0.5 };
    await seedMoves(t.db, [
      { uid: 'u1', id: 'every', type: 'Moving up %', percent: 1.5, createdAt: before, extra: every },
    ]);
    await evaluateIntervals(t.db, rise.slice(0, 3));
    const ref = t.db.doc('users/u1/alerts/every');
    const fired = await ref.get();
    expect(fired.get('status')).toBe('active');
    expect(fired.get('armed')).toBe(false);
    expect(fired.get('rearmMoveAt')).toBeCloseTo(1, 10);
    expect(fired.get('fireCount')).toBe(1);
    // Two minutes later, past its cooldown, the rise from the 15-minute low is 0.5%: back under 1%.
    const later = moveWindows(T, [
      [0, 1.08],
      [2_500, 1.0962],
      [120_000, 1.0854],
    ]).slice(2);
    const stats = await evaluateIntervals(t.db, later);
    expect(stats.rearmed).toBe(1);
    const rearmed = await ref.get();
    expect(rearmed.get('armed')).toBe(true);
    expect(rearmed.get('rearmMoveAt')).toBeUndefined();
    expect((await ref.collection('history').where('type', '==', 'rearmed').get()).size).toBe(1);
  });

  it('expires a move alert like a level one, its notice naming the move', async () => {
    await seedMoves(t.db, [
      {
        uid: 'u1',
        id: 'ends',
        type: 'Change on the day',
        direction: 'down',
        percent: 2,
        createdAt: before,
        extra: { expiresAt: T },
      },
    ]);
    expect((await expireDue(t.db, T + 1)).expired).toBe(1);
    expect((await t.db.doc('users/u1/alerts/ends').get()).get('status')).toBe('cancelled');
    const [notice] = (await t.db.collection('deliveries').where('alertId', '==', 'ends').get()).docs;
    expect(deliverySchema.parse(notice?.data())).toMatchObject({
      kind: 'expired',
      alertType: 'Change on the day',
      move: { movePercent: 2, direction: 'down' },
    });
  });

  describe('the scheduled check', () => {
    /** Stores the latest price as the ingest service would after `windows`, moves included. */
    async function storeLatest(windows: typeof rise) {
      const last = windows.at(-1);
      if (!last) throw new Error('no window');
      const moves = latestMovesOf(last);
      await t.db.doc('prices/EURUSD').set({
        pair: 'EUR/USD',
        ask: last.ask.last,
        bid: last.bid.last,
        timestamp: last.lastAt,
        ...(moves ? { moves } : {}),
      });
    }
    /** Stores the summary the ingest service would write for the stored alerts. */
    async function storeSummary() {
      const moves = new MoveIndex();
      for (const d of (await t.db.collectionGroup('alerts').get()).docs) {
        const parsed = moveAlertDocumentSchema.safeParse(d.data());
        if (parsed.success) moves.set(d.ref.path, indexedMove(parsed.data));
      }
      await t.db.doc('evaluator/levels').set(summarize(new LevelIndex(), Date.now(), moves));
    }

    it('fires a move alert a lost message missed, while its move is still there', async () => {
      await seedMoves(t.db, [
        { uid: 'u1', id: 'missed', type: 'Moving up %', percent: 1, createdAt: before },
        { uid: 'u1', id: 'beyond', type: 'Moving up %', percent: 1.2, createdAt: before },
      ]);
      await storeLatest(rise);
      await storeSummary();
      const { stats } = await evaluateLatestPrices(t.db);
      expect({ fired: stats.fired, queries: stats.queries }).toEqual({ fired: 1, queries: 1 });
      const missed = await t.db.doc('users/u1/alerts/missed').get();
      expect(missed.get('status')).toBe('triggered');
      expect(missed.get('triggeredPrice')).toBe(1.091);
    });

    it('makes no move read without a summary (the ingest service’s listener away for minutes)', async () => {
      await seedMoves(t.db, [{ uid: 'u1', id: 'waits', type: 'Moving up %', percent: 1, createdAt: before }]);
      await storeLatest(rise);
      await t.db.doc('evaluator/levels').delete();
      await evaluateLatestPrices(t.db);
      expect((await t.db.doc('users/u1/alerts/waits').get()).get('status')).toBe('active');
    });

    it('reads nothing when the latest move reaches no threshold', async () => {
      await seedMoves(t.db, [{ uid: 'u1', id: 'far', type: 'Moving up %', percent: 3, createdAt: before }]);
      await storeLatest(rise);
      await storeSummary();
      const { stats } = await evaluateLatestPrices(t.db);
      expect({ fired: stats.fired, queries: stats.queries, read: stats.read }).toEqual({
        fired: 0,
        queries: 0,
        read: 0,
      });
    });
  });
});
