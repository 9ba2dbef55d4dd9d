// A rules test environment per suite, each in its own demo project on the running Firestore
// emulator, so suites never clear each other's data (or the demo data of `npm start`).
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { collection, doc, increment, setLogLevel, writeBatch } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Every denied write is logged by the SDK as a warning; the assertions say all that matters.
setLogLevel('silent');

export const RULES = readFileSync(join(import.meta.dirname, '..', '..', 'firestore.rules'), 'utf8');

export async function rulesEnv(suite: string): Promise<RulesTestEnvironment> {
  const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
  if (!hostPort) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run through npm test or npm run test:emulator.');
  const [host, port] = hostPort.split(':');
  return initializeTestEnvironment({
    projectId: `demo-rules-${suite}`,
    firestore: { rules: RULES, host: host ?? '127.0.0.1', port: Number(port) },
  });
}

export const ALICE = 'alice';
export const BOB = 'bob';
export const ALICE_EMAIL = 'alice@example.test';

export function validAlert(uid = ALICE): Record<string, unknown> {
  return {
    userId: uid,
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.0925,
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: true, push: false },
  };
}

/** A rules test context's Firestore, as the modular functions take it. */
export type TestDb = ReturnType<RulesTestContext['firestore']>;

export const COUNTER = (uid = ALICE) => `users/${uid}/counters/alerts`;

/** How the app creates an alert: in one batch with the counter's +1, naming the alert. */
export function createCounted(db: TestDb, data: Record<string, unknown>, owner = ALICE, alertId?: string) {
  const ref = alertId ? doc(db, `users/${owner}/alerts/${alertId}`) : doc(collection(db, `users/${owner}/alerts`));
  const batch = writeBatch(db);
  batch.set(ref, data);
  batch.set(doc(db, COUNTER(owner)), { count: increment(1), lastAlertId: ref.id }, { merge: true });
  return batch.commit();
}

/** How the app deletes a counted alert: in one batch with the counter's -1, naming the alert. */
export function deleteCounted(db: TestDb, alertId: string, owner = ALICE) {
  const batch = writeBatch(db);
  batch.delete(doc(db, `users/${owner}/alerts/${alertId}`));
  batch.set(doc(db, COUNTER(owner)), { count: increment(-1), lastAlertId: alertId }, { merge: true });
  return batch.commit();
}
