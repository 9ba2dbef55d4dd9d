/**
 * Repository for prices/{symbol}: the latest price per pair, as the scheduled evaluator reads it.
 * The ingest service is its only writer (packages/feed/src/ingest/gcpSinks.ts).
 */
import { priceDocumentSchema, type PriceDocument } from '@price-alerts/domain/store';
import type { Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';

export async function latestPrices(db: Firestore): Promise<PriceDocument[]> {
  const snapshot = await db.collection('prices').get();
  return snapshot.docs.map((d) => parseDoc(priceDocumentSchema, d)).filter((p) => p !== undefined);
}
