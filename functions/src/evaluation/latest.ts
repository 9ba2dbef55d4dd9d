/**
 * The scheduled catch-up: judges every pair's latest stored price, and the move from the price it
 * judged last time, so an alert a lost or failed interval message missed still fires.
 */
import { pathFromLatest, type CurrencyPair, type PricePoint } from '@price-alerts/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { advanceCheckpoints, getCheckpoints } from '../repositories/checkpoints';
import { latestPrices } from '../repositories/prices';
import { addStats, emptyStats, evaluatePair, type EvaluateOptions, type EvaluationStats } from './evaluator';

export async function evaluateLatestPrices(db: Firestore, options?: EvaluateOptions): Promise<EvaluationStats> {
  const [prices, checkpoints] = await Promise.all([latestPrices(db), getCheckpoints(db)]);
  const stats = emptyStats();
  const judged = new Map<CurrencyPair, PricePoint>();
  for (const price of prices) {
    const latest = { price: price.ask, at: price.timestamp };
    const path = pathFromLatest(checkpoints.get(price.pair), latest);
    if (path.points.length === 0) continue;
    addStats(stats, await evaluatePair(db, price.pair, path, options));
    judged.set(price.pair, latest);
  }
  if (judged.size > 0) await advanceCheckpoints(db, judged);
  return stats;
}
