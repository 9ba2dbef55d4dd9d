// Times in the user's zone, against the emulators: an alert that fires for a user whose profile says
// America/New_York is emailed and pushed with the New York time, naming the zone; without a zone of
// their own the quiet hours' zone is used, then UTC; the quiet-hours digest tells times in the
// profile's zone too. The real SendGrid client against the local sink, a typed fake of FCM.
import { pathFromInterval } from '@price-alerts/domain/alerts';
import { pushTokenId, type QuietHours } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { fireAlert } from '../evaluation/fire';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm, type FakeFcm } from '../testing/fakeFcm';
import { interval } from '../testing/intervals';
import { testSender } from '../testing/sender';
import { sendDigest } from './digests';
import { sendDelivery } from './sender';

const PROJECT = 'demo-notice-zones';
let t: TestApp;
let sink: MailSink;
let fcm: FakeFcm;
let uid: string;

beforeAll(async () => {
  t = await testApp(PROJECT);
  sink = await startMailSink();
  uid = (await t.auth.createUser({ email: `zones-${Date.now()}@example.test`, emailVerified: true })).uid;
});
afterAll(async () => {
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  await clearFirestoreProject(PROJECT);
  sink.mails.length = 0;
  fcm = fakeFcm();
  await t.db.doc(`users/${uid}/pushTokens/${await pushTokenId('device-token-1')}`).set({ token: 'device-token-1' });
});

const quiet = (timeZone: string, enabled = false): QuietHours => ({
  enabled,
  from: '22:00',
  to: '07:00',
  timeZone,
  holdEmail: true,
});

const sender = (now: number) => testSender(t, { sinkUrl: sink.url, fcm, owner: 'sender-a', now: () => now });

/** Fires an alert of the user on an EUR/USD window starting at `at`, and sends its delivery then. */
async function fireAndSend(at: number) {
  await seedAlerts(t.db, [{ uid, id: 'eur', type: 'Price rising above', trigger: 1.1, createdAt: at - 60_000 }]);
  const m = interval(at, { first: 1.1012, low: 1.1012, high: 1.1012, last: 1.1012 });
  expect(await fireAlert(t.db, `users/${uid}/alerts/eur`, pathFromInterval(m), () => at)).toBe('fired');
  return sendDelivery(sender(at), `${uid}__eur__${m.firstAt}`);
}

// The window's first price comes 100 ms in: that is the time of the firing.
describe('an alert firing', () => {
  it.each<[string, Record<string, unknown>, string, string, string]>([
    [
      'in the profile’s zone, New York in winter',
      { timeZone: 'America/New_York' },
      '2026-11-24T14:05:00Z',
      'Nov 24, 09:05 EST',
      'America/New_York',
    ],
    [
      'in the profile’s zone, New York in summer',
      { timeZone: 'America/New_York' },
      '2026-07-01T14:05:00Z',
      'Jul 1, 10:05 EDT',
      'America/New_York',
    ],
    [
      'in the profile’s zone, not the quiet hours’',
      { timeZone: 'America/New_York', quietHours: quiet('Asia/Tokyo') },
      '2026-11-24T14:05:00Z',
      'Nov 24, 09:05 EST',
      'America/New_York',
    ],
    [
      'in the quiet hours’ zone when the profile has none',
      { quietHours: quiet('Europe/Berlin') },
      '2026-11-24T14:05:00Z',
      'Nov 24, 15:05 CET',
      'Europe/Berlin',
    ],
    ['in UTC when nothing names a zone', {}, '2026-11-24T14:05:00Z', 'Nov 24, 14:05 UTC', 'UTC'],
    [
      'in UTC when the profile’s zone is unknown here',
      { timeZone: 'Mars/Olympus_Mons' },
      '2026-11-24T14:05:00Z',
      'Nov 24, 14:05 UTC',
      'UTC',
    ],
  ])('is told %s', async (_label, profile, iso, shown, zone) => {
    await t.db.doc(`users/${uid}`).set(profile);
    expect(await fireAndSend(Date.parse(iso) - 100)).toMatchObject({ outcome: 'sent' });
    const [email, push] = [sink.mails[0], fcm.sent[0]?.notification?.body];
    expect(email?.text).toContain(`Time: ${shown}\n`);
    expect(email?.text).toContain(`Times are in ${zone}.`);
    expect(email?.html).toContain(`${shown}</dd>`);
    expect(push).toBe(`Now 1.10120 at ${shown}`);
  });
});

describe('the quiet-hours digest', () => {
  it('lists the held alerts in the profile’s zone, and names it', async () => {
    const night = Date.parse('2026-11-24T03:12:00Z') - 100;
    await t.db.doc(`users/${uid}`).set({ timeZone: 'America/New_York', quietHours: quiet('Europe/London', true) });
    await fireAndSend(night);
    expect([sink.mails.length, fcm.sent.length]).toEqual([0, 0]);
    const [digest] = (await t.db.collection('digests').get()).docs;
    const end = Date.parse('2026-11-24T07:00:00Z');
    expect(await sendDigest(sender(end), digest?.id ?? '')).toMatchObject({ outcome: 'sent' });
    expect(sink.mails[0]?.text).toContain('1.10120 at Nov 23, 22:12 EST');
    expect(sink.mails[0]?.text).toContain('Times are in America/New_York.');
    expect(fcm.sent[0]?.notification?.body).toContain('1.10120 at Nov 23, 22:12 EST');
  });
});
