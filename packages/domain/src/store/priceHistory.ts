/** The charts' stored candles, the server's alone: the one document that holds a JSON text. */
import { z } from '../common/zod.ts';
import { pairCandlesSnapshotSchema, type PairHistory } from '../prices/candlesSnapshot.ts';
import { currencyPairSchema } from './schemas.ts';

/** A JSON text, parsed: what follows in the pipe checks what it holds. */
const jsonText = (maxLength: number) =>
  z.pipe(
    z.string().check(z.maxLength(maxLength)),
    z.transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'must be JSON', input: text });
        return z.NEVER;
      }
    }),
  );

/**
 * priceHistory/{symbol}: a pair's chart candles as the ingest service held them at its last graceful
 * stop, read back once at its next start (docs/ingest-service.md). The candles are the snapshot
 * (candlesSnapshot.ts) as a JSON string, since Firestore holds no array in an array, and exempt from
 * indexing (firestore.indexes.json). Server only.
 */
export const priceHistoryDocumentSchema = z.object({
  pair: currencyPairSchema,
  // Under Firestore's 1 MiB a document; a full book is about 40 KB.
  candles: z.pipe(jsonText(1_000_000), pairCandlesSnapshotSchema),
  /** When it was written, ms since the epoch. */
  savedAt: z.number().check(z.positive()),
});
/** The document as stored (its candles a string). */
export type StoredPriceHistory = z.input<typeof priceHistoryDocumentSchema>;

export function priceHistoryDocument(history: PairHistory, savedAt: number): StoredPriceHistory {
  return { pair: history.pair, candles: JSON.stringify(history.candles), savedAt };
}
