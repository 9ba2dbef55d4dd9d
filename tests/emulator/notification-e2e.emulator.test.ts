// End to end on the local stack: the simulator moves a price, the ingest service publishes the
// interval, the Functions emulator fires the alert and sends one email (to the local mail sink)
// and one push (through the local channel). Also: the scheduled functions run when fired.
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { deliveryId } from '@price-alerts/domain/notify';
import { PREVIOUS_ALERTS_QUERY, priceDocumentSchema } from '@price-alerts/domain/store';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createTestUser, type TestUser } from './auth-emulator';

const PROJECT = 'demo-price-alerts';
const SIMULATOR = 'http://127.0.0.1:8090';
const MAIL_SINK = 'http://127.0.0.1:8092';
const FUNCTIONS = `http://${process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001'}/${PROJECT}/us-central1`;
// Pairs no other test forces, so their prices are this file's to move.
const ABOVE_PAIR: CurrencyPair = 'XAU/JPY';
const REACH_PAIR: CurrencyPair = 'LTC/USD';

let app: App;
let db: Firestore;
let user: TestUser;
const localToken = `local:e2e-${Date.now()}`;

async function post(url: string, body: unknown = {}): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res;
}

async function currentAsk(pair: CurrencyPair): Promise<number> {
  const snapshot = await db.doc(`prices/${pairToSymbol(pair)}`).get();
  return priceDocumentSchema.parse(snapshot.data()).ask;
}

async function createAlert(pair: CurrencyPair, alertType: string, triggerPrice: number): Promise<string> {
  const ref = await db.collection(`users/${user.uid}/alerts`).add({
    userId: user.uid,
    currencyPair: pair,
    alertType,
    triggerPrice,
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: true, push: true },
    createdAt: FieldValue.serverTimestamp(),
  });
  return ref.id;
}

const mailsTo = async (email: string) =>
  ((await (await fetch(`${MAIL_SINK}/api/mails`)).json()) as { to: string[]; subject: string; text: string }[]).filter(
    (m) => m.to.includes(email),
  );
const localPushes = async () => (await db.collection(`users/${user.uid}/localPush`).get()).docs.map((d) => d.data());

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'notification-e2e');
  db = getFirestore(app);
  user = await createTestUser('e2e');
  await getAuth(app).updateUser(user.uid, { emailVerified: true });
  const registered = await callFunction('registerPushToken', { token: localToken }, user.idToken);
  expect(registered.status).toBe(200);
  // The ingest service has written every pair's latest price within a window or two of starting.
  for (let i = 0; !(await db.doc(`prices/${pairToSymbol(ABOVE_PAIR)}`).get()).exists; i++) {
    if (i > 100) throw new Error('The ingest service wrote no prices: is the stack up?');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(() => deleteApp(app));

describe('from a price move to the user’s inbox and device', () => {
  it('fires a rising-above alert once, and sends one email and one push', async () => {
    const ask = await currentAsk(ABOVE_PAIR);
    const id = await createAlert(ABOVE_PAIR, 'Price rising above', Number((ask * 1.01).toFixed(3)));
    await post(`${SIMULATOR}/control/price`, { pair: ABOVE_PAIR, ask: Number((ask * 1.02).toFixed(3)) });

    const ref = db.doc(`users/${user.uid}/alerts/${id}`);
    await expect.poll(async () => (await ref.get()).get('status'), { timeout: 15_000 }).toBe('triggered');
    const fired = await ref.get();
    expect(fired.get('triggeredPrice')).toBeGreaterThanOrEqual(ask * 1.01 - 0.001);

    // It is in the user's PREVIOUS list as the dashboard queries it.
    const previous = await db
      .collection(`users/${user.uid}/alerts`)
      .where('status', 'in', [...PREVIOUS_ALERTS_QUERY.statuses])
      .get();
    expect(previous.docs.map((d) => d.id)).toContain(id);

    await expect.poll(() => mailsTo(user.email), { timeout: 15_000 }).toHaveLength(1);
    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toContain(`${ABOVE_PAIR}: Price rising above`);
    expect(mail?.text).toContain(`/dashboard?alert=${id}`);
    await expect.poll(localPushes, { timeout: 15_000 }).toHaveLength(1);
    const [push] = await localPushes();
    expect(push).toMatchObject({ token: localToken, payload: { data: { alertId: id } } });
    const firedAt = (await ref.get()).get('triggeredAt').toMillis();
    await expect
      .poll(async () => (await db.doc(`deliveries/${deliveryId(user.uid, id, firedAt)}`).get()).get('channels'))
      .toMatchObject({ email: { state: 'sent', attempts: 1 }, push: { state: 'sent', attempts: 1 } });

    // Later intervals keep arriving and nothing is sent again: a second alert further up fires on a
    // later price and its notices go out, by which time the first alert's would have gone out again.
    const later = await createAlert(ABOVE_PAIR, 'Price rising above', Number((ask * 1.03).toFixed(3)));
    await post(`${SIMULATOR}/control/price`, { pair: ABOVE_PAIR, ask: Number((ask * 1.04).toFixed(3)) });
    const laterFiredAt = async () =>
      (
        (await db.doc(`users/${user.uid}/alerts/${later}`).get()).get('triggeredAt') as
          { toMillis(): number } | undefined
      )?.toMillis();
    await expect.poll(laterFiredAt, { timeout: 15_000 }).toBeGreaterThan(firedAt);
    const laterDelivery = deliveryId(user.uid, later, (await laterFiredAt()) ?? 0);
    await expect
      .poll(async () => (await db.doc(`deliveries/${laterDelivery}`).get()).get('channels'))
      .toMatchObject({ email: { state: 'sent' }, push: { state: 'sent' } });
    const alertOf = (push: Record<string, unknown>) => (push.payload as { data?: { alertId?: string } }).data?.alertId;
    expect((await mailsTo(user.email)).filter((m) => m.text.includes(`alert=${id}`))).toHaveLength(1);
    expect((await localPushes()).filter((push) => alertOf(push) === id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it('fires a reaching alert on a jump across its price between two ticks', async () => {
    const ask = await currentAsk(REACH_PAIR);
    const trigger = Number((ask * 0.985).toFixed(2));
    const id = await createAlert(REACH_PAIR, 'Price reaching', trigger);
    // One tick from above the trigger to 3% below it: no tick ever equals it.
    await post(`${SIMULATOR}/control/jump`, { pair: REACH_PAIR, percent: -3 });
    const ref = db.doc(`users/${user.uid}/alerts/${id}`);
    await expect.poll(async () => (await ref.get()).get('status'), { timeout: 15_000 }).toBe('triggered');
    expect((await ref.get()).get('triggeredPrice')).toBeLessThan(trigger);
  });

  it.each(['evaluateLatest', 'sendDueDeliveries'])(
    'runs the scheduled %s when the emulator is asked to',
    async (name) => {
      const res = await post(`${FUNCTIONS}/${name}-0`);
      expect(res.status).toBe(200);
    },
  );
});
