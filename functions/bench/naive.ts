/** The benchmark's baseline: read every active alert of the pair, judge each in memory, fire the same way. */
import {
  alertDocumentSchema,
  alertSince,
  evaluate,
  pathFromInterval,
  type IntervalMessage,
} from '@price-alerts/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { emptyStats, type EvaluationStats } from '../src/evaluation/evaluator';
import { fireAlerts } from '../src/evaluation/fire';

export async function naiveEvaluateIntervals(
  db: Firestore,
  intervals: readonly IntervalMessage[],
): Promise<EvaluationStats> {
  const stats = emptyStats();
  await Promise.all(
    intervals.map(async (m) => {
      const path = pathFromInterval(m);
      // Needs a (currencyPair, status) collection-group index in production; the emulator does not ask.
      const snapshot = await db
        .collectionGroup('alerts')
        .where('currencyPair', '==', m.pair)
        .where('status', '==', 'active')
        .get();
      stats.queries += 1;
      stats.read += snapshot.size;
      const firing = snapshot.docs.filter((d) => {
        const alert = alertDocumentSchema.safeParse(d.data());
        return alert.success && evaluate({ ...alert.data, since: alertSince(alert.data) }, path) !== undefined;
      });
      // Awaited first: `+= await` would read the count before the wait and lose concurrent updates.
      const counts = await fireAlerts(
        db,
        firing.map((d) => d.ref.path),
        path,
      );
      stats.fired += counts.fired;
      stats.failed += counts.failed;
    }),
  );
  return stats;
}
