// The sender against the Firestore and Auth emulators, the real SendGrid client against the local
// sink, and a typed fake of FCM's sendEach: each channel sent once after success, retried on failure,
// and its final state told once in the alert's history.
import { pathFromInterval } from '@price-alerts/domain/alerts';
import { DELIVERY_LEASE_MS, deliverySchema, pushTokenId, type Delivery } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { fireAlert } from '../evaluation/fire';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { interval } from '../testing/intervals';
import { testSender } from '../testing/sender';
import { fakeFcm, type FakeFcm } from '../testing/fakeFcm';
import { ALL_TOKENS_DEAD, GAVE_UP, NO_DEVICES } from './channels';
import { NO_VERIFIED_EMAIL } from './recipients';
import { dueDeliveries } from '../repositories/deliveries';
import { sendDelivery } from './sender';
import { claim, type LeasedKind } from './lease';
import { parseDoc } from '../repositories/parse';

const PROJECT = 'demo-sender';
let t: TestApp;
let sink: MailSink;
let fcm: FakeFcm;
let verified: string;
let unverified: string;
let clock: number;

beforeAll(async () => {
  t = await testApp(PROJECT);
  sink = await startMailSink();
  const stamp = Date.now();
  verified = (await t.auth.createUser({ email: `ada-${stamp}@example.test`, emailVerified: true })).uid;
  unverified = (await t.auth.createUser({ email: `bob-${stamp}@example.test`, emailVerified: false })).uid;
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
  clock = 1_900_000_000_000;
});

const sender = (owner = 'sender-a') => testSender(t, { sinkUrl: sink.url, fcm, owner, now: () => clock });

async function seedDelivery(uid: string, tokens: string[] = ['device-token-1'], patch: Partial<Delivery> = {}) {
  // The alert the delivery is about: the 'notified' events go into its history.
  await seedAlerts(t.db, [{ uid, id: 'alert-1', type: 'Price dropping below', trigger: 1.25, status: 'triggered' }]);
  for (const token of tokens)
    await t.db.doc(`users/${uid}/pushTokens/${await pushTokenId(token)}`).set({ token, updatedAt: Timestamp.now() });
  const id = `${uid}__alert-1`;
  await t.db.doc(`deliveries/${id}`).set({
    userId: uid,
    alertId: 'alert-1',
    currencyPair: 'GBP/USD',
    alertType: 'Price dropping below',
    triggerPrice: 1.25,
    triggeredPrice: 1.24987,
    triggeredAt: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 9, 30)),
    channels: { email: { state: 'pending', attempts: 0 }, push: { state: 'pending', attempts: 0 } },
    dueAt: clock,
    ...patch,
  });
  return id;
}
const stored = async (id: string) => (await t.db.doc(`deliveries/${id}`).get()).data() as Delivery;
/** The alert's 'notified' events, by channel: what the user sees of each channel's outcome. */
async function notified(uid: string) {
  const snapshot = await t.db.collection(`users/${uid}/alerts/alert-1/history`).get();
  return snapshot.docs
    .map((d) => d.data())
    .filter((e) => e.type === 'notified')
    .map(({ channel, outcome, reason, at }) => ({ channel, outcome, ...(reason ? { reason } : {}), at }))
    .sort((a, b) => String(a.channel).localeCompare(String(b.channel)));
}

describe('sender', () => {
  it('sends the email and the push once, then leaves the delivery closed', async () => {
    const id = await seedDelivery(verified);
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]).toMatchObject({ subject: 'GBP/USD: Price dropping below 1.25000 (now 1.24987)' });
    expect(sink.mails[0]?.text).toContain('Open the alert: http://app.test/dashboard?alert=alert-1');
    expect(fcm.sent).toEqual([
      expect.objectContaining({
        token: 'device-token-1',
        data: { alertId: 'alert-1', url: '/dashboard?alert=alert-1' },
      }),
    ]);
    const after = await stored(id);
    expect(after.channels).toMatchObject({
      email: { state: 'sent', attempts: 1 },
      push: { state: 'sent', attempts: 1 },
    });
    expect(after.lease).toBeUndefined();
    expect(after.dueAt).toBeUndefined();
    const told = [
      { channel: 'email', outcome: 'sent', at: clock },
      { channel: 'push', outcome: 'sent', at: clock },
    ];
    expect(await notified(verified)).toEqual(told);
    expect(await sendDelivery(sender(), id)).toEqual({ outcome: 'done' });
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
    expect(await notified(verified)).toEqual(told);
  });

  it('retries email after SendGrid answers 500, with backoff, and sends it once when it answers 202', async () => {
    const id = await seedDelivery(verified);
    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 1 }) });
    expect(await sendDelivery(sender(), id)).toEqual({ outcome: 'retry', dueAt: clock + 2_000 });
    const failed = await stored(id);
    expect(failed.channels.email).toMatchObject({ state: 'pending', attempts: 1 });
    expect(failed.channels.email?.lastError).toContain('SendGrid 500');
    expect(failed.channels.push).toMatchObject({ state: 'sent', attempts: 1 });
    // A retry to come is not an outcome yet.
    expect(await notified(verified)).toEqual([{ channel: 'push', outcome: 'sent', at: clock }]);
    expect(await sendDelivery(sender(), id)).toEqual({ outcome: 'not-due', dueAt: clock + 2_000 });
    clock += 2_000;
    expect(await dueDeliveries(t.db, clock)).toEqual([id]);
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect((await stored(id)).channels.email).toMatchObject({ state: 'sent', attempts: 2 });
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
    expect(await notified(verified)).toEqual([
      { channel: 'email', outcome: 'sent', at: clock },
      { channel: 'push', outcome: 'sent', at: clock - 2_000 },
    ]);
    expect(await dueDeliveries(t.db, clock + 10_000_000)).toEqual([]);
  });

  it('gives up on a permanent error (400) without retrying', async () => {
    const id = await seedDelivery(verified, []);
    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 400, count: 1 }) });
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    const after = await stored(id);
    expect(after.channels.email).toMatchObject({ state: 'failed', attempts: 1 });
    expect(after.channels.push).toMatchObject({ state: 'skipped', lastError: NO_DEVICES });
    expect(after.dueAt).toBeUndefined();
    // What the user reads: why, in words, never SendGrid's answer.
    expect(await notified(verified)).toEqual([
      { channel: 'email', outcome: 'failed', reason: 'The email provider refused the message', at: clock },
      { channel: 'push', outcome: 'skipped', reason: 'No device registered for push', at: clock },
    ]);
  });

  it('gives up after the last attempt', async () => {
    const id = await seedDelivery(verified, [], { channels: { email: { state: 'pending', attempts: 7 } } });
    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 503, count: 1 }) });
    await sendDelivery(sender(), id);
    expect((await stored(id)).channels.email).toMatchObject({ state: 'failed', attempts: 8 });
    expect(await notified(verified)).toEqual([
      { channel: 'email', outcome: 'failed', reason: GAVE_UP.email.exhausted, at: clock },
    ]);
  });

  it('removes a token FCM reports unregistered, keeps the live one, and counts the push as sent', async () => {
    const id = await seedDelivery(verified, ['dead-token-xyz', 'live-token-abc']);
    fcm.errors.set('dead-token-xyz', 'messaging/registration-token-not-registered');
    await sendDelivery(sender(), id);
    const tokens = await t.db.collection(`users/${verified}/pushTokens`).get();
    expect(tokens.docs.map((d) => d.get('token'))).toEqual(['live-token-abc']);
    const push = (await stored(id)).channels.push;
    expect(push).toMatchObject({ state: 'sent', attempts: 1 });
    expect(push?.lastError).toContain('registration-token-not-registered');
  });

  it('skips push when every token is dead, and forgets them all', async () => {
    const id = await seedDelivery(verified, ['dead-1-xxxxx', 'dead-2-xxxxx']);
    fcm.errors.set('dead-1-xxxxx', 'messaging/invalid-registration-token');
    fcm.errors.set('dead-2-xxxxx', 'messaging/registration-token-not-registered');
    await sendDelivery(sender(), id);
    expect((await stored(id)).channels.push).toMatchObject({ state: 'skipped', lastError: ALL_TOKENS_DEAD });
    expect((await t.db.collection(`users/${verified}/pushTokens`).get()).size).toBe(0);
    expect((await notified(verified)).find((e) => e.channel === 'push')).toMatchObject({
      outcome: 'skipped',
      reason: 'The push subscriptions of all 2 devices have expired',
    });
  });

  it('retries push when FCM is unreachable, keeping the tokens', async () => {
    const id = await seedDelivery(verified, ['device-token-1'], {
      channels: { push: { state: 'pending', attempts: 0 } },
    });
    fcm.down = new Error('connect ETIMEDOUT');
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'retry' });
    expect((await stored(id)).channels.push).toMatchObject({ state: 'pending', attempts: 1 });
    delete fcm.down;
    clock += 60_000;
    await sendDelivery(sender(), id);
    expect((await stored(id)).channels.push).toMatchObject({ state: 'sent', attempts: 2 });
    expect(fcm.sent).toHaveLength(1);
  });

  it('sends no email to an unverified address', async () => {
    const id = await seedDelivery(unverified);
    await sendDelivery(sender(), id);
    expect((await stored(id)).channels.email).toMatchObject({ state: 'skipped', lastError: NO_VERIFIED_EMAIL });
    expect(sink.mails).toHaveLength(0);
    expect(fcm.sent).toHaveLength(1);
    expect((await notified(unverified))[0]).toEqual({
      channel: 'email',
      outcome: 'skipped',
      reason: 'Email not verified',
      at: clock,
    });
  });

  it('lets only one of two senders running at once send', async () => {
    const id = await seedDelivery(verified);
    const results = await Promise.all([sendDelivery(sender('a'), id), sendDelivery(sender('b'), id)]);
    // The other finds it leased ('busy') or, if it came second, already finished ('done').
    const outcomes = results.map((r) => r.outcome).sort();
    expect(outcomes).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'busy' || o === 'done')).toHaveLength(1);
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
    expect((await notified(verified)).map((e) => e.channel)).toEqual(['email', 'push']);
  });

  it('goes on with a claim whose transaction ran again after its first commit landed, renewing its lease', async () => {
    const id = await seedDelivery(verified);
    const ref = t.db.doc(`deliveries/${id}`);
    const kind: LeasedKind<Delivery> = { parse: (snapshot) => parseDoc(deliverySchema, snapshot) };
    const deps = { db: t.db, now: () => clock };
    expect(await claim(deps, kind, ref, 'sender-a:1')).toMatchObject({ userId: verified });
    // The client was told the commit failed and ran the transaction again, with the same lease, after
    // a commit slow enough for the first lease to be nearly over.
    clock += DELIVERY_LEASE_MS - 1_000;
    expect(await claim(deps, kind, ref, 'sender-a:1')).toMatchObject({ userId: verified });
    expect((await stored(id)).lease).toEqual({ owner: 'sender-a:1', until: clock + DELIVERY_LEASE_MS });
    // The sweep a little later finds it leased, not due: it is not sent twice.
    clock += 2_000;
    expect(await dueDeliveries(t.db, clock)).toEqual([]);
    expect(await claim(deps, kind, ref, 'sender-b:1')).toEqual({ outcome: 'busy' });
  });

  it('takes over from a sender that died holding the lease, once the lease expires', async () => {
    const id = await seedDelivery(verified, ['device-token-1'], {
      lease: { owner: 'died', until: clock + 60_000 },
      dueAt: clock + 60_000,
    });
    expect(await sendDelivery(sender(), id)).toEqual({ outcome: 'busy' });
    expect(await dueDeliveries(t.db, clock)).toEqual([]);
    clock += 60_001;
    expect(await dueDeliveries(t.db, clock)).toEqual([id]);
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
  });

  it('sends a delivery whose sender never ran (killed between firing and sending) on the next sweep', async () => {
    await seedAlerts(t.db, [{ uid: verified, id: 'orphan', type: 'Price rising above', trigger: 1.1, createdAt: 0 }]);
    await t.db
      .doc(`users/${verified}/pushTokens/${await pushTokenId('device-token-9')}`)
      .set({ token: 'device-token-9' });
    const m = interval(1_800_000_000_000, { first: 1.2, low: 1.2, high: 1.2, last: 1.2 });
    expect(await fireAlert(t.db, `users/${verified}/alerts/orphan`, pathFromInterval(m), () => clock)).toBe('fired');
    // Firing and the delivery are one transaction: the alert cannot be triggered without it.
    const id = `${verified}__orphan__${m.firstAt}`;
    expect((await stored(id)).dueAt).toBe(clock);
    clock += 60_000;
    expect(await dueDeliveries(t.db, clock)).toEqual([id]);
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(await fireAlert(t.db, `users/${verified}/alerts/orphan`, pathFromInterval(m))).toBe('not-fired');
    expect(await dueDeliveries(t.db, clock + 10_000_000)).toEqual([]);
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
  });

  it('does not write over the state of a sender that took over after its lease ran out', async () => {
    const id = await seedDelivery(verified, ['device-token-1'], {
      channels: { push: { state: 'pending', attempts: 0 } },
    });
    fcm.errors.set('device-token-1', 'messaging/internal-error');
    const slow = sender('sender-slow');
    slow.push = {
      sendMany: () => Promise.reject(new Error('not used by a single delivery')),
      async send() {
        // FCM hangs past this sender's lease; another sender takes the delivery over meanwhile.
        clock += DELIVERY_LEASE_MS + 1;
        expect(await sendDelivery(sender('sender-b'), id)).toMatchObject({ outcome: 'retry' });
        return [{ ok: false, dead: false, error: 'FCM: timed out' }];
      },
    };
    expect(await sendDelivery(slow, id)).toEqual({ outcome: 'busy' });
    const after = await stored(id);
    expect(after.channels.push?.lastError).toContain('internal-error');
    expect(after.dueAt).toBe(clock + 2_000);
    expect(after.lease).toBeUndefined();
  });

  it('reports a delivery that does not exist', async () => {
    expect(await sendDelivery(sender(), 'nobody__nothing')).toEqual({ outcome: 'missing' });
  });
});
