/**
 * The repeating population: half the alerts every-time (1-minute cooldown, 0.1% re-arm distance),
 * on all three sides, with prices swinging ±0.5% around their levels every two minutes and chopping
 * 0.05% within each window. Messages go straight to the evaluator (no Pub/Sub): what is measured is
 * what each reads, queries and fires, not latency.
 */
import { ALERT_TYPES, CURRENCY_PAIRS, PRICE_SIDES } from '@price-alerts/domain/common';
import { intervalMessageSchema, type IntervalMessage } from '@price-alerts/domain/prices';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { clearFirestoreProject } from '../../tests/emulator/firestore-emulator';
import type { EvaluationStats } from '../src/evaluation/evaluator';
import { billedReads, meter } from './billing';

type Evaluator = (db: Firestore, intervals: IntervalMessage[]) => Promise<EvaluationStats>;

export const REPEAT_ROUNDS = 18;
const ROUND_MS = 20_000;
const T0 = Date.UTC(2026, 0, 1);
const BASE: Record<string, number> = Object.fromEntries(CURRENCY_PAIRS.map((p, i) => [p, 1 + i]));
const price = (base: number, round: number) => base * (1 + 0.005 * Math.sin((2 * Math.PI * round) / 6));

async function seed(db: Firestore, count: number): Promise<void> {
  const writer = db.bulkWriter();
  let state = 54321;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < count; i++) {
    const pair = CURRENCY_PAIRS[i % CURRENCY_PAIRS.length] ?? 'EUR/USD';
    const every = i % 2 === 0;
    void writer.set(db.doc(`users/u${i % 1000}/alerts/a${i}`), {
      userId: `u${i % 1000}`,
      currencyPair: pair,
      alertType: ALERT_TYPES[Math.floor(i / 2) % 3],
      triggerPrice: (BASE[pair] ?? 1) * (1 + 0.004 * (2 * random() - 1)),
      priceSide: PRICE_SIDES[Math.floor(i / 6) % 3],
      armed: true,
      status: 'active',
      notificationPreferences: { email: true, push: false },
      createdAt: Timestamp.fromMillis(T0 - 3_600_000),
      ...(every ? { repeat: 'every', cooldownMinutes: 1, rearmPercent: 0.1 } : {}),
    });
  }
  await writer.close();
}

function batch(round: number): IntervalMessage[] {
  const start = T0 + round * ROUND_MS;
  return CURRENCY_PAIRS.map((pair) => {
    const base = BASE[pair] ?? 1;
    const [from, to] = [price(base, round - 1), price(base, round)];
    const chop = base * 0.0005;
    const ask = { first: from, low: Math.min(from, to) - chop, high: Math.max(from, to) + chop, last: to };
    const shift = (d: number) => ({
      first: ask.first - d,
      low: ask.low - d,
      high: ask.high - d,
      last: ask.last - d,
      lowAt: start + 300,
      highAt: start + 600,
    });
    const spread = base * 0.0001;
    return intervalMessageSchema.parse({
      pair,
      start,
      end: start + 1000,
      firstAt: start + 100,
      lastAt: start + 900,
      ticks: 4,
      ask: shift(0),
      bid: shift(spread),
      mid: shift(spread / 2),
      previousAsk: from,
      previousBid: from - spread,
      previousMid: from - spread / 2,
      source: 'bench',
    });
  });
}

export interface RepeatFigures {
  readsPerMessage: number;
  queriesPerMessage: number;
  changedPerMessage: number;
  firingsPerEvery: number;
  firingsPerOnce: number;
  fired: number;
  /** alertId -> firings, to check both evaluators fire the same. */
  byAlert: Map<string, number>;
}

export async function runRepeating(name: string, evaluator: Evaluator, alerts: number): Promise<RepeatFigures> {
  const project = `demo-bench-repeat-${name}`;
  await clearFirestoreProject(project);
  const app = initializeApp({ projectId: project }, `${project}-${alerts}`);
  const db = getFirestore(app);
  await seed(db, alerts);
  let reads = 0;
  let queries = 0;
  let changed = 0;
  for (let round = 1; round <= REPEAT_ROUNDS; round++) {
    meter.reset();
    const stats = await evaluator(db, batch(round));
    // What Firestore bills: every query at least one read, and the transactions' own reads.
    reads += billedReads(meter.reset());
    queries += stats.queries;
    changed += stats.fired + stats.rearmed;
  }
  const deliveries = await db.collection('deliveries').get();
  const byAlert = new Map<string, number>();
  for (const d of deliveries.docs) byAlert.set(d.get('alertId'), (byAlert.get(d.get('alertId')) ?? 0) + 1);
  const firingsOf = (every: boolean) => {
    let total = 0;
    for (const [id, n] of byAlert) if ((Number(id.slice(1)) % 2 === 0) === every) total += n;
    return total / (alerts / 2);
  };
  await deleteApp(app);
  return {
    readsPerMessage: reads / REPEAT_ROUNDS,
    queriesPerMessage: queries / REPEAT_ROUNDS,
    changedPerMessage: changed / REPEAT_ROUNDS,
    firingsPerEvery: firingsOf(true),
    firingsPerOnce: firingsOf(false),
    fired: deliveries.size,
    byAlert,
  };
}

export function sameFirings(a: RepeatFigures, b: RepeatFigures): boolean {
  return a.byAlert.size === b.byAlert.size && [...a.byAlert].every(([id, n]) => b.byAlert.get(id) === n);
}
