/** Repository for evaluator/checkpoints: the price per pair the scheduled evaluator judged last time. */
import {
  CURRENCY_PAIRS,
  evaluatorCheckpointsSchema as checkpointsSchema,
  pairToSymbol,
  type CurrencyPair,
  type PricePoint,
} from '@price-alerts/domain';
import type { Firestore } from 'firebase-admin/firestore';

const ref = (db: Firestore) => db.collection('evaluator').doc('checkpoints');

export async function getCheckpoints(db: Firestore): Promise<Map<CurrencyPair, PricePoint>> {
  const snapshot = await ref(db).get();
  const parsed = checkpointsSchema.safeParse(snapshot.data() ?? {});
  const stored = parsed.success ? parsed.data.pairs : {};
  const result = new Map<CurrencyPair, PricePoint>();
  for (const pair of CURRENCY_PAIRS) {
    const point = stored[pairToSymbol(pair)];
    if (point) result.set(pair, point);
  }
  return result;
}

/** Only moves a checkpoint forward, so two overlapping runs cannot wind it back. */
export async function advanceCheckpoints(db: Firestore, points: Map<CurrencyPair, PricePoint>): Promise<void> {
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref(db));
    const parsed = checkpointsSchema.safeParse(snapshot.data() ?? {});
    const pairs = parsed.success ? { ...parsed.data.pairs } : {};
    for (const [pair, point] of points) {
      const symbol = pairToSymbol(pair);
      if ((pairs[symbol]?.at ?? -Infinity) < point.at) pairs[symbol] = point;
    }
    tx.set(ref(db), { pairs });
  });
}
