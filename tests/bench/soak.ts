// Up to an hour of faults, nothing lost (30 minutes by default): 200 people on the local stack create,
// edit, pause, resume and delete alerts while the soak forces prices across the levels of sentinel
// alerts, kills the ingest, a relay or a functions worker every few minutes, and publishes a share of
// Pub/Sub messages again as they were (under a new message id, so nothing can pass them off as seen by
// id alone). At the end every sentinel must have fired exactly once and been told once on each channel
// (email, push, and the webhook of one account in four), every churned alert must hold what was last
// committed to it, and each long-lived process's memory must end within 10% of its level after warm-up.
// Run: npm run bench:soak [-- --minutes 30 --people 200 --chaos-seconds 180]
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { PRICE_INTERVALS_TOPIC, encodeSubscribe } from '@price-alerts/domain/prices';
import { priceDocumentSchema } from '@price-alerts/domain/store';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { parseArgs } from 'node:util';
import { scheduledFunctionUrl, startLocalScheduler } from '../../scripts/lib/local-scheduler.mjs';
import {
  EMULATOR_ENV,
  MAIL_SINK_URL,
  PRICES_PORT,
  PROJECT_ID,
  SIMULATOR_PORT,
  WEBHOOK_SINK_URL,
} from '../../scripts/lib/stack.mjs';
import { MemoryCurve, Redeliverer, kill, type Role } from './soak/chaos';
import { signInByRest } from '../browser/session';
import { AppSocket, Arrivals } from './soak/observe';
import { report, settle } from './soak/verdict';
import { Churn, PASSWORD, seedPeople, seedSentinels, type Sentinel } from './soak/world';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    people: { type: 'string', default: '200' },
    'chaos-seconds': { type: 'string', default: '180' },
  },
});
const MINUTES = Number(values.minutes);
const CHAOS_MS = Number(values['chaos-seconds']) * 1000;
const PAIRS: CurrencyPair[] = ['EUR/USD', 'GBP/USD', 'USD/JPY', 'XAU/USD'];
/** How long each forced price holds: longer than a killed process takes to come back. */
const LEG_MS = 20_000;
const SIMULATOR = `http://127.0.0.1:${SIMULATOR_PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const log = (line: string) => console.log(`  ${((Date.now() - started) / 60_000).toFixed(1).padStart(5)} min  ${line}`);

const app = initializeApp({ projectId: PROJECT_ID }, 'soak');
const db = getFirestore(app);
const auth = getAuth(app);
const run = Date.now().toString(36);
const prefix = `soak${run}`;
let counter = 0;
const idOf = (kind: 's' | 'c') => () => `${prefix}${kind}${++counter}`;
let started = Date.now();

// ---- the market: the soak's pairs tick only the prices it forces, every 2 s
await post(`${SIMULATOR}/control/clock`, { marketHours: false });
const base = new Map<CurrencyPair, number>();
for (const pair of PAIRS) {
  let stored = await db.doc(`prices/${pairToSymbol(pair)}`).get();
  for (let i = 0; !stored.exists && i < 120; i++) {
    await sleep(500);
    stored = await db.doc(`prices/${pairToSymbol(pair)}`).get();
  }
  base.set(pair, priceDocumentSchema.parse(stored.data()).ask);
}
await post(`${SIMULATOR}/control/silence`, { silent: true, pairs: PAIRS });
const target = new Map(base);
const hold = setInterval(() => {
  for (const [pair, ask] of target) void post(`${SIMULATOR}/control/price`, { pair, ask }).catch(() => undefined);
}, 2_000);

console.log(`Soak: ${values.people} people, ${MINUTES} min, a fault every ~${CHAOS_MS / 1000} s`);
const people = await seedPeople(db, auth, run, Number(values.people), WEBHOOK_SINK_URL);
log(`${people.length} accounts made`);

// ---- watching and the faults' helpers
const arrivals = new Arrivals(prefix, MAIL_SINK_URL, WEBHOOK_SINK_URL);
arrivals.start();
const redeliver = new Redeliverer(PROJECT_ID, PRICE_INTERVALS_TOPIC, 0.1);
await redeliver.start();
const host = EMULATOR_ENV.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001';
const scheduler = startLocalScheduler({
  name: 'expireAlerts, sendDueDeliveries',
  url: ['expireAlerts', 'sendDueDeliveries'].map((name) => scheduledFunctionUrl({ host, project: PROJECT_ID, name })),
  log: (line) => log(line),
});
const sockets = await Promise.all(
  people.slice(0, 20).map(async (p) => {
    const { idToken: token } = await signInByRest(p.email, PASSWORD);
    const socket = new AppSocket(`ws://127.0.0.1:${PRICES_PORT}/prices`, token, encodeSubscribe(PAIRS));
    socket.open();
    return socket;
  }),
);
const memory = new MemoryCurve();
started = Date.now();
const endAt = started + MINUTES * 60_000;
memory.sample(started);
const sampler = setInterval(() => memory.sample(Date.now()), 30_000);

// ---- faults
const kills: { at: number; role: Role; pid: number | undefined }[] = [];
const chaos = (async () => {
  const roles: Role[] = ['ingest', 'relay', 'functions worker'];
  const first = Math.floor(Math.random() * roles.length);
  for (let i = 0; Date.now() + CHAOS_MS / 2 < endAt; i++) {
    await sleep(CHAOS_MS * (0.67 + Math.random() * 0.66));
    if (Date.now() > endAt - LEG_MS * 3) break;
    // Each role in turn from a random first, so a short soak still sees all three.
    const role = roles[(i + first) % roles.length] as Role;
    const pid = kill(role);
    kills.push({ at: Date.now(), role, pid });
    log(`killed the ${role}${pid ? ` (pid ${pid})` : ': none was running'}`);
  }
})();

// ---- churn: one change every half second, by someone
const churn = new Churn(db, PAIRS, (pair) => base.get(pair) ?? 1, idOf('c'));
const churning = (async () => {
  while (Date.now() < endAt) {
    const person = people[Math.floor(Math.random() * people.length)];
    if (person) await churn.step(person).catch((error: Error) => log(`a change failed: ${error.message}`));
    await sleep(500);
  }
})();

// ---- rounds: sentinels on one pair, its price up through them, down through them, back
const sentinels: Sentinel[] = [];
for (let round = 0; Date.now() + 2 * LEG_MS + 8_000 < endAt; round++) {
  const pair = PAIRS[round % PAIRS.length] as CurrencyPair;
  const at = base.get(pair) ?? 1;
  const who = [...people].sort(() => Math.random() - 0.5).slice(0, 10);
  sentinels.push(...(await seedSentinels(db, who, pair, at, idOf('s'))));
  await sleep(4_000);
  target.set(pair, at * 1.003);
  await sleep(LEG_MS);
  target.set(pair, at * 0.997);
  await sleep(LEG_MS);
  target.set(pair, at);
  await sleep(4_000);
  if (round % 5 === 4) log(`${round + 1} rounds, ${sentinels.length} sentinels, ${redeliver.redelivered} redelivered`);
}
await Promise.all([chaos, churning]);
log('faults and changes stop; waiting for every alert and notice to settle');
const settled = await settle(db, sentinels, arrivals, log);
clearInterval(sampler);
memory.sample(Date.now());
redeliver.stop();
await scheduler.stop();
for (const socket of sockets) socket.close();
clearInterval(hold);
await post(`${SIMULATOR}/control/silence`, { silent: false, pairs: PAIRS });
const failed = await report({
  db,
  people,
  sentinels,
  churn,
  arrivals,
  kills,
  redelivered: redeliver.redelivered,
  sockets,
  memory,
  started,
  minutes: MINUTES,
  settled,
});
process.exit(failed ? 1 : 0);
