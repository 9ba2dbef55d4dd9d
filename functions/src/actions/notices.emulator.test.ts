// The actions a firing's notice carries, as the sender sends them against the emulators and the local
// mail sink: the email's buttons to the app's confirm page and the push's buttons, each with a token
// signed for its channel that the action function then applies.
import { readActionPayload } from '@price-alerts/domain/actions';
import { pushTokenId } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { sendDelivery } from '../notify/sender';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm, type FakeFcm } from '../testing/fakeFcm';
import { testSender } from '../testing/sender';
import { applyAction } from './applyAction';
import { signerFor } from './links';
import { verifyActionToken } from './signing';

const PROJECT = 'demo-notice-actions';
const KEY = 'test-action-signing-key-0123456789';
const FIRED = Date.UTC(2026, 10, 25, 9, 30);
let t: TestApp;
let sink: MailSink;
let fcm: FakeFcm;
let uid: string;

beforeAll(async () => {
  t = await testApp(PROJECT);
  sink = await startMailSink();
  uid = (await t.auth.createUser({ email: `notice-${Date.now()}@example.test`, emailVerified: true })).uid;
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

/** A fired alert and its delivery: once (triggered) or every time (still active, fired once). */
async function fired(every: boolean): Promise<string> {
  const extra = every
    ? { repeat: 'every', fireCount: 1, lastFiredAt: FIRED, armed: false }
    : { triggeredAt: Timestamp.fromMillis(FIRED), triggeredPrice: 1.2498 };
  await seedAlerts(t.db, [
    { uid, id: 'a1', type: 'Price dropping below', trigger: 1.25, status: every ? 'active' : 'triggered', extra },
  ]);
  await t.db.doc(`users/${uid}/pushTokens/${await pushTokenId('device-token-1')}`).set({ token: 'device-token-1' });
  const id = `${uid}__a1__${FIRED}`;
  await t.db.doc(`deliveries/${id}`).set({
    userId: uid,
    alertId: 'a1',
    currencyPair: 'GBP/USD',
    alertType: 'Price dropping below',
    triggerPrice: 1.25,
    triggeredPrice: 1.2498,
    triggeredAt: Timestamp.fromMillis(FIRED),
    ...(every ? { fireCount: 1 } : {}),
    channels: { email: { state: 'pending', attempts: 0 }, push: { state: 'pending', attempts: 0 } },
    dueAt: FIRED,
  });
  return id;
}

const send = (id: string) =>
  sendDelivery(
    testSender(t, {
      sinkUrl: sink.url,
      fcm,
      owner: 's',
      now: () => FIRED + 1_000,
      signAction: signerFor(KEY, () => FIRED),
    }),
    id,
  );

describe('a firing’s notice', () => {
  it('offers a once alert Set again and Set again -0.5% as email buttons and push buttons, each signed for its channel', async () => {
    await send(await fired(false));
    const mail = sink.mails[0];
    const links = [...(mail?.html ?? '').matchAll(/class="pa-link" href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [
      m[2],
      m[1],
    ]);
    expect(links.map(([label]) => label)).toEqual(['Set again', 'Set again -0.5%']);
    for (const [, href] of links) expect(href).toMatch(/^http:\/\/app\.test\/action\?t=[\w-]+\.[\w-]+$/);
    expect(mail?.text).toContain('Set again -0.5%: http://app.test/action?t=');
    const emailToken = new URL(links[1]?.[1]?.replace(/&amp;/g, '&') ?? '').searchParams.get('t') ?? '';
    expect(readActionPayload(emailToken)).toMatchObject({
      uid,
      alertId: 'a1',
      firedAt: FIRED,
      action: 'further',
      via: 'email',
    });

    const pushed = JSON.parse(fcm.sent[0]?.data?.actions ?? '[]') as { action: string; title: string; token: string }[];
    expect(pushed.map(({ action, title }) => [action, title])).toEqual([
      ['again', 'Set again'],
      ['further', 'Set again -0.5%'],
    ]);
    expect(pushed.map((p) => readActionPayload(p.token)?.via)).toEqual(['push', 'push']);

    // The email's button, once the page asked: a new alert half a per cent lower.
    const check = verifyActionToken(emailToken, KEY, FIRED + 60_000);
    expect(check.ok).toBe(true);
    const result = check.ok ? await applyAction(t.db, check.payload, emailToken, FIRED + 60_000) : undefined;
    const newId = result && 'newAlertId' in result ? result.newAlertId : '';
    expect((await t.db.doc(`users/${uid}/alerts/${newId}`).get()).data()).toMatchObject({
      triggerPrice: 1.24375,
      status: 'active',
    });
  });

  it('offers nothing on the firing that made the runaway guard pause the alert: it is paused already', async () => {
    const id = await fired(true);
    await t.db.doc(`deliveries/${id}`).update({ runawayPaused: true });
    await send(id);
    expect(fcm.sent[0]?.data).not.toHaveProperty('actions');
    expect(sink.mails[0]?.text).not.toContain('/action?t=');
  });

  it('goes out without its buttons when they cannot be signed, rather than not at all', async () => {
    const id = await fired(true);
    const sender = testSender(t, {
      sinkUrl: sink.url,
      fcm,
      owner: 's',
      now: () => FIRED,
      signAction: signerFor('short'),
    });
    expect(await sendDelivery(sender, id)).toMatchObject({ outcome: 'sent' });
    expect(fcm.sent[0]?.data).not.toHaveProperty('actions');
    expect(sink.mails).toHaveLength(1);
  });

  it('offers an every-time alert Snooze 1 h and Pause', async () => {
    await send(await fired(true));
    const pushed = JSON.parse(fcm.sent[0]?.data?.actions ?? '[]') as { title: string }[];
    expect(pushed.map((p) => p.title)).toEqual(['Snooze 1 h', 'Pause']);
    expect(sink.mails[0]?.text).toMatch(/Snooze 1 h: http:\/\/app\.test\/action\?t=\S+\nPause: http/);
  });
});
