// An alert of the demo user (or of another user) a little above the market, written as the server
// stores it, and the price that crosses it: for the browser tests that need one to fire.
import { formatPrice, pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { priceDocumentSchema } from '@price-alerts/domain/store';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';

export interface DemoAlert {
  ref: DocumentReference;
  trigger: number;
  /** The trigger as the app shows it. */
  shown: string;
  /** An ask past the trigger, to force on the simulator. */
  crossing: number;
}

/** Whose alert it is and how it notifies. */
export interface AlertOwner {
  uid: string;
  email: boolean;
  push: boolean;
  /** More fields as stored (an every-time alert's repeat, cooldown and re-arm distance). */
  extra?: Record<string, unknown>;
}

/** 'Price rising above' 0.2% over the latest ask, push only; `digits` rounds the prices as the pair quotes. */
export const addPushAlertAbove = (db: Firestore, pair: CurrencyPair, digits: number): Promise<DemoAlert> =>
  addAlertAbove(db, pair, digits, { uid: 'demo-user', email: false, push: true });

// The ingest writes a pair's price document at most every 20 s, so right after a test forced a
// crossing the document may still hold the price from before it. A second alert on the same pair
// then starts from the crossing it was given, so it neither repeats the first one's level nor
// sits below the market and fires before the test forces it.
const lastCrossing = new Map<CurrencyPair, number>();

/** The same for any user, on the channels given. */
export async function addAlertAbove(
  db: Firestore,
  pair: CurrencyPair,
  digits: number,
  owner: AlertOwner,
): Promise<DemoAlert> {
  const stored = priceDocumentSchema.parse((await db.doc(`prices/${pairToSymbol(pair)}`).get()).data()).ask;
  const ask = Math.max(stored, lastCrossing.get(pair) ?? 0);
  const trigger = Number((ask * 1.002).toFixed(digits));
  const ref = await db.collection(`users/${owner.uid}/alerts`).add({
    userId: owner.uid,
    currencyPair: pair,
    alertType: 'Price rising above',
    triggerPrice: trigger,
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: owner.email, push: owner.push },
    createdAt: FieldValue.serverTimestamp(),
    ...owner.extra,
  });
  const crossing = Number((ask * 1.004).toFixed(digits));
  lastCrossing.set(pair, crossing);
  return { ref, trigger, shown: formatPrice(pair, trigger), crossing };
}

/**
 * One line on where an alert's firing got to (the alert, its deliveries' push states, the local push
 * messages left and the devices registered), for the message of a test whose push never showed.
 */
export async function describeFiring(db: Firestore, uid: string, alertId: string): Promise<string> {
  const [alert, deliveries, pushes, tokens] = await Promise.all([
    db.doc(`users/${uid}/alerts/${alertId}`).get(),
    db.collection('deliveries').where('alertId', '==', alertId).get(),
    db.collection(`users/${uid}/localPush`).get(),
    db.collection(`users/${uid}/pushTokens`).get(),
  ]);
  const push = deliveries.docs.map((d) => {
    const state = (d.get('channels.push') ?? {}) as { state?: string; attempts?: number; lastError?: string };
    return [state.state ?? 'none', state.attempts, state.lastError].filter((part) => part !== undefined).join('/');
  });
  // Short enough for the summary of npm test, which keeps a failure's first 240 characters.
  return [
    `alert ${alert.get('status')} armed=${alert.get('armed')} triggeredPrice=${alert.get('triggeredPrice')}`,
    `deliveries' push [${push.join(', ')}]`,
    `devices ${tokens.size}`,
    `local pushes waiting ${pushes.size}`,
  ].join('; ');
}
