// Expiry against the Firestore and Auth emulators: only active and paused alerts whose expiry has
// come are cancelled, at a cost of the alerts that expire; the user is told once by the alert's own
// channels (the real SendGrid client on the local sink, FCM faked at sendEach); and an alert that
// fires and expires in the same minute does one or the other, never both.
import { type AlertStatus } from '@price-alerts/domain/common';
import { pathFromInterval, type PricePath } from '@price-alerts/domain/alerts';
import { deliveryId, pushTokenId, type Delivery } from '@price-alerts/domain/notify';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { fireAlerts } from '../evaluation/fire';
import { sendDelivery } from '../notify/sender';
import { alertData, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm } from '../testing/fakeFcm';
import { interval } from '../testing/intervals';
import { testSender } from '../testing/sender';
import { expireAlert, expireDue } from './expire';

const PROJECT = 'demo-expiry';
const NOW = 1_900_000_000_000;
const UID = 'u-exp';
let t: TestApp;

beforeAll(async () => {
  t = await testApp(PROJECT);
});
beforeEach(() => clearFirestoreProject(PROJECT));
afterAll(() => t.close());

interface Seed {
  status?: AlertStatus;
  expiresAt?: number;
  uid?: string;
  extra?: Record<string, unknown>;
  email?: boolean;
  push?: boolean;
}

/** A 'rising above 1.085' EUR/USD alert, stored as the app stores one, with an expiry or none. */
async function seed(id: string, { status, expiresAt, uid = UID, extra = {}, email, push }: Seed = {}) {
  const data = alertData({ uid, id, type: 'Price rising above', trigger: 1.085, status, email, push });
  await t.db.doc(`users/${uid}/alerts/${id}`).set({ ...data, ...(expiresAt ? { expiresAt } : {}), ...extra });
  return `users/${uid}/alerts/${id}`;
}

const alertOf = async (id: string, uid = UID) => (await t.db.doc(`users/${uid}/alerts/${id}`).get()).data() ?? {};
const deliveriesOf = async (id: string) =>
  (await t.db.collection('deliveries').where('alertId', '==', id).get()).docs.map((d) => ({
    id: d.id,
    ...(d.data() as Partial<Delivery>),
  }));
const eventsOf = async (id: string, uid = UID) =>
  (await t.db.collection(`users/${uid}/alerts/${id}/history`).get()).docs.map((d) => d.data());

describe('expireDue', () => {
  it('cancels the active and paused alerts whose expiry has come, and reads only those', async () => {
    await seed('due-active', { expiresAt: NOW - 60_000 });
    await seed('due-paused', { status: 'paused', expiresAt: NOW - 1 });
    await seed('due-now', { expiresAt: NOW });
    await seed('future', { expiresAt: NOW + 1 });
    await seed('never');
    await seed('triggered', { status: 'triggered', expiresAt: NOW - 60_000 });
    await seed('cancelled', { status: 'cancelled', expiresAt: NOW - 60_000, extra: { cancelReason: 'error' } });
    for (let i = 0; i < 30; i++) await seed(`later-${i}`, { expiresAt: NOW + 60_000 * (i + 1) });

    expect(await expireDue(t.db, NOW)).toEqual({ expired: 3, read: 3, failed: 0 });
    for (const id of ['due-active', 'due-paused', 'due-now'])
      expect(await alertOf(id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect((await alertOf('future')).status).toBe('active');
    expect((await alertOf('never')).status).toBe('active');
    expect((await alertOf('triggered')).status).toBe('triggered');
    expect((await alertOf('cancelled')).cancelReason).toBe('error');
    expect(await deliveriesOf('triggered')).toEqual([]);
    // A millisecond later only the one due then is read; after that, nothing.
    expect(await expireDue(t.db, NOW + 1)).toEqual({ expired: 1, read: 1, failed: 0 });
    expect(await expireDue(t.db, NOW + 1)).toEqual({ expired: 0, read: 0, failed: 0 });
  });

  it('records the expiry and queues one notice with the alert’s channels, note, side and firings', async () => {
    const expiresAt = NOW - 5_000;
    const path = await seed('noted', {
      expiresAt,
      email: true,
      push: false,
      extra: { note: 'Rent <due>', priceSide: 'bid', repeat: 'every', fireCount: 2 },
    });
    expect((await expireDue(t.db, NOW)).expired).toBe(1);
    expect((await eventsOf('noted')).map(({ type, at }) => ({ type, at }))).toEqual([
      { type: 'expired', at: expiresAt },
    ]);
    expect(await deliveriesOf('noted')).toEqual([
      expect.objectContaining({
        id: deliveryId(UID, 'noted', expiresAt),
        kind: 'expired',
        currencyPair: 'EUR/USD',
        alertType: 'Price rising above',
        triggerPrice: 1.085,
        priceSide: 'bid',
        fireCount: 2,
        note: 'Rent <due>',
        channels: { email: { state: 'pending', attempts: 0 } },
        dueAt: NOW,
      }),
    ]);
    // Replayed, it finds the alert cancelled and queues nothing more.
    expect(await expireAlert(t.db, path, NOW)).toBe(false);
    expect(await deliveriesOf('noted')).toHaveLength(1);
  });

  it('pages through more alerts than fit in a page', async () => {
    for (let i = 0; i < 5; i++) await seed(`due-${i}`, { expiresAt: NOW - 1_000 * (i + 1) });
    expect(await expireDue(t.db, NOW, 2)).toEqual({ expired: 5, read: 5, failed: 0 });
  });

  it('leaves an alert whose expiry was moved later between the query and the transaction', async () => {
    const path = await seed('moved', { expiresAt: NOW + 86_400_000 });
    expect(await expireAlert(t.db, path, NOW)).toBe(false);
    expect((await alertOf('moved')).status).toBe('active');
  });
});

describe('the expiry notice', () => {
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink();
  });
  afterAll(() => sink.close());

  it('is sent once, by email and push, saying the alert expired', async () => {
    const user = await t.auth.createUser({ email: `exp-${Date.now()}@example.test`, emailVerified: true });
    await t.db.doc(`users/${user.uid}/pushTokens/${await pushTokenId('device-exp-1')}`).set({ token: 'device-exp-1' });
    await seed('told', { uid: user.uid, expiresAt: NOW - 1_000, email: true, push: true, extra: { note: 'why' } });
    await expireDue(t.db, NOW);
    const fcm = fakeFcm();
    const deps = testSender(t, { sinkUrl: sink.url, fcm, owner: 'sender-exp', now: () => NOW });
    const id = deliveryId(user.uid, 'told', NOW - 1_000);
    expect(await sendDelivery(deps, id)).toMatchObject({ outcome: 'sent' });
    expect(await sendDelivery(deps, id)).toEqual({ outcome: 'done' });

    expect(sink.mails.map((m) => m.subject)).toEqual(['Your EUR/USD alert expired']);
    expect(sink.mails[0]?.text).toContain('Your alert "Price rising above 1.08500" on EUR/USD expired without firing.');
    expect(sink.mails[0]?.text).toContain('Note: why');
    expect(fcm.sent.map((m) => m.notification?.title)).toEqual(['Your EUR/USD alert expired']);
    const events = (await eventsOf('told', user.uid)).map(({ type, channel, outcome }) => [type, channel, outcome]);
    expect(events.sort()).toEqual([
      ['expired', undefined, undefined],
      ['notified', 'email', 'sent'],
      ['notified', 'push', 'sent'],
    ]);
  });
});

describe('firing and expiring in the same minute', () => {
  const EXPIRES = NOW - 30_000;
  // Prices above the level 10 s before the expiry: they fire the alert if it is still active.
  const before: PricePath = pathFromInterval(
    interval(EXPIRES - 10_000, { first: 1.09, low: 1.09, high: 1.1, last: 1.09 }),
  );
  const after: PricePath = pathFromInterval(interval(EXPIRES, { first: 1.09, low: 1.09, high: 1.1, last: 1.09 }));

  it('does one or the other, never both, whichever transaction comes first', async () => {
    for (let round = 0; round < 20; round++) {
      const id = `race-${round}`;
      const path = await seed(id, { expiresAt: EXPIRES });
      // The expiry run queries before its transaction, so the firing starts 0 to 45 ms later, round
      // by round: sometimes first at the document, sometimes meeting the expiry's transaction there.
      const delay = (round % 10) * 5;
      const fire = async () => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        return fireAlerts(t.db, [path], before, () => NOW);
      };
      const [{ fired: firings }, { expired: expiries }] = await Promise.all([fire(), expireDue(t.db, NOW)]);
      expect(firings + expiries).toBe(1);

      const alert = await alertOf(id);
      const deliveries = await deliveriesOf(id);
      const types = (await eventsOf(id)).map((e) => e.type).sort();
      expect(deliveries).toHaveLength(1);
      if (firings) {
        expect(alert.status).toBe('triggered');
        expect(deliveries[0]?.kind ?? 'fired').toBe('fired');
        expect(types).toEqual(['fired']);
      } else {
        expect(alert).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
        expect(deliveries[0]?.kind).toBe('expired');
        expect(types).toEqual(['expired']);
      }
    }
  });

  it.each([
    ['the firing first: it fires, and the expiry run finds it triggered', 'fire', 'triggered', 'fired'],
    ['the expiry first: it expires, and the firing finds it cancelled', 'expire', 'cancelled', 'expired'],
  ] as const)('%s', async (_label, first, status, kind) => {
    const path = await seed(`first-${first}`, { expiresAt: EXPIRES });
    const fire = () => fireAlerts(t.db, [path], before, () => NOW);
    const expire = () => expireDue(t.db, NOW);
    if (first === 'fire') await fire().then(expire);
    else await expire().then(fire);
    expect((await alertOf(`first-${first}`)).status).toBe(status);
    expect((await deliveriesOf(`first-${first}`)).map((d) => d.kind ?? 'fired')).toEqual([kind]);
  });

  it('an every-time alert that fired in the minute before its expiry ends without a second notice', async () => {
    const path = await seed('every', { expiresAt: EXPIRES, extra: { repeat: 'every', cooldownMinutes: 1 } });
    expect((await fireAlerts(t.db, [path], before, () => NOW)).fired).toBe(1);
    expect((await alertOf('every')).status).toBe('active');
    expect((await expireDue(t.db, NOW)).expired).toBe(1);
    expect(await alertOf('every')).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect((await deliveriesOf('every')).map((d) => d.kind ?? 'fired')).toEqual(['fired']);
    expect((await eventsOf('every')).map((e) => e.type).sort()).toEqual(['expired', 'fired']);
  });

  it('never fires on prices at or after the expiry, even before the expiry run has cancelled it', async () => {
    const path = await seed('late', { expiresAt: EXPIRES });
    expect((await fireAlerts(t.db, [path], after, () => NOW)).fired).toBe(0);
    expect((await expireDue(t.db, NOW)).expired).toBe(1);
    expect((await deliveriesOf('late')).map((d) => d.kind)).toEqual(['expired']);
  });
});
