/** Repository for prices/{symbol}: the latest price per pair. */
import { pairToSymbol, priceDocumentSchema, type PriceDocument } from '@price-alerts/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';

export async function saveLatestPrices(db: Firestore, prices: readonly PriceDocument[]): Promise<void> {
  if (prices.length === 0) return;
  const batch = db.batch();
  for (const price of prices)
    batch.set(db.collection('prices').doc(pairToSymbol(price.pair)), priceDocumentSchema.parse(price));
  await batch.commit();
}

export async function latestPrices(db: Firestore): Promise<PriceDocument[]> {
  const snapshot = await db.collection('prices').get();
  return snapshot.docs.map((d) => parseDoc(priceDocumentSchema, d)).filter((p) => p !== undefined);
}
