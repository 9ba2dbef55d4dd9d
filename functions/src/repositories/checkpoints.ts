/** Repository for evaluator/checkpoints: the prices per pair the scheduled evaluator judged last time. */
import { CURRENCY_PAIRS, pairToSymbol, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import { evaluatorCheckpointsSchema as checkpointsSchema } from '@price-alerts/domain/prices';
import type { Firestore } from 'firebase-admin/firestore';

const ref = (db: Firestore) => db.collection('evaluator').doc('checkpoints');

/** One pair's judged prices at one time; a side is missing from checkpoints stored before sides. */
export interface Checkpoint {
  at: number;
  prices: Partial<Record<PriceSide, number>>;
}

type Stored = ReturnType<typeof checkpointsSchema.parse>['pairs'][string];

const fromStored = (s: Stored): Checkpoint => ({
  at: s.at,
  prices: {
    ask: s.price,
    ...(s.bid !== undefined ? { bid: s.bid } : {}),
    ...(s.mid !== undefined ? { mid: s.mid } : {}),
  },
});

const toStored = (c: Checkpoint & { prices: { ask: number } }): Stored => ({
  at: c.at,
  price: c.prices.ask,
  ...(c.prices.bid !== undefined ? { bid: c.prices.bid } : {}),
  ...(c.prices.mid !== undefined ? { mid: c.prices.mid } : {}),
});

export async function getCheckpoints(db: Firestore): Promise<Map<CurrencyPair, Checkpoint>> {
  const snapshot = await ref(db).get();
  const parsed = checkpointsSchema.safeParse(snapshot.data() ?? {});
  const stored = parsed.success ? parsed.data.pairs : {};
  const result = new Map<CurrencyPair, Checkpoint>();
  for (const pair of CURRENCY_PAIRS) {
    const point = stored[pairToSymbol(pair)];
    if (point) result.set(pair, fromStored(point));
  }
  return result;
}

/** Only moves a checkpoint forward, so two overlapping runs cannot wind it back. */
export async function advanceCheckpoints(
  db: Firestore,
  points: Map<CurrencyPair, Checkpoint & { prices: { ask: number } }>,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref(db));
    const parsed = checkpointsSchema.safeParse(snapshot.data() ?? {});
    const pairs = parsed.success ? { ...parsed.data.pairs } : {};
    for (const [pair, point] of points) {
      const symbol = pairToSymbol(pair);
      if ((pairs[symbol]?.at ?? -Infinity) < point.at) pairs[symbol] = toStored(point);
    }
    tx.set(ref(db), { pairs });
  });
}
