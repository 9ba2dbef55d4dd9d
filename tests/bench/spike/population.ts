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
): Promise<string[]> {
  const uids = Array.from({ length: p.users }, (_, i) => `${tag}-${i}`);
  for (let i = 0; i < uids.length; i += 1000) {
    const page = uids.slice(i, i + 1000).map((uid) => ({ uid, email: `${uid}@example.test`, emailVerified: true }));
    const result = await getAuth(app).importUsers(page);
    if (result.failureCount) throw new Error(`importing accounts: ${result.errors[0]?.error.message}`);
  }
  const writes: ((batch: WriteBatch) => void)[] = [];
  for (const uid of uids) {
    // As the registration stores a device: the token, and the sender's copy of the user's device ids.
    writes.push((b) => {
      b.set(db.doc(`users/${uid}/pushTokens/bench`), { token: `local:${uid}`, updatedAt: Timestamp.now() });
      b.set(db.doc(`pushDevices/${uid}`), {
        tokenIds: ['bench'],
        updatedAt: Timestamp.now(),
      });
    });
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
  for (let i = 0; i < writes.length; i += 250) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + 250)) write(batch);
    await batch.commit();
  }
  return uids;
}

/** First and last of a series of moments, in seconds after `start`. */
export interface Span {
  count: number;
  first: number;
  last: number;
}

export function spanOf(moments: readonly number[], start: number): Span {
  const sorted = [...moments].sort((a, b) => a - b);
  const s = (t: number | undefined) => (t === undefined ? NaN : (t - start) / 1000);
  return { count: sorted.length, first: s(sorted[0]), last: s(sorted.at(-1)) };
}

export interface SpikeTimes {
  triggered: Span;
  email: Span;
  push: Span;
  /** Deliveries whose email and push were both final when the wait ended. */
  delivered: number;
  /** How long after its commit a sampled user's own listener saw the alert in PREVIOUS: the worst, in ms. */
  listenerLagMs: number | undefined;
}

/** Users whose own alerts are listened to during the spike, as their app would. */
const SAMPLED_USERS = 5;

/**
 * Forces the price and times, from that moment: each alert of `level` reaching PREVIOUS, each email
 * reaching the mail sink, and each push written to the local channel. Waits until every firing's
 * delivery has its email and push sent, or `timeoutMs`.
 *
 * An alert reaches PREVIOUS when its firing commits: that commit time is read afterwards, as is each
 * push's. A listener over every user's alerts would time the same, but on the emulator it loads the
 * stack it measures (one listener over 5,000 firings makes their writes take 9 s instead of 1 s);
 * the app listens to one user's alerts, so a few users' own listeners check how soon a listener sees
 * the commit.
 */
export async function spike(
  db: Firestore,
  opts: {
    level: number;
    alerts: number;
    users: readonly string[];
    force: () => Promise<void>;
    mailSink: string;
    timeoutMs: number;
  },
): Promise<SpikeTimes> {
  const start = Date.now();
  const emails: number[] = [];
  let listenerLagMs: number | undefined;
  const step = Math.max(1, Math.floor(opts.users.length / SAMPLED_USERS));
  const sampled = opts.users.filter((_, i) => i % step === 0).slice(0, SAMPLED_USERS);
  let listening = 0;
  const stops = sampled.map((uid) => {
    let first = true;
    return db
      .collection(`users/${uid}/alerts`)
      .where('status', '==', 'triggered')
      .onSnapshot((s) => {
        if (first) [first, listening] = [false, listening + 1];
        else
          for (const c of s.docChanges())
            if (c.type === 'added' && c.doc.get('triggerPrice') === opts.level)
              listenerLagMs = Math.max(listenerLagMs ?? 0, Date.now() - c.doc.updateTime.toMillis());
      });
  });
  while (listening < stops.length) await sleep(50);
  const received = async () =>
    ((await (await fetch(`${opts.mailSink}/health`)).json()) as { received: number }).received;
  const mailsBefore = await received();
  await opts.force();
  const alerts = db.collectionGroup('alerts').where('triggerPrice', '==', opts.level);
  const deliveries = db.collection('deliveries').where('triggerPrice', '==', opts.level);
  let delivered = 0;
  let seen = mailsBefore;
  for (let tick = 0; Date.now() - start < opts.timeoutMs; tick++) {
    await sleep(250);
    const now = await received();
    for (let i = seen; i < now; i++) emails.push(Date.now());
    seen = now;
    // Counting scans the deliveries: every 5 s, so as not to load the stack.
    if (tick % 20 !== 19) continue;
    const [mailed, pushed] = await Promise.all([
      countOf(deliveries.where('channels.email.state', '==', 'sent')),
      countOf(deliveries.where('channels.push.state', '==', 'sent')),
    ]);
    delivered = Math.min(mailed, pushed);
    if (delivered >= opts.alerts) break;
  }
  // Whatever the sink still had on the way.
  await sleep(1_000);
  for (let i = seen, now = await received(); i < now; i++) emails.push(Date.now());
  for (const stop of stops) stop();
  const fired = (await alerts.where('status', '==', 'triggered').select().get()).docs;
  const pushes = (await db.collectionGroup('localPush').select().get()).docs
    .map((d) => d.createTime.toMillis())
    .filter((t) => t >= start);
  return {
    triggered: spanOf(
      fired.map((d) => d.updateTime.toMillis()),
      start,
    ),
    email: spanOf(emails, start),
    push: spanOf(pushes, start),
    delivered,
    listenerLagMs,
  };
}
