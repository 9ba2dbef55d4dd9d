/**
 * Price windows with their moves, as the ingest service publishes them: ticks folded by the
 * domain's MoveTracker and Aggregator-like windows of one second, for the evaluator's tests.
 */
import { type CurrencyPair, type MoveAlertType, type MoveLookback, type PriceSide } from '@price-alerts/domain/common';
import { MoveTracker, WindowMoves, intervalMessageSchema, type IntervalMessage } from '@price-alerts/domain/prices';
import { moveReadOf } from '@price-alerts/domain/store';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

/**
 * The one-second windows of [ms since `start`, ask] ticks of `pair` (the bid 0.0002 under): each
 * window carries its moves against every reference, measured from the first tick on.
 */
export function moveWindows(start: number, ticks: readonly [number, number][], pair: CurrencyPair = 'EUR/USD') {
  const tracker = new MoveTracker(pair);
  const out: IntervalMessage[] = [];
  let open: { startAt: number; ticks: [number, number][]; moves: WindowMoves } | undefined;
  let previous: { ask: number; at: number } | undefined;
  const close = () => {
    if (!open) return;
    const kept = open.ticks;
    const [first] = kept;
    const last = kept.at(-1);
    if (!first || !last) return;
    const side = (shift: number) => {
      const lowTick = kept.reduce((a, b) => (b[1] < a[1] ? b : a));
      const highTick = kept.reduce((a, b) => (b[1] > a[1] ? b : a));
      return {
        first: first[1] - shift,
        low: lowTick[1] - shift,
        high: highTick[1] - shift,
        last: last[1] - shift,
        lowAt: lowTick[0],
        highAt: highTick[0],
      };
    };
    out.push(
      intervalMessageSchema.parse({
        pair,
        start: open.startAt,
        end: open.startAt + 1000,
        firstAt: first[0],
        lastAt: last[0],
        ticks: open.ticks.length,
        ask: side(0),
        bid: side(0.0002),
        mid: side(0.0001),
        ...(previous
          ? {
              previousAsk: previous.ask,
              previousBid: previous.ask - 0.0002,
              previousMid: previous.ask - 0.0001,
              previousAt: previous.at,
            }
          : {}),
        source: 'test',
        moves: open.moves.take(),
      }),
    );
    previous = { ask: last[1], at: last[0] };
  };
  for (const [offset, ask] of ticks) {
    const at = start + offset;
    const windowStart = Math.floor(at / 1000) * 1000;
    if (open && open.startAt !== windowStart) close();
    if (!open || open.startAt !== windowStart) open = { startAt: windowStart, ticks: [], moves: new WindowMoves() };
    open.ticks.push([at, ask]);
    open.moves.add(tracker.fold(at, { ask, bid: ask - 0.0002, mid: ask - 0.0001 }));
  }
  close();
  return out;
}

export interface SeedMove {
  uid: string;
  id: string;
  type: MoveAlertType;
  percent: number;
  lookback?: MoveLookback;
  direction?: 'up' | 'down';
  side?: PriceSide;
  status?: 'active' | 'paused';
  createdAt: number;
  extra?: Record<string, unknown>;
}

/** Writes move alerts as the app stores them (with their read), active and armed unless told. */
export async function seedMoves(db: Firestore, alerts: readonly SeedMove[]): Promise<void> {
  const batch = db.batch();
  for (const a of alerts) {
    const fields = {
      alertType: a.type,
      movePercent: a.percent,
      ...(a.type === 'Change on the day' ? { direction: a.direction ?? 'up' } : { lookbackMinutes: a.lookback ?? 15 }),
    };
    batch.set(db.doc(`users/${a.uid}/alerts/${a.id}`), {
      userId: a.uid,
      currencyPair: 'EUR/USD',
      ...fields,
      moveRead: moveReadOf(fields),
      priceSide: a.side ?? 'ask',
      armed: true,
      status: a.status ?? 'active',
      notificationPreferences: { email: true, push: false },
      createdAt: Timestamp.fromMillis(a.createdAt),
      ...a.extra,
    });
  }
  await batch.commit();
}
