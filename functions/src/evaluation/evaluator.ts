/** Both evaluators' core: which alerts a pair's price path fires, read by trigger-price range. */
import {
  ALERT_TYPES,
  alertSince,
  evaluate,
  triggerRange,
  type CurrencyPair,
  type PricePath,
} from '@price-alerts/domain';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { findActiveInRange } from '../repositories/alerts';
import { fireAlerts } from './fire';

export interface EvaluationStats {
  /** Alert documents the range queries returned. */
  read: number;
  queries: number;
  fired: number;
  /** Alerts cancelled because firing them failed for good. */
  failed: number;
}

export const emptyStats = (): EvaluationStats => ({ read: 0, queries: 0, fired: 0, failed: 0 });

export function addStats(into: EvaluationStats, more: EvaluationStats): EvaluationStats {
  into.read += more.read;
  into.queries += more.queries;
  into.fired += more.fired;
  into.failed += more.failed;
  return into;
}

export interface EvaluateOptions {
  pageSize?: number;
}

/**
 * For each alert type, reads only the active alerts whose trigger price the path can reach, pages
 * through them, and fires each that the path fires. Cost grows with the alerts in range (those that
 * fire, plus any created after the prices), not with the alerts of the pair.
 */
export async function evaluatePair(
  db: Firestore,
  pair: CurrencyPair,
  path: PricePath,
  { pageSize = 300 }: EvaluateOptions = {},
): Promise<EvaluationStats> {
  const stats = emptyStats();
  await Promise.all(
    ALERT_TYPES.map(async (alertType) => {
      const range = triggerRange(alertType, path);
      if (!range) return;
      let after: QueryDocumentSnapshot | undefined;
      do {
        const page = await findActiveInRange(db, { pair, alertType, ...range }, pageSize, after);
        stats.queries += 1;
        stats.read += page.read;
        const firing = page.alerts.filter((a) =>
          evaluate({ alertType, triggerPrice: a.triggerPrice, since: alertSince(a) }, path),
        );
        // Awaited first: `+= await` would read the count before the wait and lose concurrent updates.
        const counts = await fireAlerts(
          db,
          firing.map((a) => a.path),
          path,
        );
        stats.fired += counts.fired;
        stats.failed += counts.failed;
        after = page.next;
      } while (after);
    }),
  );
  return stats;
}
