/** Repository for evaluator/staleness: the outages of the price feed the scheduled check already reported. */
import { CURRENCY_PAIRS, pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { evaluatorStalenessSchema, staleTransitions, type StaleTransitions } from '@price-alerts/domain/prices';
import type { Firestore } from 'firebase-admin/firestore';

const ref = (db: Firestore) => db.collection('evaluator').doc('staleness');

/**
 * Judges the latest price times against the outages already known, in a transaction, and stores
 * what is stale now, so two overlapping runs report an outage once between them.
 */
export async function recordStaleness(
  db: Firestore,
  latest: readonly { pair: CurrencyPair; timestamp: number }[],
  now: number,
): Promise<StaleTransitions> {
  return db.runTransaction(async (tx) => {
    const parsed = evaluatorStalenessSchema.safeParse((await tx.get(ref(db))).data() ?? {});
    const stored = parsed.success ? parsed.data.pairs : {};
    const known: Partial<Record<CurrencyPair, number>> = {};
    for (const pair of CURRENCY_PAIRS) {
      const at = stored[pairToSymbol(pair)];
      if (at !== undefined) known[pair] = at;
    }
    const transitions = staleTransitions(latest, known, now);
    if (transitions.started.length > 0 || transitions.ended.length > 0) {
      const pairs = Object.fromEntries(
        Object.entries(transitions.stale).map(([pair, at]) => [pairToSymbol(pair as CurrencyPair), at]),
      );
      tx.set(ref(db), { pairs });
    }
    return transitions;
  });
}
