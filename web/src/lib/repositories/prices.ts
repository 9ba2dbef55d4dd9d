/**
 * Repository for prices/{symbol}: a pair's latest price as the ingest service stores it every 20 s,
 * with where it stands for moves (latestMoves.ts). The create and edit screens listen to it while a
 * move type is chosen, for the move so far; the live prices themselves come from the relays.
 */
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { priceDocumentSchema, type PriceDocument } from '@price-alerts/domain/store';
import { doc, onSnapshot, type Firestore } from 'firebase/firestore';
import { parseFields } from './converters';

/** The pair's stored latest price, live (undefined while none is stored, or when it does not parse). */
export function watchLatestPrice(
  db: Firestore,
  pair: CurrencyPair,
  onData: (price: PriceDocument | undefined) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    doc(db, 'prices', pairToSymbol(pair)),
    (snapshot) => onData(snapshot.exists() ? parseFields(priceDocumentSchema, snapshot) : undefined),
    onError,
  );
}
