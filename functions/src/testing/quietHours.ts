// The quiet-hours tests' fixture: the emulators, the mail sink, a typed fake of FCM, one verified
// user with a device and quiet hours 22:00 to 07:00 in London, and a clock the test moves.
import { pushTokenId, type Delivery, type Digest, type QuietHours } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { seedAlerts, testApp, type TestApp } from './emulatorApp';
import { fakeFcm, type FakeFcm } from './fakeFcm';
import { testSender } from './sender';

export const t_ = (iso: string) => Date.parse(iso);
// Winter: London is on UTC, New York five hours behind.
export const NIGHT = { start: t_('2026-11-23T22:00:00Z'), end: t_('2026-11-24T07:00:00Z') };
export const QUIET: QuietHours = {
  enabled: true,
  from: '22:00',
  to: '07:00',
  timeZone: 'Europe/London',
  holdEmail: false,
};

export interface QuietStack {
  t: TestApp;
  sink: MailSink;
  fcm: FakeFcm;
  uid: string;
  clock: number;
}

/** Registers the hooks of a test file on its own emulator project; each test starts at 22:00 with quiet hours on. */
export function quietHoursStack(project: string) {
  const q = { clock: NIGHT.start } as QuietStack;
  const setQuiet = (quietHours: QuietHours | null) =>
    q.t.db.doc(`users/${q.uid}`).set(quietHours ? { quietHours } : {}, { merge: false });
  beforeAll(async () => {
    q.t = await testApp(project);
    q.sink = await startMailSink();
    q.uid = (await q.t.auth.createUser({ email: `quiet-${Date.now()}@example.test`, emailVerified: true })).uid;
  });
  afterAll(async () => {
    await q.sink.close();
    await q.t.close();
  });
  beforeEach(async () => {
    await clearFirestoreProject(project);
    q.sink.mails.length = 0;
    await fetch(`${q.sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 0 }) });
    q.fcm = fakeFcm();
    q.clock = NIGHT.start;
    await setQuiet(QUIET);
    await q.t.db
      .doc(`users/${q.uid}/pushTokens/${await pushTokenId('device-token-1')}`)
      .set({ token: 'device-token-1' });
  });

  const sender = (owner = 'sender-a') =>
    testSender(q.t, { sinkUrl: q.sink.url, fcm: q.fcm, owner, now: () => q.clock });

  /** An alert of the user that fired at `at` (the clock by default), with its pending delivery. */
  async function fired(alertId: string, at = q.clock, pair: Delivery['currencyPair'] = 'EUR/USD') {
    await seedAlerts(q.t.db, [
      {
        uid: q.uid,
        id: alertId,
        pair,
        type: 'Price rising above',
        trigger: 1.1,
        status: 'triggered',
        createdAt: at - 60_000,
      },
    ]);
    const id = `${q.uid}__${alertId}__${at}`;
    await q.t.db.doc(`deliveries/${id}`).set({
      userId: q.uid,
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
  const delivery = async (id: string) => (await q.t.db.doc(`deliveries/${id}`).get()).data() as Delivery;
  const digests = async () =>
    (await q.t.db.collection('digests').get()).docs.map((d) => ({ id: d.id, ...(d.data() as Digest) }));
  const onlyDigest = async () => {
    const all = await digests();
    expect(all).toHaveLength(1);
    return all[0] as Digest & { id: string };
  };
  /** The alert's history, oldest first, as the fields a person reads. */
  async function history(alertId: string) {
    const snapshot = await q.t.db.collection(`users/${q.uid}/alerts/${alertId}/history`).orderBy('at').get();
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
  return { q, sender, setQuiet, fired, delivery, digests, onlyDigest, history };
}
