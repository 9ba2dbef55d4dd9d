// Writes the demo user, profile and alerts into the running emulators (npm run demo-data:rebuild
// then exports them to emulator-data/). Alerts cover every status on several pairs; the alert counter
// (users/{uid}/counters/alerts, which the rules' cap of 200 reads) says how many there are. One alert
// of each kind the alert model adds: every-time (fired three times), bid and mid sides, one expiring
// and one expired; each with the history the server would have written. Active levels sit about 1% or
// more from the simulator's prices (packages/stand-ins/src/simulator/instruments.ts), so none fires as soon as it starts.
import type { AlertStatus, AlertType, CurrencyPair, PriceSide } from '@price-alerts/domain/common';
import type { AlertEvent } from '@price-alerts/domain/alerts';
import type { AlertDocument } from '@price-alerts/domain/store';
import { HISTORY_RETENTION_MS, alertEventSchema } from '@price-alerts/domain/alerts';
import { alertCounterSchema, alertDocumentSchema, profileSchema } from '@price-alerts/domain/store';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { eventId } from '../functions/src/repositories/history';

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
  side?: PriceSide;
  /** The alert model's own fields, as stored. */
  extra?: Partial<AlertDocument>;
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
  {
    pair: 'EUR/GBP',
    type: 'Price rising above',
    price: 0.885,
    status: 'active',
    hoursAgo: 28,
    push: true,
    note: 'Breakout watch: tell me every time',
    extra: {
      repeat: 'every',
      cooldownMinutes: 15,
      rearmPercent: 0.1,
      fireCount: 3,
      lastFiredAt: NOW - 2 * HOUR,
      lastFiredPrice: 0.88503,
      recentFirings: [NOW - 2 * HOUR],
      armedAt: NOW - HOUR,
    },
  },
  { pair: 'NZD/USD', type: 'Price rising above', price: 0.615, status: 'active', hoursAgo: 10, side: 'bid' },
  { pair: 'XAU/EUR', type: 'Price reaching', price: 2400, status: 'active', hoursAgo: 12, side: 'mid' },
  {
    pair: 'USD/CAD',
    type: 'Price dropping below',
    price: 1.33,
    status: 'active',
    hoursAgo: 2,
    extra: { expiresAt: Date.UTC(2027, 5, 30, 21, 59) },
  },
  {
    pair: 'LTC/USD',
    type: 'Price rising above',
    price: 120,
    status: 'cancelled',
    hoursAgo: 40,
    extra: { expiresAt: NOW - 6 * HOUR, cancelReason: 'expired' },
  },
];

/** The history the server would have written: created, each firing and its notifications, expiry. */
function historyOf(seed: Seed): Omit<AlertEvent, 'expireAt'>[] {
  const created = NOW - seed.hoursAgo * HOUR;
  const side = seed.side ?? 'ask';
  const events: Omit<AlertEvent, 'expireAt'>[] = [{ type: 'created', at: created }];
  const notified = (at: number) => [
    ...((seed.email ?? true)
      ? [{ type: 'notified' as const, at: at + 2_000, channel: 'email' as const, outcome: 'sent' as const }]
      : []),
    ...(seed.push
      ? [{ type: 'notified' as const, at: at + 1_000, channel: 'push' as const, outcome: 'sent' as const }]
      : []),
  ];
  if (seed.firedAt !== undefined) {
    const at = NOW - seed.firedAt * HOUR;
    events.push({ type: 'fired', at, price: seed.price, side }, ...notified(at));
  }
  if (seed.extra?.repeat === 'every') {
    for (const hoursAgo of [20, 9, 2]) {
      const at = NOW - hoursAgo * HOUR;
      events.push({ type: 'fired', at, price: seed.price + 0.00003, side }, ...notified(at));
      if (hoursAgo > 2) events.push({ type: 'rearmed', at: at + 30 * 60_000 });
    }
    events.push({ type: 'rearmed', at: NOW - HOUR });
  }
  if (seed.extra?.cancelReason === 'expired' && seed.extra.expiresAt !== undefined) {
    events.push({ type: 'expired', at: seed.extra.expiresAt });
  }
  if (seed.status === 'paused') events.push({ type: 'paused', at: created + HOUR });
  return events;
}

function toDocument(seed: Seed): AlertDocument {
  const doc: AlertDocument = {
    userId: DEMO_UID,
    currencyPair: seed.pair,
    alertType: seed.type,
    triggerPrice: seed.price,
    status: seed.status,
    notificationPreferences: { email: seed.email ?? true, push: seed.push ?? false },
    priceSide: seed.side ?? 'ask',
    armed: true,
    createdAt: Timestamp.fromMillis(NOW - seed.hoursAgo * HOUR),
    ...(seed.note ? { note: seed.note } : {}),
    ...seed.extra,
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
  seeds.forEach((seed, i) => {
    const ref = db.doc(`users/${DEMO_UID}/alerts/demo-${i + 1}`);
    batch.set(ref, toDocument(seed));
    for (const event of historyOf(seed)) {
      const parsed = alertEventSchema.parse({
        ...event,
        expireAt: Timestamp.fromMillis(event.at + HISTORY_RETENTION_MS),
      });
      batch.set(ref.collection('history').doc(eventId(event)), parsed);
    }
  });
  batch.set(
    db.doc(`users/${DEMO_UID}/counters/alerts`),
    alertCounterSchema.parse({ count: seeds.length, lastAlertId: `demo-${seeds.length}` }),
  );
  await batch.commit();
  console.log(`Seeded ${DEMO_UID} with ${seeds.length} alerts.`);
}

await main();
