/**
 * One simulated stretch of the cost benchmark, for one design, on the Firestore emulator: the same
 * windows fed to the evaluator as the design would, the scheduled jobs once a simulated minute, and
 * the latest-price and summary writes, all counted by the billing meter.
 */
import { CURRENCY_PAIRS, PRICE_SIDES, pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { MoveTracker, WindowMoves, latestMovesOf, type IntervalMessage } from '@price-alerts/domain/prices';
import type { Firestore } from 'firebase-admin/firestore';
import { Gate } from '../../packages/feed/src/ingest/gate';
import { watchActiveAlerts } from '../../packages/feed/src/ingest/alertWatch';
import { recordingLogger } from '../../packages/feed/src/shared/log';
import { expireDue } from '../src/expiry/expire';
import { evaluateIntervals } from '../src/evaluation/intervals';
import { evaluateLatestPrices } from '../src/evaluation/latest';
import { levelsRef } from '../src/repositories/levels';
import { recordStaleness } from '../src/repositories/staleness';
import { dueDeliveries } from '../src/repositories/deliveries';
import { dueDigests } from '../src/repositories/digests';
import { emptyBill, meter, type Bill } from './billing';

export type Design = 'today' | 'gated';

export interface Minute {
  bill: Bill;
  /** Pub/Sub messages published, and function invocations (interval evaluator and the three schedules). */
  messages: number;
  invocations: number;
  fired: number;
}

/** Every window of the stretch, per simulated minute, as the ingest service's aggregator closes them. */
export type Stretch = IntervalMessage[][][];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Today's design publishes every window and writes each pair's price every window. */
async function writePrices(db: Firestore, windows: readonly IntervalMessage[]): Promise<void> {
  if (windows.length === 0) return;
  const batch = db.batch();
  for (const m of windows) {
    const moves = latestMovesOf(m);
    batch.set(db.doc(`prices/${pairToSymbol(m.pair)}`), {
      pair: m.pair,
      ask: m.ask.last,
      bid: m.bid.last,
      timestamp: m.lastAt,
      ...(moves ? { moves } : {}),
    });
  }
  await batch.commit();
}

/** The three schedules that run every minute: the catch-up with staleness, expiry, the sender's sweep. */
async function scheduled(db: Firestore, now: number): Promise<number> {
  const { stats, prices } = await evaluateLatestPrices(db, { now });
  await recordStaleness(db, prices, now);
  await expireDue(db, now);
  await Promise.all([dueDeliveries(db, now), dueDigests(db, now)]);
  return stats.fired;
}

export async function runDesign(
  db: Firestore,
  design: Design,
  stretch: Stretch,
): Promise<{ minutes: Minute[]; startReads: number }> {
  const minutes: Minute[] = [];
  let current: Minute = { bill: emptyBill(), messages: 0, invocations: 0, fired: 0 };
  const gate = new Gate();
  const pending: IntervalMessage[][] = [];
  let stop: (() => void) | undefined;
  let startReads = 0;
  if (design === 'gated') {
    let first = true;
    stop = watchActiveAlerts(
      db,
      {
        reset: () => gate.reset(),
        changes: (changes, snapshot) => {
          meter.listened(changes.length);
          if (first) startReads = changes.length;
          first = false;
          const again = gate.apply(changes, snapshot);
          if (again.length) pending.push(again);
        },
      },
      recordingLogger(),
    );
    while (!gate.ready) await sleep(20);
  } else await levelsRef(db).delete();
  meter.reset();
  const written = new Map<CurrencyPair, number>();
  for (const minute of stretch) {
    for (const closed of minute) {
      if (closed.length === 0) continue;
      if (design === 'today') {
        await writePrices(db, closed);
        current.messages += 1;
        current.invocations += 1;
        current.fired += (await evaluateIntervals(db, closed)).fired;
        continue;
      }
      // The gated ingest service writes a pair's price every 20 s of price time.
      const due = closed.filter((m) => m.lastAt - (written.get(m.pair) ?? -Infinity) >= 20_000);
      for (const m of due) written.set(m.pair, m.lastAt);
      await writePrices(db, due);
      const selected = gate.select(closed);
      for (const batch of selected.length ? [selected] : []) pending.push(batch);
      while (pending.length) {
        const batch = pending.shift() as IntervalMessage[];
        current.messages += 1;
        current.invocations += 1;
        const fired = (await evaluateIntervals(db, batch)).fired;
        current.fired += fired;
        // What fired reaches the listener before the next window, as it does a second apart.
        if (fired) await sleep(300);
      }
    }
    const end = Math.max(...minute.flat().map((m) => m.lastAt));
    // The ingest service writes the summary when a bound moved and at least once a minute.
    if (design === 'gated') {
      const summary = gate.summary(end);
      if (summary) await levelsRef(db).set(summary);
    }
    current.fired += await scheduled(db, end);
    current.invocations += 3;
    current.bill = meter.reset();
    minutes.push(current);
    current = { bill: emptyBill(), messages: 0, invocations: 0, fired: 0 };
  }
  stop?.();
  return { minutes, startReads };
}

/**
 * A stretch of 1 s windows per pair: a quiet random walk, then at `jumpAt` a move of `jumpPercent`.
 * Each window carries its moves, as the ingest service's aggregator folds its two ticks.
 */
export function makeStretch(
  minutes: number,
  start: number,
  jumpPercent: number,
  base: (p: CurrencyPair) => number,
): Stretch {
  let seed = 42;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const last = new Map<CurrencyPair, number>(CURRENCY_PAIRS.map((p) => [p, base(p)]));
  const trackers = new Map<CurrencyPair, MoveTracker>();
  const fold = (pair: CurrencyPair, ticks: [number, number][]) => {
    const tracker = trackers.get(pair) ?? new MoveTracker(pair);
    trackers.set(pair, tracker);
    const moves = new WindowMoves();
    for (const [at, price] of ticks) moves.add(tracker.fold(at, { ask: price, bid: price, mid: price }));
    return moves.take();
  };
  const stretch: Stretch = [];
  for (let m = 0; m < minutes; m++) {
    const minute: IntervalMessage[][] = [];
    for (let s = 0; s < 60; s++) {
      const at = start + (m * 60 + s) * 1000;
      const jump = m === minutes - 1 && s === 30 ? 1 + jumpPercent / 100 : 1;
      minute.push(
        CURRENCY_PAIRS.map((pair) => {
          const before = last.get(pair) as number;
          const to = before * jump * (1 + (random() - 0.5) * 2e-5);
          last.set(pair, to);
          const [low, high] = [Math.min(before, to), Math.max(before, to)];
          const side = { first: before, low, high, last: to, lowAt: at + 100, highAt: at + 100 };
          if (to >= before) Object.assign(side, { lowAt: at + 100, highAt: at + 900 });
          else Object.assign(side, { lowAt: at + 900, highAt: at + 100 });
          const sides = Object.fromEntries(PRICE_SIDES.map((k) => [k, side]));
          return {
            pair,
            start: at,
            end: at + 1000,
            firstAt: at + 100,
            lastAt: at + 900,
            ticks: 2,
            ...(sides as Pick<IntervalMessage, 'ask' | 'bid' | 'mid'>),
            previousAsk: before,
            previousBid: before,
            previousMid: before,
            previousAt: at - 100,
            source: 'bench',
            moves: fold(pair, [
              [at + 100, before],
              [at + 900, to],
            ]),
          } as IntervalMessage;
        }),
      );
    }
    stretch.push(minute);
  }
  return stretch;
}
