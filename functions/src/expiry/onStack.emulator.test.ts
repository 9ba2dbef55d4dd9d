// On the local stack (the Functions emulator running the built functions): the history trigger records
// the user's changes, the scheduled expireAlerts runs when the emulator is asked to (as the launcher's
// local scheduler asks it once a minute), the expiry notice reaches the mail sink, and deleting the
// alert takes its history with it.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../../tests/emulator/auth-emulator';

const PROJECT = 'demo-price-alerts';
const FUNCTIONS = `http://${process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001'}/${PROJECT}/us-central1`;
const MAIL_SINK = 'http://127.0.0.1:8092';

let app: App;
let db: Firestore;
let user: TestUser;

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT }, 'expiry-on-stack');
  db = getFirestore(app);
  user = await createTestUser('expiry');
  await getAuth(app).updateUser(user.uid, { emailVerified: true });
});
afterAll(() => deleteApp(app));

const types = async (path: string) =>
  (await db.collection(`${path}/history`).get()).docs.map((d) => `${d.get('type')}${d.get('channel') ?? ''}`).sort();
const subjectsTo = async (email: string) =>
  ((await (await fetch(`${MAIL_SINK}/api/mails`)).json()) as { to: string[]; subject: string }[])
    .filter((m) => m.to.includes(email))
    .map((m) => m.subject);

describe('alert history and expiry on the local stack', () => {
  it('records the user’s changes, expires the alert when the schedule runs, tells the user once', async () => {
    // Written as the app writes one (the Admin SDK skips the rules, which refuse a past expiry).
    const ref = await db.collection(`users/${user.uid}/alerts`).add({
      userId: user.uid,
      currencyPair: 'XAU/GBP',
      alertType: 'Price rising above',
      triggerPrice: 999_999,
      priceSide: 'ask',
      armed: true,
      status: 'active',
      notificationPreferences: { email: true, push: false },
      expiresAt: Date.now() + 2_000,
      createdAt: FieldValue.serverTimestamp(),
    });
    await expect.poll(() => types(ref.path), { timeout: 15_000 }).toEqual(['created']);
    await ref.update({ status: 'paused', updatedAt: FieldValue.serverTimestamp() });
    await expect.poll(() => types(ref.path), { timeout: 15_000 }).toEqual(['created', 'paused']);

    // A paused alert expires too, once its time has come.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const run = await fetch(`${FUNCTIONS}/expireAlerts-0`, { method: 'POST', body: '{}' });
    expect(run.status).toBe(200);
    await expect
      .poll(async () => (await ref.get()).data(), { timeout: 15_000 })
      .toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    await expect.poll(() => subjectsTo(user.email), { timeout: 15_000 }).toEqual(['Your XAU/GBP alert expired']);
    await expect
      .poll(() => types(ref.path), { timeout: 15_000 })
      .toEqual(['created', 'expired', 'notifiedemail', 'paused']);

    // Running it again tells nobody twice.
    expect((await fetch(`${FUNCTIONS}/expireAlerts-0`, { method: 'POST', body: '{}' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await subjectsTo(user.email)).toHaveLength(1);

    await ref.delete();
    await expect.poll(() => types(ref.path), { timeout: 15_000 }).toEqual([]);
  });
});
