// For in-process tests of the functions' core against the emulators, each suite in a project of its
// own, so the Functions emulator's triggers (bound to demo-price-alerts) never react to them.
import {
  pairToSymbol,
  type AlertStatus,
  type AlertType,
  type CurrencyPair,
  type PriceSide,
} from '@price-alerts/domain/common';
import { type PriceDocument } from '@price-alerts/domain/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';

export interface TestApp {
  db: Firestore;
  auth: Auth;
  close(): Promise<void>;
}

export async function testApp(projectId: string): Promise<TestApp> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Run through npm test: the emulators are not up.');
  await clearFirestoreProject(projectId);
  const app = initializeApp({ projectId }, `${projectId}-${Math.random().toString(36).slice(2, 6)}`);
  return { db: getFirestore(app), auth: getAuth(app), close: () => deleteApp(app) };
}

/** Accounts with a verified address each (`name-<stamp>@example.test`), so email reaches them; their uids. */
export async function verifiedUsers(auth: Auth, names: readonly string[]): Promise<string[]> {
  const stamp = Date.now();
  return Promise.all(
    names.map(
      async (name) => (await auth.createUser({ email: `${name}-${stamp}@example.test`, emailVerified: true })).uid,
    ),
  );
}

export interface SeedAlert {
  uid: string;
  id: string;
  pair?: CurrencyPair;
  type: AlertType;
  trigger: number;
  status?: AlertStatus;
  createdAt?: number;
  updatedAt?: number;
  email?: boolean;
  push?: boolean;
  note?: string;
  side?: PriceSide;
  /** More fields as stored (repeat, cooldownMinutes, expiresAt, server state…). */
  extra?: Record<string, unknown>;
}

export function alertData(a: SeedAlert): Record<string, unknown> {
  return {
    userId: a.uid,
    currencyPair: a.pair ?? 'EUR/USD',
    alertType: a.type,
    triggerPrice: a.trigger,
    priceSide: a.side ?? 'ask',
    armed: true,
    status: a.status ?? 'active',
    notificationPreferences: { email: a.email ?? true, push: a.push ?? true },
    createdAt: Timestamp.fromMillis(a.createdAt ?? 0),
    ...(a.updatedAt !== undefined ? { updatedAt: Timestamp.fromMillis(a.updatedAt) } : {}),
    ...(a.note !== undefined ? { note: a.note } : {}),
    ...a.extra,
  };
}

/** Writes alerts in batches of 500. */
export async function seedAlerts(db: Firestore, alerts: readonly SeedAlert[]): Promise<void> {
  for (let i = 0; i < alerts.length; i += 500) {
    const batch = db.batch();
    for (const a of alerts.slice(i, i + 500)) batch.set(db.doc(`users/${a.uid}/alerts/${a.id}`), alertData(a));
    await batch.commit();
  }
}

/** Stores latest prices as the ingest service does (prices/{symbol}); in production only it writes them. */
export async function seedPrices(db: Firestore, prices: readonly PriceDocument[]): Promise<void> {
  const batch = db.batch();
  for (const price of prices) batch.set(db.doc(`prices/${pairToSymbol(price.pair)}`), price);
  await batch.commit();
}

/** The status of each alert id, and the ids with a delivery document. */
export async function outcome(db: Firestore): Promise<{ triggered: string[]; deliveries: string[] }> {
  const [alerts, deliveries] = await Promise.all([
    db.collectionGroup('alerts').where('status', '==', 'triggered').get(),
    db.collection('deliveries').get(),
  ]);
  return {
    triggered: alerts.docs.map((d) => d.id).sort(),
    deliveries: deliveries.docs.map((d) => String(d.get('alertId'))).sort(),
  };
}
