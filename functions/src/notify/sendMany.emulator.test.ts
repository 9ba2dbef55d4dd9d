// A spike's sending against the Firestore and Auth emulators, the real SendGrid client against the
// local sink and a typed fake of FCM's sendEach: alerts fired through an outbox are sent by its
// sender in provider batches, one notice per user, each firing keeping its own state per channel.
import { pathFromInterval } from '@price-alerts/domain/alerts';
import { pushTokenId, type Delivery } from '@price-alerts/domain/notify';
import { type MailSink } from '@price-alerts/stand-ins/mail';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireAlerts } from '../evaluation/fire';
import { dueDeliveries, withOutbox } from '../repositories/deliveries';
import { saveWebhook } from '../repositories/webhooks';
import { startReceiver } from '../testing/receiver';
import { httpWebhookProvider } from '../webhooks/provider';
import { seedAlerts, type TestApp } from '../testing/emulatorApp';
import { fakeFcm, type FakeFcm } from '../testing/fakeFcm';
import { interval } from '../testing/intervals';
import { mailSuite, testSender } from '../testing/sender';
import { GAVE_UP } from './channels';
import { sendDelivery } from './sender';
import { sendFired } from './sendFired';
import { sendMany } from './sendMany';

const PROJECT = 'demo-send-many';
const LEASE = 'evaluator-test:lease';
let t: TestApp;
let sink: MailSink;
let fcm: FakeFcm;
let users: string[];
let clock: number;
let calls: { mail: number; push: number };

const suite = mailSuite(PROJECT, ['ada', 'bob', 'cy']);
beforeAll(() => {
  ({ t, sink, users } = suite);
});
beforeEach(async () => {
  await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 0 }) });
  fcm = fakeFcm();
  clock = 1_900_000_000_000;
  calls = { mail: 0, push: 0 };
});

function sender() {
  const deps = testSender(t, { sinkUrl: sink.url, fcm, owner: 'sender-test', now: () => clock });
  const { email, push } = deps;
  deps.email = { ...email, sendMany: (m) => (calls.mail++, email.sendMany(m)) };
  deps.push = { ...push, sendMany: (r) => (calls.push++, push.sendMany(r)) };
  return deps;
}

/** `counts[i]` alerts of users[i] rising above 1.1, each user with one device, fired by one window. */
async function fire(counts: number[]): Promise<string[]> {
  const alerts = counts.flatMap((n, u) =>
    Array.from({ length: n }, (_, i) => ({
      uid: users[u] ?? '',
      id: `alert-${i}`,
      type: 'Price rising above' as const,
      trigger: 1.1 + i / 10_000,
    })),
  );
  await seedAlerts(t.db, alerts);
  for (const uid of users)
    await t.db
      .doc(`users/${uid}/pushTokens/${await pushTokenId(`token-${uid}`)}`)
      .set({ token: `token-${uid}`, updatedAt: Timestamp.now() });
  const path = pathFromInterval(interval(1_800_000_000_000, { first: 1.09, low: 1.09, high: 1.2, last: 1.2 }, 1.09));
  const { created } = await withOutbox(LEASE, () =>
    fireAlerts(
      t.db,
      alerts.map((a) => `users/${a.uid}/alerts/${a.id}`),
      path,
    ),
  );
  return created;
}

const stored = async (id: string) => (await t.db.doc(`deliveries/${id}`).get()).data() as Delivery;
const notified = async (uid: string, alert: string) =>
  (await t.db.collection(`users/${uid}/alerts/${alert}/history`).where('type', '==', 'notified').get()).docs
    .map((d) => `${String(d.get('channel'))} ${String(d.get('outcome'))}`)
    .sort();

describe('sending what a firing created', () => {
  it('creates the deliveries leased to the firing, so the sweeper leaves them to it', async () => {
    const ids = await fire([2]);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect((await stored(id)).lease?.owner).toBe(LEASE);
    expect(await dueDeliveries(t.db, Date.now())).toEqual([]);
  });

  it('tells each user once for all their firings, in one call per provider, each firing its own state', async () => {
    const ids = await fire([12, 1, 0]);
    expect(await sendMany(sender(), ids, LEASE)).toEqual({ batched: 13, alone: 0, retries: [] });
    expect(calls).toEqual({ mail: 1, push: 1 });
    const subjects = sink.mails.map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'EUR/USD: Price rising above 1.10000 (now 1.20000)',
      'EUR/USD: Price rising above 1.10000 (now 1.20000) and 11 more',
    ]);
    expect(fcm.sent.map((m) => m.notification?.title).sort()).toEqual([
      'EUR/USD: Price rising above 1.10000',
      'EUR/USD: Price rising above 1.10000 and 11 more',
    ]);
    for (const id of ids) {
      const d = await stored(id);
      expect(d.channels).toMatchObject({ email: { state: 'sent', attempts: 1 }, push: { state: 'sent', attempts: 1 } });
      expect(d.lease).toBeUndefined();
      expect(d.dueAt).toBeUndefined();
    }
    expect(await notified(users[0] ?? '', 'alert-11')).toEqual(['email sent', 'push sent']);
    // A second look (a redelivered message, the sweeper) finds nothing left to send.
    expect(await sendMany(sender(), ids, LEASE)).toEqual({ batched: 0, alone: 0, retries: [] });
    expect([sink.mails.length, fcm.sent.length]).toEqual([2, 2]);
  });

  it('records a refused recipient alone, and sends nobody else twice', async () => {
    const ids = await fire([1, 2, 1]);
    const bob = await t.auth.getUser(users[1] ?? '');
    await fetch(`${sink.url}/control/refuse`, { method: 'POST', body: JSON.stringify({ email: bob.email }) });
    await sendMany(sender(), ids, LEASE);
    const emailOf = async (id: string) => (await stored(id)).channels.email?.state;
    expect(await Promise.all(ids.map(emailOf))).toEqual(
      ids.map((id) => (id.startsWith(users[1] ?? '-') ? 'failed' : 'sent')),
    );
    expect(sink.mails.map((m) => m.to[0]).sort()).toHaveLength(2);
    const history = await t.db
      .collection(`users/${users[1]}/alerts/alert-0/history`)
      .where('type', '==', 'notified')
      .get();
    expect(history.docs.map((d) => [d.get('channel'), d.get('reason')])).toContainEqual([
      'email',
      GAVE_UP.email.refused,
    ]);
    expect(fcm.sent).toHaveLength(3);
  });

  it('retries an email the provider could not take, and never sends the push again', async () => {
    const ids = await fire([1, 1, 0]);
    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 429, count: 1 }) });
    const { retries } = await sendMany(sender(), ids, LEASE);
    expect(retries.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(sink.mails).toHaveLength(0);
    expect(fcm.sent).toHaveLength(2);
    clock += 60_000;
    for (const id of await dueDeliveries(t.db, clock)) await sendDelivery(sender(), id);
    expect(sink.mails).toHaveLength(2);
    expect(fcm.sent).toHaveLength(2);
    for (const id of ids) expect((await stored(id)).channels.email).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('leaves what a sender that died mid-batch had not recorded to the sweeper, and nothing it had', async () => {
    const ids = await fire([1, 1, 1]);
    const dying = sender();
    const { recipients } = dying;
    let pages = 0;
    dying.recipients = {
      ...recipients,
      // The instance stops as its second page looks its recipients up: that page sends nothing.
      emails: (u) => (++pages === 2 ? Promise.reject(new Error('instance stopped')) : recipients.emails(u)),
    };
    await expect(sendMany(dying, ids, LEASE, { pageSize: 2, pagesAtOnce: 1 })).rejects.toThrow('instance stopped');
    const sentBefore = sink.mails.length;
    expect(sentBefore).toBe(2);
    clock += 120_000;
    const due = await dueDeliveries(t.db, clock);
    expect(due).toHaveLength(1);
    for (const id of due) await sendDelivery(sender(), id);
    expect(sink.mails.map((m) => m.to[0]).sort()).toEqual(
      (await Promise.all(users.map(async (u) => (await t.auth.getUser(u)).email))).sort(),
    );
  });

  it('groups the email and push of a user with a webhook, and still signs one request per firing', async () => {
    const hooks: string[] = [];
    const receiver = await startReceiver((request, res) => {
      hooks.push(request.body);
      res.writeHead(200).end('ok');
    });
    try {
      const uid = users[0] ?? '';
      await t.db.doc(`users/${uid}`).set({ fullName: 'Trader' }, { merge: true });
      const hook = { url: `${receiver.url}/hooks`, holdInQuietHours: false, since: 0, secretHint: 'kkkk' };
      await saveWebhook(t.db, uid, hook, `whsec_${'k'.repeat(43)}`);
      const ids = await fire([3, 1, 0]);
      const deps = { ...sender(), webhook: httpWebhookProvider(t.db, new URL(receiver.url).origin) };
      expect(await sendMany(deps, ids, LEASE)).toMatchObject({ batched: 4, alone: 0 });
      expect(calls).toEqual({ mail: 1, push: 1 });
      expect(sink.mails.map((m) => m.subject).sort()).toEqual([
        'EUR/USD: Price rising above 1.10000 (now 1.20000)',
        'EUR/USD: Price rising above 1.10000 (now 1.20000) and 2 more',
      ]);
      expect(hooks).toHaveLength(3);
      for (const id of ids.filter((i) => i.startsWith(uid))) {
        const d = await stored(id);
        expect(d.channels.webhook).toMatchObject({ state: 'sent', attempts: 1 });
        expect(d.lease).toBeUndefined();
      }
    } finally {
      await receiver.close();
    }
  });

  it('tries again within seconds, still in one batch, when the provider could not take it', async () => {
    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 429, count: 1 }) });
    // The real clock: the retry is waited for.
    const deps = { ...sender(), now: Date.now };
    const path = pathFromInterval(interval(Date.now() - 2_000, { first: 1.09, low: 1.09, high: 1.2, last: 1.2 }, 1.09));
    await seedAlerts(
      t.db,
      users.map((uid) => ({ uid, id: 'alert-0', type: 'Price rising above' as const, trigger: 1.1 })),
    );
    const fired = await sendFired(deps, () =>
      fireAlerts(
        t.db,
        users.map((u) => `users/${u}/alerts/alert-0`),
        path,
      ),
    );
    expect(fired).toEqual({ fired: 3, failed: 0 });
    expect(calls.mail).toBe(2);
    expect(sink.mails).toHaveLength(3);
    const states = await t.db.collection('deliveries').get();
    expect(states.docs.map((d) => d.get('channels.email'))).toEqual(
      Array(3).fill(expect.objectContaining({ state: 'sent', attempts: 2 })),
    );
  });

  it('sends what a run fired before it failed, and gives the failure up after', async () => {
    const path = pathFromInterval(interval(Date.now() - 2_000, { first: 1.09, low: 1.09, high: 1.2, last: 1.2 }, 1.09));
    await seedAlerts(t.db, [{ uid: users[0] ?? '', id: 'alert-0', type: 'Price rising above', trigger: 1.1 }]);
    await t.db
      .doc(`users/${users[0]}/pushTokens/device`)
      .set({ token: 'token-ada-device', updatedAt: Timestamp.now() });
    const run = sendFired({ ...sender(), now: Date.now }, async () => {
      expect(await fireAlerts(t.db, [`users/${users[0]}/alerts/alert-0`], path)).toEqual({ fired: 1, failed: 0 });
      throw new Error('a later chunk could not commit');
    });
    await expect(run).rejects.toThrow('a later chunk could not commit');
    expect(sink.mails).toHaveLength(1);
    expect(fcm.sent).toHaveLength(1);
  });

  it('hands the pushes quiet hours hold to the digest, and still groups the email', async () => {
    const ids = await fire([20, 1, 0]);
    // The test's clock is 17:46 UTC: within the hours, which hold push only.
    const hours = { enabled: true, from: '17:00', to: '19:00', timeZone: 'UTC', holdEmail: false };
    await t.db.doc(`users/${users[0]}`).set({ quietHours: hours }, { merge: true });
    expect(await sendMany(sender(), ids, LEASE)).toMatchObject({ batched: 21, alone: 0 });
    expect(sink.mails.map((m) => m.subject).sort()).toEqual([
      'EUR/USD: Price rising above 1.10000 (now 1.20000)',
      'EUR/USD: Price rising above 1.10000 (now 1.20000) and 19 more',
    ]);
    expect(fcm.sent.map((m) => m.token)).toEqual([`token-${users[1]}`]);
    const digests = await t.db.collection('digests').where('userId', '==', users[0]).get();
    expect(digests.docs.map((d) => d.get('count'))).toEqual([20]);
    for (const id of ids.filter((i) => i.startsWith(users[0] ?? '-'))) {
      const d = await stored(id);
      expect([d.channels.email?.state, d.channels.push?.state, d.lease]).toEqual(['sent', 'held', undefined]);
    }
  });

  it('sends a delivery named twice once', async () => {
    const ids = await fire([1, 1, 0]);
    await sendMany(sender(), [...ids, ...ids], LEASE);
    expect(sink.mails.map((m) => m.subject)).toEqual(
      Array(2).fill('EUR/USD: Price rising above 1.10000 (now 1.20000)'),
    );
  });
});
