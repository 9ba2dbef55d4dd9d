// The stack `npm start` runs: the imported demo data is there and the functions bundle loads.
import { ALERT_STATUSES } from '@price-alerts/domain/common';
import { alertEventSchema } from '@price-alerts/domain/alerts';
import { alertCounterSchema, alertDocumentSchema, profileSchema } from '@price-alerts/domain/store';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PROJECT_ID = 'demo-price-alerts';
let app: App;

beforeAll(() => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Run through npm test: the emulators are not up.');
  app = initializeApp({ projectId: PROJECT_ID }, 'demo-data-test');
});

afterAll(async () => {
  await deleteApp(app);
});

describe('demo data', () => {
  it('has a verified demo user', async () => {
    const user = await getAuth(app).getUserByEmail('demo@price-alerts.test');
    expect(user.emailVerified).toBe(true);
    expect(user.uid).toBe('demo-user');
  });

  it('has the Demo Trader profile and valid alerts in every status on several pairs', async () => {
    const db = getFirestore(app);
    const profile = profileSchema.parse((await db.doc('users/demo-user').get()).data());
    expect(profile.fullName).toBe('Demo Trader');
    const alerts = (await db.collection('users/demo-user/alerts').get()).docs.map((d) =>
      alertDocumentSchema.parse(d.data()),
    );
    expect(new Set(alerts.map((a) => a.status))).toEqual(new Set(ALERT_STATUSES));
    expect(new Set(alerts.map((a) => a.currencyPair)).size).toBeGreaterThanOrEqual(5);
    expect(alerts.every((a) => a.userId === 'demo-user')).toBe(true);
  });

  it('has an alert of each kind the alert model adds, each findable by the evaluators, with its history', async () => {
    const db = getFirestore(app);
    const docs = (await db.collection('users/demo-user/alerts').get()).docs;
    const alerts = docs.map((d) => alertDocumentSchema.parse(d.data()));
    expect(alerts.every((a) => a.armed === true && a.priceSide !== undefined)).toBe(true);
    expect(new Set(alerts.map((a) => a.priceSide))).toEqual(new Set(['ask', 'bid', 'mid']));
    expect(alerts.some((a) => a.repeat === 'every' && (a.fireCount ?? 0) > 1)).toBe(true);
    expect(alerts.some((a) => a.status === 'active' && a.expiresAt !== undefined)).toBe(true);
    expect(alerts.some((a) => a.status === 'cancelled' && a.cancelReason === 'expired')).toBe(true);
    expect(alerts.some((a) => a.note)).toBe(true);
    for (const doc of docs) {
      const history = await doc.ref.collection('history').get();
      expect(history.docs.map((h) => alertEventSchema.parse(h.data()).type)).toContain('created');
    }
  });

  it('has the alert counter the 200-alert cap reads, equal to the demo user’s alerts', async () => {
    const db = getFirestore(app);
    const counter = alertCounterSchema.parse((await db.doc('users/demo-user/counters/alerts').get()).data());
    expect(counter.count).toBe((await db.collection('users/demo-user/alerts').get()).size);
  });
});

describe('functions emulator', () => {
  it('serves the bundled health function', async () => {
    const res = await fetch(`http://${process.env.FUNCTIONS_EMULATOR_HOST}/${PROJECT_ID}/us-central1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, pairs: 15 });
  });
});
