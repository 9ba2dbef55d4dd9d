// What the alert's history tells the user about each channel of a delivery, against the Firestore and
// Auth emulators, the real SendGrid client on the local sink and FCM faked at sendEach: a reason a
// person understands for every channel not sent, and nothing for an alert deleted meanwhile.
import { pushTokenId, type Delivery } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm, type FakeFcm } from '../testing/fakeFcm';
import { testSender } from '../testing/sender';
import { GAVE_UP } from './channels';
import { sendDelivery } from './sender';

const PROJECT = 'demo-notified';
const CLOCK = 1_900_000_000_000;
let t: TestApp;
let sink: MailSink;
let fcm: FakeFcm;
let verified: string;
let noEmail: string;

beforeAll(async () => {
  t = await testApp(PROJECT);
  sink = await startMailSink();
  const stamp = Date.now();
  verified = (await t.auth.createUser({ email: `cy-${stamp}@example.test`, emailVerified: true })).uid;
  // Signed up by phone or an identity provider that shared no address.
  noEmail = (await t.auth.createUser({ displayName: 'No Mail' })).uid;
});
afterAll(async () => {
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  await clearFirestoreProject(PROJECT);
  sink.mails.length = 0;
  fcm = fakeFcm();
});

const send = (id: string) =>
  sendDelivery(testSender(t, { sinkUrl: sink.url, fcm, owner: 'sender-n', now: () => CLOCK }), id);

async function seed(uid: string, tokens: string[], patch: Partial<Delivery> = {}): Promise<string> {
  await seedAlerts(t.db, [{ uid, id: 'a1', type: 'Price reaching', trigger: 1.3, status: 'triggered' }]);
  for (const token of tokens)
    await t.db.doc(`users/${uid}/pushTokens/${await pushTokenId(token)}`).set({ token, updatedAt: Timestamp.now() });
  const id = `${uid}__a1__1`;
  await t.db.doc(`deliveries/${id}`).set({
    userId: uid,
    alertId: 'a1',
    currencyPair: 'GBP/USD',
    alertType: 'Price reaching',
    triggerPrice: 1.3,
    triggeredPrice: 1.3,
    triggeredAt: Timestamp.fromMillis(CLOCK - 1_000),
    channels: { email: { state: 'pending', attempts: 0 }, push: { state: 'pending', attempts: 0 } },
    dueAt: CLOCK,
    ...patch,
  });
  return id;
}

/** The history of alert a1 as the user reads it: type, channel, outcome, reason. */
async function history(uid: string) {
  const snapshot = await t.db.collection(`users/${uid}/alerts/a1/history`).get();
  return snapshot.docs
    .map((d) => d.data())
    .map(({ type, channel, outcome, reason }) => ({ type, channel, outcome, ...(reason ? { reason } : {}) }))
    .sort((a, b) => String(a.channel).localeCompare(String(b.channel)));
}

describe('notified events', () => {
  it('says why no email went to an account without an address, and why no push without a device', async () => {
    await send(await seed(noEmail, []));
    expect(await history(noEmail)).toEqual([
      { type: 'notified', channel: 'email', outcome: 'skipped', reason: 'No email address on the account' },
      { type: 'notified', channel: 'push', outcome: 'skipped', reason: 'No device registered for push' },
    ]);
  });

  it('says the account no longer exists when it was deleted before the send', async () => {
    await send(await seed('deleted-user', [], { channels: { email: { state: 'pending', attempts: 0 } } }));
    expect(await history('deleted-user')).toEqual([
      { type: 'notified', channel: 'email', outcome: 'skipped', reason: 'The account no longer exists' },
    ]);
  });

  it("says the device's push subscription expired when its only token is dead", async () => {
    const id = await seed(verified, ['dead-token-1'], { channels: { push: { state: 'pending', attempts: 0 } } });
    fcm.errors.set('dead-token-1', 'messaging/registration-token-not-registered');
    await send(id);
    expect(await history(verified)).toEqual([
      {
        type: 'notified',
        channel: 'push',
        outcome: 'skipped',
        reason: "The device's push subscription has expired",
      },
    ]);
  });

  it('says how many devices a push reached when only some were', async () => {
    const id = await seed(verified, ['live-token-1', 'sick-token-2'], {
      channels: { push: { state: 'pending', attempts: 0 } },
    });
    fcm.errors.set('sick-token-2', 'messaging/internal-error');
    await send(id);
    expect(await history(verified)).toEqual([
      { type: 'notified', channel: 'push', outcome: 'sent', reason: 'Reached 1 of 2 devices' },
    ]);
  });

  it('gives up on push after the last attempt, in words, not FCM codes', async () => {
    const id = await seed(verified, ['sick-token-1'], { channels: { push: { state: 'pending', attempts: 7 } } });
    fcm.errors.set('sick-token-1', 'messaging/internal-error');
    await send(id);
    expect(await history(verified)).toEqual([
      { type: 'notified', channel: 'push', outcome: 'failed', reason: GAVE_UP.push.exhausted },
    ]);
  });

  it('records nothing for an alert deleted before its delivery was sent (its history went with it)', async () => {
    const id = await seed(verified, ['device-token-1']);
    await t.db.doc(`users/${verified}/alerts/a1`).delete();
    expect(await send(id)).toMatchObject({ outcome: 'sent' });
    expect([sink.mails.length, fcm.sent.length]).toEqual([1, 1]);
    expect(await history(verified)).toEqual([]);
  });

  it('records nothing in an alert re-created under the id after the one this delivery is for', async () => {
    const id = await seed(verified, ['device-token-1']);
    // Deleted and created again by the owner (the same id), after the firing this delivery tells of.
    await seedAlerts(t.db, [{ uid: verified, id: 'a1', type: 'Price rising above', trigger: 1.4, createdAt: CLOCK }]);
    expect(await send(id)).toMatchObject({ outcome: 'sent' });
    expect(await history(verified)).toEqual([]);
  });
});
