// A spike with faults, against the Firestore and Auth emulators, the real SendGrid client and the
// local sink, and a typed fake of FCM: the sender of the window that fires it dies after its first
// page, Pub/Sub redelivers the window while a restarted ingest publishes a later one over the same
// levels, and the sweeper takes over. Every alert fires once, and every firing is told exactly once on
// each channel, whether in a user's grouped notice or alone by the sweeper.
import { pushTokenId } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { evaluateIntervals } from '../evaluation/intervals';
import { OUTBOX_LEASE_MS, dueDeliveries, withOutbox } from '../repositories/deliveries';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm, type FakeFcm } from '../testing/fakeFcm';
import { interval } from '../testing/intervals';
import { testSender } from '../testing/sender';
import { sendDelivery } from './sender';
import { sendMany } from './sendMany';

const PROJECT = 'demo-spike-faults';
/** Alerts per user: singles and a few users with many levels. */
const ALERTS = [1, 1, 1, 1, 1, 1, 12, 7, 1, 20];
let t: TestApp;
let sink: MailSink;
let fcm: FakeFcm;
let uids: string[];

beforeAll(async () => {
  t = await testApp(PROJECT);
  await clearFirestoreProject(PROJECT);
  sink = await startMailSink();
  fcm = fakeFcm();
  const stamp = Date.now();
  uids = await Promise.all(
    ALERTS.map(
      async (_, i) => (await t.auth.createUser({ email: `t${i}-${stamp}@example.test`, emailVerified: true })).uid,
    ),
  );
  await seedAlerts(
    t.db,
    ALERTS.flatMap((n, u) =>
      Array.from({ length: n }, (_, i) => ({
        uid: uids[u] ?? '',
        id: `level-${i}`,
        type: 'Price rising above' as const,
        trigger: 1.1 + i / 10_000,
      })),
    ),
  );
  for (const uid of uids)
    await t.db
      .doc(`users/${uid}/pushTokens/${await pushTokenId(`token-${uid}`)}`)
      .set({ token: `token-${uid}`, updatedAt: Timestamp.now() });
});
afterAll(async () => {
  await sink.close();
  await t.close();
});

const sender = (owner: string, now = Date.now) => testSender(t, { sinkUrl: sink.url, fcm, owner, now });
/** How many firings an email or push tells of: 'and 11 more' is 12. */
const told = (title: string) => 1 + Number(/ and (\d+) more$/.exec(title)?.[1] ?? 0);

describe('a spike with faults', () => {
  it('fires each alert once and tells each firing once per channel', async () => {
    const spike = interval(Date.now() - 2_000, { first: 1.09, low: 1.09, high: 1.2, last: 1.2 }, 1.09);
    // The first sender's instance stops as its second page looks its recipients up: nothing of it goes out.
    const dying = sender('evaluator-a');
    const { recipients } = dying;
    let pages = 0;
    dying.recipients = {
      ...recipients,
      emails: (u) => (++pages >= 2 ? Promise.reject(new Error('instance stopped')) : recipients.emails(u)),
    };
    const evaluate = async (owner: string, window: typeof spike, deps = sender(owner)) => {
      const lease = `${owner}:lease`;
      const { created } = await withOutbox(lease, () => evaluateIntervals(t.db, [window]));
      await sendMany(deps, created, lease, { pageSize: 10, pagesAtOnce: 1 });
      return created;
    };
    await expect(evaluate('evaluator-a', spike, dying)).rejects.toThrow('instance stopped');
    expect(pages).toBe(2);
    // Pub/Sub redelivers the message while a restarted ingest publishes a later window over the same
    // levels: both at once, and neither has anything left to fire.
    const later = interval(Date.now() - 1_000, { first: 1.2, low: 1.19, high: 1.21, last: 1.2 }, 1.2);
    expect(await Promise.all([evaluate('evaluator-b', spike), evaluate('evaluator-c', later)])).toEqual([[], []]);
    // The sweeper, once the dead sender's lease has ended.
    const afterLease = () => Date.now() + OUTBOX_LEASE_MS + 1_000;
    for (const id of await dueDeliveries(t.db, afterLease())) await sendDelivery(sender('sweeper', afterLease), id);

    const total = ALERTS.reduce((a, b) => a + b, 0);
    const fired = await t.db.collectionGroup('history').where('type', '==', 'fired').get();
    expect(fired.size).toBe(total);
    const deliveries = await t.db.collection('deliveries').get();
    expect(deliveries.docs.map((d) => [d.get('channels.email.state'), d.get('channels.push.state')])).toEqual(
      Array(total).fill(['sent', 'sent']),
    );
    // Per user, the firings the emails and pushes told of add up to the user's alerts: none twice.
    for (const [u, uid] of uids.entries()) {
      const address = (await t.auth.getUser(uid)).email;
      const mails = sink.mails.filter((m) => m.to.includes(address ?? '-'));
      const pushes = fcm.sent.filter((m) => m.token === `token-${uid}`);
      expect(mails.reduce((n, m) => n + told(m.subject), 0)).toBe(ALERTS[u]);
      expect(pushes.reduce((n, m) => n + told(m.notification?.title ?? ''), 0)).toBe(ALERTS[u]);
    }
  });
});
