// An alert of the demo user a little above the market, written as the server stores it, and the
// price that crosses it: for the browser tests that need one to fire.
import { formatPrice, pairToSymbol, priceDocumentSchema, type CurrencyPair } from '@price-alerts/domain';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';

export interface DemoAlert {
  ref: DocumentReference;
  trigger: number;
  /** The trigger as the app shows it. */
  shown: string;
  /** An ask past the trigger, to force on the simulator. */
  crossing: number;
}

/** 'Price rising above' 0.2% over the latest ask, push only; `digits` rounds the prices as the pair quotes. */
export async function addPushAlertAbove(db: Firestore, pair: CurrencyPair, digits: number): Promise<DemoAlert> {
  const { ask } = priceDocumentSchema.parse((await db.doc(`prices/${pairToSymbol(pair)}`).get()).data());
  const trigger = Number((ask * 1.002).toFixed(digits));
  const ref = await db.collection('users/demo-user/alerts').add({
    userId: 'demo-user',
    currencyPair: pair,
    alertType: 'Price rising above',
    triggerPrice: trigger,
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: false, push: true },
    createdAt: FieldValue.serverTimestamp(),
  });
  return { ref, trigger, shown: formatPrice(pair, trigger), crossing: Number((ask * 1.004).toFixed(digits)) };
}
