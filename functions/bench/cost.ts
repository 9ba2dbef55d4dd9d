// Cost benchmark: what a stretch of simulated time bills, counted as Firestore bills it (billing.ts),
// for each population, side by side: today's design (every window published and judged with every
// read, a price write per pair per window, the catch-up reading everything), the naive evaluator
// (every active alert of the pair read per window: computed, it would take the emulator hours), and
// the gated design (docs/cost.md). The stretch is quiet minutes, then a minute with a 0.6% jump on
// every pair. Monthly dollars from the list prices in docs/cost.md.
// Run: npm run bench:cost [-- --minutes 3] [--sizes 0,500,50000] [--today-up-to 500]
import {
  ALERT_TYPES,
  CURRENCY_PAIRS,
  MOVE_ALERT_TYPES,
  MOVE_DIRECTIONS,
  MOVE_LOOKBACK_MINUTES,
  PRICE_SIDES,
  type CurrencyPair,
} from '@price-alerts/domain/common';
import { moveReadOf } from '@price-alerts/domain/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { parseArgs } from 'node:util';
import { clearFirestoreProject } from '../../tests/emulator/firestore-emulator';
import { billedReads, meter, type Bill } from './billing';
import { makeStretch, runDesign, type Minute } from './costRun';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '0,500,50000' },
    'today-up-to': { type: 'string', default: '500' },
  },
});
const MINUTES = Math.max(2, Number(values.minutes));
const SIZES = (values.sizes ?? '').split(',').map(Number);
const TODAY_UP_TO = Number(values['today-up-to']);
const T0 = Date.UTC(2027, 0, 6, 12); // a Wednesday: every market open
const BASE = (pair: CurrencyPair) => 1 + CURRENCY_PAIRS.indexOf(pair);
/** List prices (docs/cost.md): Firestore per operation, invocations, and Pub/Sub per byte ($40 a TiB). */
const PRICE = { read: 0.06 / 1e5, write: 0.18 / 1e5, delete: 0.02 / 1e5, invocation: 0.4 / 1e6, message: 40 / 2 ** 40 };
const MINUTES_A_MONTH = 30 * 24 * 60;

/** A move alert's fields: up, down or on the day by turns, every lookback. */
function moveCondition(i: number, percent: number): Record<string, unknown> {
  const kind = MOVE_ALERT_TYPES[Math.floor(i / 5) % 3] ?? 'Moving up %';
  const fields =
    kind === 'Change on the day'
      ? { alertType: kind, movePercent: percent, direction: MOVE_DIRECTIONS[i % 2] ?? 'up' }
      : { alertType: kind, movePercent: percent, lookbackMinutes: MOVE_LOOKBACK_MINUTES[Math.floor(i / 15) % 4] ?? 15 };
  return { ...fields, moveRead: moveReadOf(fields) };
}

/** Alerts 0.3% to 5% from the price (moves of 0.3% to 5%), every type and side, one in five every time. */
async function seed(db: Firestore, count: number): Promise<number[]> {
  const writer = db.bulkWriter();
  let state = 7;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const perPair = CURRENCY_PAIRS.map(() => 0);
  for (let i = 0; i < count; i++) {
    const p = i % CURRENCY_PAIRS.length;
    const pair = CURRENCY_PAIRS[p] as CurrencyPair;
    perPair[p] = (perPair[p] ?? 0) + 1;
    const type = ALERT_TYPES[i % 3] ?? 'Price reaching';
    const up = type === 'Price rising above' || (type === 'Price reaching' && random() < 0.5);
    const away = 0.003 + random() * 0.047;
    const every = i % 5 === 0;
    void writer.set(db.doc(`users/u${i % 10_000}/alerts/a${i}`), {
      userId: `u${i % 10_000}`,
      currencyPair: pair,
      // One in five is a move alert of the same distance, in per cent, every kind and lookback.
      ...(i % 5 === 2
        ? moveCondition(i, away * 100)
        : { alertType: type, triggerPrice: BASE(pair) * (1 + (up ? away : -away)) }),
      priceSide: PRICE_SIDES[i % 3],
      armed: true,
      status: 'active',
      notificationPreferences: { email: true, push: false },
      createdAt: Timestamp.fromMillis(T0 - 3_600_000),
      ...(every ? { repeat: 'every', cooldownMinutes: 1, rearmPercent: 0.1 } : {}),
    });
  }
  await writer.close();
  return perPair;
}

interface Row {
  design: string;
  idle: Minute;
  busy: Minute;
  note?: string;
}

const perIdleMinute = (minutes: Minute[]): Minute => {
  const idle = minutes.slice(0, -1);
  const sum = (f: (m: Minute) => number) => idle.reduce((n, m) => n + f(m), 0) / idle.length;
  const bill = {} as Bill;
  for (const k of Object.keys(idle[0]?.bill ?? {}) as (keyof Bill)[]) bill[k] = sum((m) => m.bill[k]);
  return { bill, messages: sum((m) => m.messages), invocations: sum((m) => m.invocations), fired: sum((m) => m.fired) };
};

/** The naive evaluator's bill, computed from today's: its 15 range reads per pair become one read of the pair's alerts. */
function naive(today: Minute, perPair: number[]): Minute {
  const windows = today.messages;
  const pairReads = perPair.reduce((n, c) => n + Math.max(1, c), 0);
  const fromRanges = windows * 15 * CURRENCY_PAIRS.length;
  const bill = {
    ...today.bill,
    queries: today.bill.queries - fromRanges + windows * 15,
    queryReads: today.bill.queryReads - fromRanges + windows * pairReads,
  };
  return { ...today, bill };
}

const monthly = (m: Minute) =>
  MINUTES_A_MONTH *
  (billedReads(m.bill) * PRICE.read +
    m.bill.writes * PRICE.write +
    m.bill.deletes * PRICE.delete +
    m.invocations * PRICE.invocation +
    m.messages * 1024 * PRICE.message);

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(1));

function print(label: string, rows: Row[]): void {
  console.log(`\n${label}`);
  console.log(
    '| design | queries | billed reads (query/point/listener) | writes | deletes | messages | invocations | $/month idle | busy minute: reads, writes, fired |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { design, idle, busy, note } of rows) {
    const b = idle.bill;
    console.log(
      `| ${design}${note ? ` (${note})` : ''} | ${fmt(b.queries)} | ${fmt(billedReads(b))} (${fmt(b.queryReads)}/${fmt(b.pointReads)}/${fmt(b.listenerReads)}) | ${fmt(b.writes)} | ${fmt(b.deletes)} | ${fmt(idle.messages)} | ${fmt(idle.invocations)} | $${monthly(idle).toFixed(2)} | ${fmt(billedReads(busy.bill))}, ${fmt(busy.bill.writes)}, ${fmt(busy.fired)} |`,
    );
  }
}

async function main(): Promise<void> {
  meter.install();
  const stretch = makeStretch(MINUTES, T0, 0.6, BASE);
  console.log(
    `Per idle minute (the first ${MINUTES - 1} simulated minutes), and the minute with a 0.6% jump on every pair.`,
  );
  /** Today's idle minute as last run: its queries find nothing at idle, whatever the number of alerts. */
  let todayIdle: Minute | undefined;
  for (const size of SIZES) {
    const rows: Row[] = [];
    const runToday = size <= TODAY_UP_TO;
    const runs = [...(runToday ? (['today'] as const) : []), 'gated' as const];
    let startReads = 0;
    for (const design of runs) {
      const project = `demo-cost-${design}-${size}`;
      await clearFirestoreProject(project);
      const app = initializeApp({ projectId: project }, `${project}-${Date.now()}`);
      const db = getFirestore(app);
      const perPair = await seed(db, size);
      const run = await runDesign(db, design, stretch);
      startReads = Math.max(startReads, run.startReads);
      const idle = perIdleMinute(run.minutes);
      const busy = run.minutes.at(-1) as Minute;
      if (design === 'today') {
        todayIdle = idle;
        rows.push({ design: 'today', idle, busy });
        rows.push({ design: 'naive', idle: naive(idle, perPair), busy: naive(busy, perPair), note: 'computed' });
      } else {
        if (!runToday && todayIdle) {
          // Too slow to run here: the emulator scans every alert for each of its 226 queries a second.
          rows.push({ design: 'today', idle: todayIdle, busy: todayIdle, note: 'idle as run with fewer alerts' });
          const computed = naive(todayIdle, perPair);
          rows.push({ design: 'naive', idle: computed, busy: computed, note: 'computed' });
        }
        rows.push({ design: 'gated', idle, busy });
      }
      await deleteApp(app);
    }
    print(`${fmt(size)} active alerts; the listener reads ${fmt(startReads)} once per ingest start`, rows);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
