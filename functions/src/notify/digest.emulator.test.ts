// Quiet hours against the emulators with a clock the test moves: what is held, the one digest
// that carries it when the hours end (or at once when they are turned off), and the digest under
// the same faults as a single send: provider 500s, a dead token, two senders, a killed sender.
import { pushTokenId, type Delivery, type Digest, type QuietHours } from '@price-alerts/domain';
import { startMailSink, type MailSink } from '@price-alerts/mail-sink';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { dueDigests } from '../repositories/digests';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm, type FakeFcm } from '../testing/fakeFcm';
import { testSender } from '../testing/sender';
import { rescheduleDigests, sendDigest } from './digests';
import { sendDelivery } from './sender';

const PROJECT = 'demo-digests';
const t_ = (iso: string) => Date.parse(iso);
// Winter: London is on UTC, New York five hours behind.
const NIGHT = { start: t_('2026-11-23T22:00:00Z'), end: t_('2026-11-24T07:00:00Z') };
const QUIET: QuietHours = { enabled: true, from: '22:00', to: '07:00', timeZone: 'Europe/London', holdEmail: false };

let t: TestApp;
let sink: MailSink;
let fcm: FakeFcm;
let uid: string;
let clock: number;

beforeAll(async () => {
  t = await testApp(PROJECT);
  sink = await startMailSink();
  uid = (await t.auth.createUser({ email: `quiet-${Date.now()}@example.test`, emailVerified: true })).uid;
});
afterAll(async () => {
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  await clearFirestoreProject(PROJECT);
  sink.mails.length = 0;
  await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 0 }) });
  fcm = fakeFcm();
  clock = NIGHT.start;
  await setQuiet(QUIET);
  await t.db.doc(`users/${uid}/pushTokens/${await pushTokenId('device-token-1')}`).set({ token: 'device-token-1' });
});

const sender = (owner = 'sender-a') => testSender(t, { sinkUrl: sink.url, fcm, owner, now: () => clock });
const setQuiet = (quietHours: QuietHours | null) =>
  t.db.doc(`users/${uid}`).set(quietHours ? { quietHours } : {}, { merge: false });

/** An alert of the user that fired at `at` (the clock by default), with its pending delivery. */
async function fired(alertId: string, at = clock, pair: Delivery['currencyPair'] = 'EUR/USD') {
  await seedAlerts(t.db, [
    { uid, id: alertId, pair, type: 'Price rising above', trigger: 1.1, status: 'triggered', createdAt: at - 60_000 },
  ]);
  const id = `${uid}__${alertId}__${at}`;
  await t.db.doc(`deliveries/${id}`).set({
    userId: uid,
    alertId,
    currencyPair: pair,
    alertType: 'Price rising above',
    triggerPrice: 1.1,
    triggeredPrice: 1.10012,
    triggeredAt: Timestamp.fromMillis(at),
    channels: { email: { state: 'pending', attempts: 0 }, push: { state: 'pending', attempts: 0 } },
    dueAt: at,
  });
  return id;
}
const delivery = async (id: string) => (await t.db.doc(`deliveries/${id}`).get()).data() as Delivery;
const digests = async () =>
  (await t.db.collection('digests').get()).docs.map((d) => ({ id: d.id, ...(d.data() as Digest) }));
const onlyDigest = async () => {
  const all = await digests();
  expect(all).toHaveLength(1);
  return all[0] as Digest & { id: string };
};
async function history(alertId: string) {
  const snapshot = await t.db.collection(`users/${uid}/alerts/${alertId}/history`).orderBy('at').get();
  return snapshot.docs.map((d) => {
    const { type, channel, outcome, digest, reason } = d.data();
    return {
      type,
      channel,
      ...(outcome ? { outcome } : {}),
      ...(digest ? { digest } : {}),
      ...(reason ? { reason } : {}),
    };
  });
}

describe('holding for quiet hours', () => {
  it('sends a firing at 21:59:59 at once and holds the push of one at 22:00, sending its email', async () => {
    clock = NIGHT.start - 1_000;
    const before = await fired('before');
    expect(await sendDelivery(sender(), before)).toMatchObject({ outcome: 'sent' });
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);

    clock = NIGHT.start;
    const during = await fired('during');
    expect(await sendDelivery(sender(), during)).toMatchObject({ outcome: 'sent' });
    expect([sink.mails.length, fcm.sent.length]).toEqual([2, 1]);
    const digest = await onlyDigest();
    expect((await delivery(during)).channels).toMatchObject({
      email: { state: 'sent' },
      push: { state: 'held', digestId: digest.id },
    });
    expect(digest).toMatchObject({ open: true, dueAt: NIGHT.end, count: 1, timeZone: 'Europe/London' });
    expect(digest.items.map((i) => [i.alertId, i.channels])).toEqual([['during', ['push']]]);
    expect(await history('during')).toEqual([
      { type: 'held', channel: 'push' },
      { type: 'notified', channel: 'email', outcome: 'sent' },
    ]);
    expect(await dueDigests(t.db, NIGHT.end - 1)).toEqual([]);
  });

  it('holds email too when asked, and holds nothing when quiet hours are off', async () => {
    await setQuiet({ ...QUIET, holdEmail: true });
    const held = await fired('held');
    await sendDelivery(sender(), held);
    expect((await delivery(held)).channels).toMatchObject({ email: { state: 'held' }, push: { state: 'held' } });
    expect([sink.mails.length, fcm.sent.length]).toEqual([0, 0]);

    await setQuiet({ ...QUIET, enabled: false });
    clock += 1;
    const sent = await fired('sent');
    await sendDelivery(sender(), sent);
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
  });

  it('ignores settings it cannot honour (an unknown zone) and sends at once', async () => {
    await t.db.doc(`users/${uid}`).set({ quietHours: { ...QUIET, timeZone: 'Mars/Olympus_Mons' } });
    await sendDelivery(sender(), await fired('mars'));
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
    expect(await digests()).toEqual([]);
  });
});

describe('the digest', () => {
  it('carries a night across midnight as one push that opens the dashboard, at 07:00 and not before', async () => {
    await setQuiet({ ...QUIET, holdEmail: true });
    for (const [alert, at] of [
      ['eur', '2026-11-23T22:10:00Z'],
      ['gbp', '2026-11-23T23:59:59Z'],
      ['jpy', '2026-11-24T03:12:00Z'],
    ] as const) {
      clock = t_(at);
      await sendDelivery(sender(), await fired(alert, clock, alert === 'jpy' ? 'USD/JPY' : 'EUR/USD'));
    }
    const digest = await onlyDigest();
    expect(digest.count).toBe(3);
    expect([sink.mails.length, fcm.sent.length]).toEqual([0, 0]);

    clock = NIGHT.end - 1;
    expect(await sendDigest(sender(), digest.id)).toEqual({ outcome: 'not-due', dueAt: NIGHT.end });
    clock = NIGHT.end + 20_000;
    expect(await dueDigests(t.db, clock)).toEqual([digest.id]);
    expect(await sendDigest(sender(), digest.id)).toMatchObject({ outcome: 'sent' });
    expect(fcm.sent).toHaveLength(1);
    expect(fcm.sent[0]).toMatchObject({
      token: 'device-token-1',
      notification: { title: '3 alerts fired overnight' },
      data: { url: '/dashboard' },
    });
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]?.subject).toBe('3 alerts fired overnight');
    expect(sink.mails[0]?.text).toContain('- USD/JPY Price rising above 1.100: 1.100 at Nov 24, 03:12');
    expect(sink.mails[0]?.text).toContain('- EUR/USD Price rising above 1.10000: 1.10012 at Nov 23, 23:59');
    expect(await history('gbp')).toEqual([
      { type: 'held', channel: 'email' },
      { type: 'held', channel: 'push' },
      { type: 'notified', channel: 'email', outcome: 'sent', digest: '07:00' },
      { type: 'notified', channel: 'push', outcome: 'sent', digest: '07:00' },
    ]);
    // Sent once: a second sender, or the sweeper, finds nothing left.
    expect(await sendDigest(sender('b'), digest.id)).toEqual({ outcome: 'done' });
    expect(await dueDigests(t.db, clock + 10_000_000)).toEqual([]);
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
    // What fires after it went out is sent as usual.
    await sendDelivery(sender(), await fired('morning', clock));
    expect([sink.mails.length, fcm.sent.length]).toEqual([2, 2]);
  });

  it('the email tells only of what was held on email', async () => {
    await sendDelivery(sender(), await fired('push-only'));
    expect(sink.mails).toHaveLength(1);
    await setQuiet({ ...QUIET, holdEmail: true });
    clock += 60_000;
    await sendDelivery(sender(), await fired('both'));
    clock = NIGHT.end;
    await sendDigest(sender(), (await onlyDigest()).id);
    expect(fcm.sent[0]?.notification?.title).toBe('2 alerts fired overnight');
    expect(sink.mails[1]?.subject).toBe('1 alert fired overnight');
  });

  it('two senders holding for the same night at once fill one digest', async () => {
    const [a, b] = [await fired('a'), await fired('b', clock - 1)];
    await Promise.all([sendDelivery(sender('s1'), a), sendDelivery(sender('s2'), b)]);
    expect((await onlyDigest()).count).toBe(2);
  });

  it('retries after the email provider answers 500 and sends each channel once', async () => {
    await setQuiet({ ...QUIET, holdEmail: true });
    await sendDelivery(sender(), await fired('eur'));
    const { id } = await onlyDigest();
    clock = NIGHT.end;
    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 1 }) });
    expect(await sendDigest(sender(), id)).toEqual({ outcome: 'retry', dueAt: clock + 2_000 });
    expect((await onlyDigest()).channels).toMatchObject({
      email: { state: 'pending', attempts: 1 },
      push: { state: 'sent' },
    });
    clock += 2_000;
    expect(await dueDigests(t.db, clock)).toEqual([id]);
    expect(await sendDigest(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
  });

  it('skips push whose every token is dead, forgets the token, and says so in the history', async () => {
    await sendDelivery(sender(), await fired('eur'));
    fcm.errors.set('device-token-1', 'messaging/registration-token-not-registered');
    clock = NIGHT.end;
    expect(await sendDigest(sender(), (await onlyDigest()).id)).toMatchObject({ outcome: 'sent' });
    expect((await t.db.collection(`users/${uid}/pushTokens`).get()).size).toBe(0);
    expect((await history('eur')).at(-1)).toEqual({
      type: 'notified',
      channel: 'push',
      outcome: 'skipped',
      digest: '07:00',
      reason: "The device's push subscription has expired",
    });
  });

  it('lets only one of two senders at once send it', async () => {
    await sendDelivery(sender(), await fired('eur'));
    const { id } = await onlyDigest();
    clock = NIGHT.end;
    const outcomes = (await Promise.all([sendDigest(sender('a'), id), sendDigest(sender('b'), id)])).map(
      (r) => r.outcome,
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(fcm.sent).toHaveLength(1);
  });

  it('is taken over from a sender killed holding its lease, once the lease expires, and sent once', async () => {
    await sendDelivery(sender(), await fired('eur'));
    const { id } = await onlyDigest();
    clock = NIGHT.end;
    // The killed sender claimed it (closing it) and never came back.
    await t.db
      .doc(`digests/${id}`)
      .update({ open: false, sentAt: clock, lease: { owner: 'killed', until: clock + 60_000 }, dueAt: clock + 60_000 });
    expect(await sendDigest(sender(), id)).toEqual({ outcome: 'busy' });
    // Closed: what is held meanwhile would start another digest, never join this one.
    clock += 60_001;
    expect(await dueDigests(t.db, clock)).toEqual([id]);
    expect(await sendDigest(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(fcm.sent).toHaveLength(1);
  });
});

describe('changing quiet hours', () => {
  it('turned off: what was held is due at once', async () => {
    await sendDelivery(sender(), await fired('eur'));
    clock = t_('2026-11-24T01:12:00Z');
    await setQuiet({ ...QUIET, enabled: false });
    const { due } = await rescheduleDigests(sender(), uid);
    expect(due).toHaveLength(1);
    expect(await sendDigest(sender(), due[0] ?? '')).toMatchObject({ outcome: 'sent' });
    expect(fcm.sent).toHaveLength(1);
    expect((await history('eur')).at(-1)).toMatchObject({ outcome: 'sent', digest: '01:12' });
  });

  it('a change of zone mid-night moves the end to 07:00 in the new zone', async () => {
    clock = t_('2026-11-23T23:00:00Z');
    await sendDelivery(sender(), await fired('eur'));
    // 03:00 in London is 22:00 in New York: still quiet there, until 07:00 New York (12:00 UTC).
    clock = t_('2026-11-24T03:00:00Z');
    await setQuiet({ ...QUIET, timeZone: 'America/New_York' });
    expect(await rescheduleDigests(sender(), uid)).toEqual({ moved: 1, due: [] });
    const digest = await onlyDigest();
    expect(digest).toMatchObject({ dueAt: t_('2026-11-24T12:00:00Z'), timeZone: 'America/New_York' });
    clock = NIGHT.end;
    expect(await sendDigest(sender(), digest.id)).toMatchObject({ outcome: 'not-due' });
    clock = t_('2026-11-24T12:00:00Z');
    expect(await sendDigest(sender(), digest.id)).toMatchObject({ outcome: 'sent' });
    expect((await history('eur')).at(-1)).toMatchObject({ outcome: 'sent', digest: '07:00' });
  });

  it('turned off and on again mid-night: what fires next is held in a new digest, not sent', async () => {
    await sendDelivery(sender(), await fired('first'));
    clock += 60_000;
    await setQuiet({ ...QUIET, enabled: false });
    const { due } = await rescheduleDigests(sender(), uid);
    expect(await sendDigest(sender(), due[0] ?? '')).toMatchObject({ outcome: 'sent' });
    clock += 60_000;
    await setQuiet(QUIET);
    await sendDelivery(sender(), await fired('second'));
    expect(fcm.sent).toHaveLength(1);
    const open = (await digests()).filter((d) => d.open);
    expect(open.map((d) => [d.count, d.dueAt])).toEqual([[1, NIGHT.end]]);
  });

  it('settings turned off after the sender looked hold nothing: the transaction reads them again', async () => {
    const id = await fired('eur');
    const racing = sender();
    const look = racing.recipients.quietHours;
    racing.recipients = {
      ...racing.recipients,
      // The user turns quiet hours off right after the sender's first look.
      quietHours: async (userId) => {
        const seen = await look(userId);
        await setQuiet({ ...QUIET, enabled: false });
        return seen;
      },
    };
    await sendDelivery(racing, id);
    expect(fcm.sent).toHaveLength(1);
    expect(await digests()).toEqual([]);
  });

  it('a change to a zone where it is already day sends at once', async () => {
    clock = t_('2026-11-23T23:00:00Z');
    await sendDelivery(sender(), await fired('eur'));
    clock = t_('2026-11-24T03:00:00Z'); // 12:00 in Tokyo
    await setQuiet({ ...QUIET, timeZone: 'Asia/Tokyo' });
    const { due } = await rescheduleDigests(sender(), uid);
    expect(due).toHaveLength(1);
  });
});
