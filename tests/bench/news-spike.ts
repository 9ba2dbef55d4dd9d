// A news spike on the local stack (a payrolls release): for each population, its alerts on one pair
// fire on one forced price. Prints, from that price, the first and last alert triggered (as the app's
// ACTIVE/PREVIOUS listener sees it), the first and last email at the mail sink and push at the local
// push channel; then what the spike bills, metered on a smaller copy of each population.
// Run: npm run bench:spike [-- --only 0|1] [--divide N]
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { priceDocumentSchema } from '@price-alerts/domain/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { parseArgs } from 'node:util';
import { billedReads, type Bill } from '../../functions/bench/billing';
import { meterSpike, type SpikeCost } from './spike/cost';
import { POPULATIONS, countOf, seedPopulation, spike, type Span, type SpikeTimes } from './spike/population';
import { getFirestore } from 'firebase-admin/firestore';

// --divide N runs each population with N times fewer users (a quick look, not a figure).
const { values } = parseArgs({ options: { only: { type: 'string' }, divide: { type: 'string', default: '1' } } });
const PAIR: CurrencyPair = 'EUR/USD';
const SIMULATOR = 'http://127.0.0.1:8090';
const INGEST = 'http://127.0.0.1:8093';
const MAIL_SINK = 'http://127.0.0.1:8092';
const TIMEOUT_MS = 30 * 60_000;
/** The metered copy of each population has this many alerts. */
const METERED_ALERTS = 1_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const json = async <T>(url: string): Promise<T> => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
};
const forcePrice = async (ask: number) => {
  const res = await fetch(`${SIMULATOR}/control/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pair: PAIR, ask }),
  });
  if (!res.ok) throw new Error(`forcing ${PAIR}: ${res.status}`);
};

const app = initializeApp({ projectId: 'demo-price-alerts' }, 'news-spike');
const db = getFirestore(app);
// The ingest writes a pair's price when it first ticks, a moment after the stack is up.
let stored = await db.doc(`prices/${pairToSymbol(PAIR)}`).get();
for (let i = 0; !stored.exists && i < 60; i++) {
  await sleep(500);
  stored = await db.doc(`prices/${pairToSymbol(PAIR)}`).get();
}
const base = priceDocumentSchema.parse(stored.data()).ask;

const chosen =
  values.only === undefined ? POPULATIONS : POPULATIONS.slice(Number(values.only), Number(values.only) + 1);
if (chosen.length === 0) throw new Error(`--only takes 0 to ${POPULATIONS.length - 1}`);
const results: { times: SpikeTimes; cost: SpikeCost; alerts: number }[] = [];
for (const [i, full] of chosen.entries()) {
  const p = { ...full, users: Math.max(1, Math.round(full.users / Number(values.divide))) };
  const alerts = p.users * p.alertsEach;
  // Each population its own level, above the last one's, so its firing is its own.
  const level = Number((base * (1.05 + i * 0.02)).toFixed(5));
  console.log(`News spike, ${p.name}: ${alerts} alerts on ${PAIR} above ${level}`);
  let started = Date.now();
  const users = await seedPopulation(app, db, p, PAIR, level, `spike${i}-${started}`);
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Each alert created queued a history trigger; a spike measured behind that backlog would measure it.
  const history = db.collectionGroup('history').where('type', '==', 'created');
  const before = results.reduce((n, r) => n + r.alerts, 0);
  for (let created = 0; created < before + alerts;) {
    await sleep(5_000);
    created = await countOf(history);
    console.log(`  ${created - before} creations recorded in the alerts' history`);
  }
  for (let tries = 0; ; tries++) {
    const health = await json<{ gate: { ready: boolean; alerts: number } }>(`${INGEST}/health`).catch(() => undefined);
    if (health?.gate.ready && health.gate.alerts >= alerts) break;
    if (tries > 600) throw new Error(`the ingest's index never held the alerts: ${JSON.stringify(health?.gate)}`);
    await sleep(500);
  }
  started = Date.now();
  const times = await spike(db, {
    level,
    alerts,
    users,
    force: () => forcePrice(level * 1.01),
    mailSink: MAIL_SINK,
    timeoutMs: TIMEOUT_MS,
  });
  await forcePrice(base);
  const metered = { ...p, users: Math.max(1, Math.round(Math.min(METERED_ALERTS, alerts) / p.alertsEach)) };
  console.log(
    `  done in ${((Date.now() - started) / 1000).toFixed(1)} s; metering ${metered.users * p.alertsEach} alerts`,
  );
  results.push({ times, cost: await meterSpike(p, metered, PAIR), alerts });
}

const seconds = (s: Span) => `${s.first.toFixed(1)} s / ${s.last.toFixed(1)} s (${s.count})`;
const bill = (b: Bill) => `${billedReads(b)} reads (${b.queries} queries), ${b.writes} writes`;
console.log('\n=== news spike: from the forced price, first / last (how many)');
for (const [i, { times, cost, alerts }] of results.entries()) {
  console.log(`${chosen[i]?.name ?? ''} (${alerts} alerts, email and push on):`);
  console.log(`  triggered (ACTIVE -> PREVIOUS)  ${seconds(times.triggered)}`);
  console.log(`  email at the mail sink          ${seconds(times.email)}`);
  console.log(`  push at the local push channel  ${seconds(times.push)}`);
  const lag = times.listenerLagMs === undefined ? 'n/a: no sampled firing seen' : `${times.listenerLagMs} ms`;
  console.log(`  a user's own listener saw the firing within ${lag} of its commit`);
  console.log(`  firings with email and push sent: ${times.delivered} of ${alerts}`);
  console.log('  billed, metered on a copy of at most 1,000 alerts and scaled:');
  console.log(`    firing:  ${bill(cost.firing)}, ${cost.invocations.firing} invocations`);
  console.log(`    sending: ${bill(cost.sending)}, ${cost.invocations.sending} invocations`);
  console.log(`    provider calls: ${cost.calls.email} to SendGrid, ${cost.calls.push} to FCM`);
  console.log(`    in all: $${cost.dollars.toFixed(4)}`);
}
await deleteApp(app);
process.exit(results.every((r) => r.times.delivered >= r.alerts && r.times.triggered.count >= r.alerts) ? 0 : 1);
