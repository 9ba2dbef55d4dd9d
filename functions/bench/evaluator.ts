// Evaluator benchmark: seeds 10,000 and 50,000 alerts over the 15 pairs on the Firestore emulator,
// publishes interval batches through the Pub/Sub emulator that fire 1% of them each, and prints,
// for the range-query evaluator and a naive one (every active alert of the pair) in the same run:
// documents read per message, and publish -> 'triggered' latency (p50, p95). The delivery document
// is written in the firing transaction, so its latency is the same commit.
// Then the repeating population (half every-time, prices chopping around their levels): reads and
// queries per message, firings per alert, range against naive.
// Run: npm run bench:evaluator [-- 10000 50000] [--repeat 5000]
import { PubSub, type Message } from '@google-cloud/pubsub';
import { ALERT_TYPES, CURRENCY_PAIRS } from '@price-alerts/domain/common';
import { intervalMessageSchema, type IntervalMessage } from '@price-alerts/domain/prices';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { clearFirestoreProject } from '../../tests/emulator/firestore-emulator';
import type { EvaluationStats } from '../src/evaluation/evaluator';
import { evaluateIntervals, parseIntervalBatch } from '../src/evaluation/intervals';
import { billedReads, meter } from './billing';
import { naiveEvaluateIntervals } from './naive';
import { REPEAT_ROUNDS, runRepeating, sameFirings, type RepeatFigures } from './repeating';

const ROUNDS = 3;
const STEP = 0.02; // each round moves every price by 0.2%: 1% of all alerts fire
const BASE: Record<string, number> = Object.fromEntries(CURRENCY_PAIRS.map((p, i) => [p, 1 + i]));
const T0 = Date.UTC(2026, 0, 1);

type Evaluator = (db: Firestore, intervals: IntervalMessage[]) => Promise<EvaluationStats>;

/** Alerts u in (0, 1] from the base: rising above at base(1+0.1u), dropping below at base(1-0.1u), reaching either. */
async function seed(db: Firestore, count: number): Promise<void> {
  const writer = db.bulkWriter();
  let state = 12345;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < count; i++) {
    const pair = CURRENCY_PAIRS[i % CURRENCY_PAIRS.length] ?? 'EUR/USD';
    const type = ALERT_TYPES[Math.floor(i / CURRENCY_PAIRS.length) % 3] ?? 'Price reaching';
    const u = random();
    const up = type === 'Price rising above' || (type === 'Price reaching' && i % 2 === 0);
    void writer.set(db.doc(`users/u${i % 1000}/alerts/a${i}`), {
      userId: `u${i % 1000}`,
      currencyPair: pair,
      alertType: type,
      triggerPrice: (BASE[pair] ?? 1) * (1 + (up ? 0.1 : -0.1) * u),
      priceSide: 'ask',
      armed: true,
      status: 'active',
      notificationPreferences: { email: true, push: false },
      createdAt: Timestamp.fromMillis(T0),
    });
  }
  await writer.close();
}

function batch(round: number): IntervalMessage[] {
  const start = Date.now() - 1000;
  return CURRENCY_PAIRS.map((pair) => {
    const base = BASE[pair] ?? 1;
    const from = base * (1 + 0.1 * STEP * (round - 1));
    const to = base * (1 + 0.1 * STEP * round);
    const side = { first: to, low: to, high: to, last: to, lowAt: start + 100, highAt: start + 100 };
    return intervalMessageSchema.parse({
      pair,
      start,
      end: start + 1000,
      firstAt: start + 100,
      lastAt: start + 100,
      ticks: 1,
      ask: side,
      bid: side,
      previousAsk: from,
      source: 'bench',
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function run(name: string, evaluator: Evaluator, alerts: number) {
  const project = `demo-bench-${name}`;
  await clearFirestoreProject(project);
  const app = initializeApp({ projectId: project }, `${project}-${alerts}`);
  const db = getFirestore(app);
  const seeded = Date.now();
  await seed(db, alerts);
  const seedMs = Date.now() - seeded;
  const pubsub = new PubSub({ projectId: project });
  const [topic] = await pubsub.topic('price-intervals').get({ autoCreate: true });
  const [subscription] = await topic.createSubscription(`bench-${alerts}-${Date.now()}`);
  const reads: number[] = [];
  const returned: number[] = [];
  let fired = 0;
  const latencies: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const handled = new Promise<void>((resolve, reject) => {
      const onMessage = (message: Message) => {
        const { intervals } = parseIntervalBatch(JSON.parse(message.data.toString()));
        meter.reset();
        evaluator(db, intervals)
          .then((stats) => {
            reads.push(billedReads(meter.reset()));
            returned.push(stats.read);
            fired += stats.fired;
            message.ack();
            subscription.off('message', onMessage);
            resolve();
          })
          .catch(reject);
      };
      subscription.on('message', onMessage);
    });
    const publishedAt = Date.now();
    await topic.publishMessage({ json: { intervals: batch(round) } });
    await handled;
    const triggered = await db
      .collectionGroup('alerts')
      .where('status', '==', 'triggered')
      .where('triggeredPrice', '>=', 0)
      .get();
    for (const doc of triggered.docs) {
      const at = doc.updateTime.toMillis();
      if (at >= publishedAt) latencies.push(at - publishedAt);
    }
  }
  await subscription.close();
  await subscription.delete();
  await pubsub.close();
  await deleteApp(app);
  latencies.sort((a, b) => a - b);
  return {
    readsPerMessage: reads.reduce((a, b) => a + b, 0) / reads.length,
    returnedPerMessage: returned.reduce((a, b) => a + b, 0) / returned.length,
    fired,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    seedMs,
  };
}

async function main() {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.PUBSUB_EMULATOR_HOST)
    throw new Error('Run through `npm run bench:evaluator`: it starts the emulators.');
  const args = process.argv.slice(2);
  const repeatAt = args.indexOf('--repeat');
  const repeatSize = repeatAt >= 0 ? Number(args.splice(repeatAt, 2)[1]) : 5_000;
  const sizes = args.map(Number).filter((n) => n > 0);
  console.log(`${ROUNDS} interval batches (15 pairs each) per run; each fires 1% of the alerts.`);
  console.log(
    'Note: the Firestore emulator has no indexes; every query scans all alerts, so on it latency follows the\n' +
      'number of queries (range: 5 per pair and side, naive: 1) times the total alerts. Billed reads per message\n' +
      'is what production bills (functions/bench/billing.ts): every query at least one read, and the firing\n' +
      "transactions' own reads; returned is what the queries returned. Every batch here is judged with every\n" +
      'read, as a window the level index cannot judge (docs/evaluation.md); bench:cost measures the index.',
  );
  meter.install();
  for (const alerts of sizes.length ? sizes : [10_000, 50_000]) {
    const range = await run('range', evaluateIntervals, alerts);
    const naive = await run('naive', naiveEvaluateIntervals, alerts);
    const row = (label: string, r: typeof range) =>
      `  ${label.padEnd(6)} billed reads/message ${r.readsPerMessage.toFixed(0).padStart(7)}  returned ${r.returnedPerMessage
        .toFixed(0)
        .padStart(7)}  fired ${String(r.fired).padStart(5)}  ` +
      `publish->triggered p50 ${r.p50.toFixed(0).padStart(6)} ms  p95 ${r.p95.toFixed(0).padStart(6)} ms  (seeded in ${(r.seedMs / 1000).toFixed(1)} s)`;
    console.log(`\n${alerts.toLocaleString('en-US')} alerts`);
    console.log(row('range', range));
    console.log(row('naive', naive));
    console.log(
      `  naive/range: reads x${(naive.readsPerMessage / range.readsPerMessage).toFixed(1)}, ` +
        `p50 x${(naive.p50 / range.p50).toFixed(1)}, p95 x${(naive.p95 / range.p95).toFixed(1)}`,
    );
  }
  await repeating(repeatSize);
}

async function repeating(alerts: number) {
  console.log(
    `\nRepeating: ${alerts.toLocaleString('en-US')} alerts, half every-time (1 min cooldown, 0.1% re-arm), on ask, bid ` +
      `and mid;\n${REPEAT_ROUNDS} messages 20 s apart in price time, prices swinging ±0.5% and chopping 0.05% per window.`,
  );
  const range = await runRepeating('range', evaluateIntervals, alerts);
  const naive = await runRepeating('naive', naiveEvaluateIntervals, alerts);
  const row = (label: string, r: RepeatFigures) =>
    `  ${label.padEnd(6)} billed reads/message ${r.readsPerMessage.toFixed(1).padStart(8)}  queries/message ${r.queriesPerMessage
      .toFixed(0)
      .padStart(4)}  fired+re-armed/message ${r.changedPerMessage.toFixed(1).padStart(6)}  ` +
    `firings per every-time alert ${r.firingsPerEvery.toFixed(2)}  per once alert ${r.firingsPerOnce.toFixed(2)}`;
  console.log(row('range', range));
  console.log(row('naive', naive));
  console.log(
    `  naive/range reads x${(naive.readsPerMessage / range.readsPerMessage).toFixed(1)}; ` +
      `same firings per alert: ${sameFirings(range, naive) ? 'yes' : 'NO'} (${range.fired} and ${naive.fired} deliveries)`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
