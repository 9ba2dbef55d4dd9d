// A population of a news spike on the local stack: its accounts, each with a verified email and one
// device on the emulators' local push channel, and their 'rising above' alerts at one level, with
// email and push on. Then the spike itself: one forced price, timed as the users would see it.
import { type CurrencyPair } from '@price-alerts/domain/common';
import { type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, type Firestore, type Query, type WriteBatch } from 'firebase-admin/firestore';

export interface Population {
  name: string;
  users: number;
  alertsEach: number;
}

export const POPULATIONS: readonly Population[] = [
  { name: '10,000 users, one alert each', users: 10_000, alertsEach: 1 },
  { name: '50 users, 200 alerts each', users: 50, alertsEach: 200 },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const countOf = async (query: Query) => (await query.count().get()).data().count;

/** Accounts in pages of 1,000 (the Auth import's limit), alerts and devices in batches of 500 writes. */
export async function seedPopulation(
  app: App,
  db: Firestore,
  p: Population,
  pair: CurrencyPair,
  level: number,
  tag: string,
): Promise<void> {
  const uids = Array.from({ length: p.users }, (_, i) => `${tag}-${i}`);
  for (let i = 0; i < uids.length; i += 1000) {
    const page = uids.slice(i, i + 1000).map((uid) => ({ uid, email: `${uid}@example.test`, emailVerified: true }));
    const result = await getAuth(app).importUsers(page);
    if (result.failureCount) throw new Error(`importing accounts: ${result.errors[0]?.error.message}`);
  }
  const writes: ((batch: WriteBatch) => void)[] = [];
  for (const uid of uids) {
    writes.push((b) =>
      b.set(db.doc(`users/${uid}/pushTokens/bench`), { token: `local:${uid}`, updatedAt: Timestamp.now() }),
    );
    for (let a = 0; a < p.alertsEach; a++)
      writes.push((b) =>
        b.set(db.collection(`users/${uid}/alerts`).doc(), {
          userId: uid,
          currencyPair: pair,
          alertType: 'Price rising above',
          triggerPrice: level,
          priceSide: 'ask',
          armed: true,
          status: 'active',
          notificationPreferences: { email: true, push: true },
          createdAt: FieldValue.serverTimestamp(),
        }),
      );
  }
  // One batch at a time: each alert written queues a history trigger on the stack.
  for (let i = 0; i < writes.length; i += 500) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + 500)) write(batch);
    await batch.commit();
  }
}

/** First and last of a series of moments, in seconds after `start`. */
export interface Span {
  count: number;
  first: number;
  last: number;
}

export class Moments {
  readonly at: number[] = [];
  constructor(private readonly start: number) {}
  add(times = 1, now = Date.now()): void {
    for (let i = 0; i < times; i++) this.at.push(now);
  }
  span(): Span {
    const s = (t: number | undefined) => (t === undefined ? NaN : (t - this.start) / 1000);
    return { count: this.at.length, first: s(this.at[0]), last: s(this.at.at(-1)) };
  }
}

export interface SpikeTimes {
  triggered: Span;
  email: Span;
  push: Span;
  /** Deliveries whose email and push were both final when the wait ended. */
  delivered: number;
}

/**
 * Forces `price` and times, from that moment: each alert of `level` reaching PREVIOUS (a listener, as
 * the app's), each email reaching the mail sink, and each push written to the local channel. Waits
 * until every firing's delivery has its email and push sent, or `timeoutMs`.
 */
export async function spike(
  db: Firestore,
  opts: { level: number; alerts: number; force: () => Promise<void>; mailSink: string; timeoutMs: number },
): Promise<SpikeTimes> {
  const start = Date.now();
  const triggered = new Moments(start);
  const email = new Moments(start);
  const push = new Moments(start);
  let pushReady = false;
  const stopPush = db.collectionGroup('localPush').onSnapshot((s) => {
    if (pushReady) push.add(s.docChanges().filter((c) => c.type === 'added').length);
    pushReady = true;
  });
  const stopAlerts = db
    .collectionGroup('alerts')
    .where('triggerPrice', '==', opts.level)
    .where('status', '==', 'triggered')
    .onSnapshot((s) => triggered.add(s.docChanges().filter((c) => c.type === 'added').length));
  const received = async () =>
    ((await (await fetch(`${opts.mailSink}/health`)).json()) as { received: number }).received;
  const mailsBefore = await received();
  while (!pushReady) await sleep(50);
  await opts.force();
  const deliveries = db.collection('deliveries').where('triggerPrice', '==', opts.level);
  let delivered = 0;
  let seen = mailsBefore;
  for (let tick = 0; Date.now() - start < opts.timeoutMs; tick++) {
    await sleep(250);
    const now = await received();
    email.add(now - seen);
    seen = now;
    // Counting scans the deliveries: every 5 s, once every alert is in PREVIOUS, so as not to load the stack.
    if (tick % 20 !== 19 || triggered.at.length < opts.alerts) continue;
    const [mailed, pushed] = await Promise.all([
      countOf(deliveries.where('channels.email.state', '==', 'sent')),
      countOf(deliveries.where('channels.push.state', '==', 'sent')),
    ]);
    delivered = Math.min(mailed, pushed);
    if (delivered >= opts.alerts) break;
  }
  // Whatever the sink and the channel still had on the way.
  await sleep(1_000);
  email.add((await received()) - seen);
  stopPush();
  stopAlerts();
  return { triggered: triggered.span(), email: email.span(), push: push.span(), delivered };
}
