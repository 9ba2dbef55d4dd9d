// A news spike on the local stack: 10,000 alerts on one pair, 200 to a user, fire on one forced price
// (a payrolls release). Prints how long until the last is triggered (in PREVIOUS) and until the last
// email reaches the mail sink; then what the firing and the sending bill, counted by the billing meter
// on the same code run in this process against a project of its own, per alert and for the whole spike.
// Run: npm run bench:spike [-- --alerts 10000 --metered 1000]
import { MAX_ALERTS_PER_ACCOUNT, pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { priceDocumentSchema } from '@price-alerts/domain/store';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore, type Query } from 'firebase-admin/firestore';
import { parseArgs } from 'node:util';
import { startMailSink } from '@price-alerts/stand-ins/mail';
import { billedReads, meter, type Bill } from '../../functions/bench/billing';
import { evaluateIntervals } from '../../functions/src/evaluation/intervals';
import { mapLimit } from '../../functions/src/lib/mapLimit';
import { fcmProvider } from '../../functions/src/notify/fcm';
import { firebaseRecipients } from '../../functions/src/notify/recipients';
import { sendDelivery } from '../../functions/src/notify/sender';
import { sendgridProvider } from '../../functions/src/notify/sendgrid';
import { interval } from '../../functions/src/testing/intervals';
import { clearFirestoreProject } from '../emulator/firestore-emulator';

const { values } = parseArgs({
  options: { alerts: { type: 'string', default: '10000' }, metered: { type: 'string', default: '1000' } },
});
const ALERTS = Number(values.alerts);
const METERED = Math.min(ALERTS, Number(values.metered));
const PAIR: CurrencyPair = 'EUR/USD';
const SIMULATOR = 'http://127.0.0.1:8090';
const INGEST = 'http://127.0.0.1:8093';
const MAIL_SINK = 'http://127.0.0.1:8092';
const TIMEOUT_MS = 60 * 60_000;
/** List prices (docs/cost.md). */
const PRICE = { read: 0.06 / 1e5, write: 0.18 / 1e5, invocation: 0.4 / 1e6 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const json = async <T>(url: string, init?: RequestInit): Promise<T> => {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
};

/**
 * `count` alerts rising above `level`, email only, in accounts of at most 200 alerts: one account's
 * alerts a batch, one batch at a time, since each write also queues a history trigger on the stack.
 */
async function seed(app: App, db: Firestore, count: number, level: number, tag: string): Promise<void> {
  for (let u = 0; u * MAX_ALERTS_PER_ACCOUNT < count; u++) {
    const { uid } = await getAuth(app).createUser({ email: `${tag}-${u}@example.test`, emailVerified: true });
    const batch = db.batch();
    for (let i = 0; i < Math.min(MAX_ALERTS_PER_ACCOUNT, count - u * MAX_ALERTS_PER_ACCOUNT); i++)
      batch.set(db.collection(`users/${uid}/alerts`).doc(), {
        userId: uid,
        currencyPair: PAIR,
        alertType: 'Price rising above',
        triggerPrice: level,
        priceSide: 'ask',
        armed: true,
        status: 'active',
        notificationPreferences: { email: true, push: false },
        createdAt: FieldValue.serverTimestamp(),
      });
    await batch.commit();
  }
}

const countOf = async (query: Query) => (await query.count().get()).data().count;

const triggered = (db: Firestore) =>
  countOf(db.collectionGroup('alerts').where('currencyPair', '==', PAIR).where('status', '==', 'triggered'));

// ---- the spike on the local stack
const stackApp = initializeApp({ projectId: 'demo-price-alerts' }, 'news-spike');
const db = getFirestore(stackApp);
// The ingest writes a pair's price when it first ticks, a moment after the stack is up.
let stored = await db.doc(`prices/${pairToSymbol(PAIR)}`).get();
for (let i = 0; !stored.exists && i < 60; i++) {
  await sleep(500);
  stored = await db.doc(`prices/${pairToSymbol(PAIR)}`).get();
}
const base = priceDocumentSchema.parse(stored.data()).ask;
console.log(`News spike: ${ALERTS} alerts on ${PAIR} at ${(base * 1.05).toFixed(5)}, one forced price above them`);
let started = Date.now();
await seed(stackApp, db, ALERTS, Number((base * 1.05).toFixed(5)), `spike-${started}`);
console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
// Each alert created queued a history trigger; a spike measured behind that backlog would measure it.
for (let created = 0; created < ALERTS;) {
  await sleep(5_000);
  created = await countOf(db.collectionGroup('history').where('type', '==', 'created'));
  console.log(`  ${created} creations recorded in the alerts' history`);
}
for (let i = 0; ; i++) {
  const health = await json<{ gate: { ready: boolean; alerts: number } }>(`${INGEST}/health`).catch(() => undefined);
  if (health?.gate.ready && health.gate.alerts >= ALERTS) break;
  if (i > 600) throw new Error(`the ingest's index never held the alerts: ${JSON.stringify(health?.gate)}`);
  await sleep(500);
}
await fetch(`${MAIL_SINK}/api/mails`, { method: 'DELETE' });
type Published = { messages: number; gate: { windows: number; published: number } };
const publishedBefore = await json<Published>(`${INGEST}/health`);
started = Date.now();
const forced = await fetch(`${SIMULATOR}/control/price`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ pair: PAIR, ask: base * 1.06 }),
});
if (!forced.ok) throw new Error(`forcing ${PAIR}: ${forced.status}`);
let firedSeconds = NaN;
let mailedSeconds = NaN;
let lastReport = 0;
while (Date.now() - started < TIMEOUT_MS && Number.isNaN(mailedSeconds)) {
  await sleep(250);
  const [fired, sink] = await Promise.all([
    Number.isNaN(firedSeconds) ? triggered(db) : ALERTS,
    json<{ received: number }>(`${MAIL_SINK}/health`),
  ]);
  const seconds = (Date.now() - started) / 1000;
  if (fired >= ALERTS && Number.isNaN(firedSeconds)) firedSeconds = seconds;
  if (sink.received >= ALERTS) mailedSeconds = seconds;
  if (seconds - lastReport >= 30) {
    lastReport = seconds;
    console.log(`  ${seconds.toFixed(0)} s: ${fired} triggered, ${sink.received} emails`);
  }
}
const publishedAfter = await json<Published>(`${INGEST}/health`);
await fetch(`${SIMULATOR}/control/price`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ pair: PAIR, ask: base }),
});

// ---- what it bills: the same firing and sending, metered, on a project of their own
const costApp = initializeApp({ projectId: 'demo-spike-cost' }, 'news-spike-cost');
const costDb = getFirestore(costApp);
await clearFirestoreProject('demo-spike-cost');
await seed(costApp, costDb, METERED, 1.1, `spike-cost-${Date.now()}`);
const sink = await startMailSink();
meter.install();
// The window's ticks come after the alerts were created, or they could not fire them.
await sleep(1_500);
meter.reset();
const window: IntervalMessage = {
  ...interval(Date.now() - 1_200, { first: 1.09, low: 1.09, high: 1.11, last: 1.11 }, 1.09, PAIR),
  judge: { ask: ['Price rising above'] },
};
const stats = await evaluateIntervals(costDb, [window]);
const firing = meter.reset();
const deliveries = (await costDb.collection('deliveries').select().get()).docs.map((d) => d.id);
meter.reset();
const deps = {
  db: costDb,
  owner: 'news-spike',
  email: sendgridProvider({ apiKey: 'SG.bench', baseUrl: sink.url }),
  push: fcmProvider({ sendEach: () => Promise.reject(new Error('no push in this benchmark')) }),
  recipients: firebaseRecipients(costDb, getAuth(costApp)),
  mailFrom: 'Price Alerts <alerts@price-alerts.test>',
  appUrl: 'http://app.test',
  now: Date.now,
  random: Math.random,
};
await mapLimit(deliveries, 8, (id) => sendDelivery(deps, id));
const sending = meter.reset();
const { received: sent } = await json<{ received: number }>(`${sink.url}/health`);
await sink.close();

const scale = ALERTS / METERED;
const dollars = (b: Bill, invocations: number) =>
  (billedReads(b) * PRICE.read + (b.writes + b.deletes) * PRICE.write + invocations * PRICE.invocation) * scale;
// Invocations for the metered alerts: the evaluator's one (a message holds the whole window), one
// history trigger per alert the firing wrote, one sender per delivery. The listener reads each fired alert once.
const firingInvocations = 1 + stats.fired;
const sendingInvocations = deliveries.length;
const listener: Bill = { ...firing, queries: 0, queryReads: 0, pointReads: 0, listenerReads: stats.fired, writes: 0 };
console.log('\n=== news spike');
console.log(`${ALERTS} alerts on one pair, one forced price:`);
console.log(`  last alert triggered (in PREVIOUS) after ${firedSeconds.toFixed(1)} s`);
console.log(`  last email at the mail sink after ${mailedSeconds.toFixed(1)} s`);
console.log(
  `  meanwhile the ingest judged ${publishedAfter.gate.windows - publishedBefore.gate.windows} windows and published ` +
    `${publishedAfter.gate.published - publishedBefore.gate.published} (in ${publishedAfter.messages - publishedBefore.messages} messages): ` +
    'each published after the first reads the alerts not yet fired again',
);
console.log(`billed, measured on ${METERED} alerts (${stats.fired} fired, ${sent} emails sent) and scaled x${scale}:`);
const line = (name: string, b: Bill, invocations: number) =>
  console.log(
    `  ${name}: ${Math.round(billedReads(b) * scale)} reads (${Math.round(b.queries * scale)} queries), ` +
      `${Math.round(b.writes * scale)} writes, ${Math.round(invocations * scale)} invocations: $${dollars(b, invocations).toFixed(4)}`,
  );
line('firing (evaluator, history trigger)', firing, firingInvocations);
line("the ingest's listener", listener, 0);
line('sending (one sender per delivery)', sending, sendingInvocations);
console.log(
  '  per alert: ' +
    `firing ${(billedReads(firing) / METERED).toFixed(2)} reads, ${(firing.writes / METERED).toFixed(2)} writes; ` +
    `sending ${(billedReads(sending) / METERED).toFixed(2)} reads, ${(sending.writes / METERED).toFixed(2)} writes`,
);
await Promise.all([deleteApp(stackApp), deleteApp(costApp)]);
process.exit(Number.isNaN(mailedSeconds) || stats.fired !== METERED || sent !== METERED ? 1 : 0);
