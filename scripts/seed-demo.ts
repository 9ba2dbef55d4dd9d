// Writes the demo user, profile and alerts into the running emulators (npm run demo-data:rebuild
// then exports them to emulator-data/). Alerts cover every status on several pairs; the alert counter
// (users/{uid}/counters/alerts, which the rules' cap of 200 reads) says how many there are.
import type { AlertDocument, AlertStatus, AlertType, CurrencyPair } from '@price-alerts/domain';
import { alertCounterSchema, alertDocumentSchema, profileSchema } from '@price-alerts/domain';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';

const PROJECT_ID = 'demo-price-alerts';
export const DEMO_UID = 'demo-user';
const NOW = Date.UTC(2026, 10, 20, 9, 30);
const HOUR = 3_600_000;

interface Seed {
  pair: CurrencyPair;
  type: AlertType;
  price: number;
  status: AlertStatus;
  hoursAgo: number;
  email?: boolean;
  push?: boolean;
  firedAt?: number;
  note?: string;
}

const seeds: Seed[] = [
  { pair: 'EUR/USD', type: 'Price rising above', price: 1.095, status: 'active', hoursAgo: 1 },
  { pair: 'BTC/USD', type: 'Price dropping below', price: 88000, status: 'active', hoursAgo: 3, push: true },
  {
    pair: 'XAU/USD',
    type: 'Price reaching',
    price: 2750,
    status: 'active',
    hoursAgo: 5,
    email: false,
    push: true,
    note: 'Top of the weekly range: take half off',
  },
  { pair: 'GBP/USD', type: 'Price dropping below', price: 1.245, status: 'paused', hoursAgo: 8 },
  { pair: 'USD/JPY', type: 'Price rising above', price: 156.5, status: 'active', hoursAgo: 20 },
  { pair: 'AUD/USD', type: 'Price reaching', price: 0.655, status: 'triggered', hoursAgo: 30, firedAt: 26 },
  { pair: 'ETH/USD', type: 'Price rising above', price: 3200, status: 'triggered', hoursAgo: 50, firedAt: 41 },
  { pair: 'USD/CHF', type: 'Price dropping below', price: 0.87, status: 'cancelled', hoursAgo: 72 },
];

function toDocument(seed: Seed): AlertDocument {
  const doc: AlertDocument = {
    userId: DEMO_UID,
    currencyPair: seed.pair,
    alertType: seed.type,
    triggerPrice: seed.price,
    status: seed.status,
    notificationPreferences: { email: seed.email ?? true, push: seed.push ?? false },
    createdAt: Timestamp.fromMillis(NOW - seed.hoursAgo * HOUR),
    ...(seed.note ? { note: seed.note } : {}),
  };
  if (seed.firedAt !== undefined) {
    doc.triggeredAt = Timestamp.fromMillis(NOW - seed.firedAt * HOUR);
    doc.triggeredPrice = seed.price;
  }
  return alertDocumentSchema.parse(doc);
}

async function main() {
  for (const name of ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST']) {
    if (!process.env[name]) throw new Error(`${name} is not set: the seed only writes to the emulators.`);
  }
  const app = initializeApp({ projectId: PROJECT_ID });
  const auth = getAuth(app);
  const db = getFirestore(app);
  await auth.createUser({
    uid: DEMO_UID,
    email: 'demo@price-alerts.test',
    password: 'demo-pass-1234',
    emailVerified: true,
    displayName: 'Demo Trader',
  });
  const profile = profileSchema.parse({
    fullName: 'Demo Trader',
    email: 'demo@price-alerts.test',
    hasSetAvatar: false,
    pwaPromptDismissed: false,
  });
  const batch = db.batch();
  batch.set(db.doc(`users/${DEMO_UID}`), profile);
  seeds.forEach((seed, i) => batch.set(db.doc(`users/${DEMO_UID}/alerts/demo-${i + 1}`), toDocument(seed)));
  batch.set(
    db.doc(`users/${DEMO_UID}/counters/alerts`),
    alertCounterSchema.parse({ count: seeds.length, lastAlertId: `demo-${seeds.length}` }),
  );
  await batch.commit();
  console.log(`Seeded ${DEMO_UID} with ${seeds.length} alerts.`);
}

await main();
