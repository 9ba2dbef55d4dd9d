/**
 * The benchmark's baseline: read every active alert of the pair, judge each in memory on its side
 * (re-arming every-time alerts the same way), and fire through the same transactions, so it fires
 * exactly what the range evaluator fires and differs only in what it reads.
 */
import { PRICE_SIDES } from '@price-alerts/domain/common';
import { evaluate, evaluateMove, judged, judgedMove, moveActsOn, rearmDecision } from '@price-alerts/domain/alerts';
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { alertDocumentSchema, moveAlertDocumentSchema } from '@price-alerts/domain/store';
import { fireMoves, rearmMoves } from '../src/evaluation/fireMoves';
import type { Firestore } from 'firebase-admin/firestore';
import { armAlertsDue, emptyStats, addStats, type EvaluationStats } from '../src/evaluation/evaluator';
import { fireAlerts } from '../src/evaluation/fire';
import { pathsFromInterval } from '../src/evaluation/intervals';
import { rearmAlerts } from '../src/evaluation/rearm';

export async function naiveEvaluateIntervals(
  db: Firestore,
  intervals: readonly IntervalMessage[],
): Promise<EvaluationStats> {
  const stats = emptyStats();
  if (intervals.length === 0) return stats;
  // The step that arms alerts at their cooldown's end is shared: it reads only what it arms.
  addStats(stats, await armAlertsDue(db, Math.max(...intervals.map((m) => m.lastAt))));
  await Promise.all(
    intervals.map(async (m) => {
      const paths = pathsFromInterval(m);
      // Needs a (currencyPair, status) collection-group index in production; the emulator does not ask.
      const snapshot = await db
        .collectionGroup('alerts')
        .where('currencyPair', '==', m.pair)
        .where('status', '==', 'active')
        .get();
      stats.queries += 1;
      stats.read += snapshot.size;
      const alerts = snapshot.docs.flatMap((d) => {
        const parsed = alertDocumentSchema.safeParse(d.data());
        return parsed.success ? [{ ...parsed.data, path: d.ref.path }] : [];
      });
      const moveAlerts = snapshot.docs.flatMap((d) => {
        const parsed = moveAlertDocumentSchema.safeParse(d.data());
        return parsed.success ? [{ ...parsed.data, path: d.ref.path }] : [];
      });
      for (const side of PRICE_SIDES) {
        const path = paths[side];
        if (!path) continue;
        const mine = alerts.filter((a) => (a.priceSide ?? 'ask') === side);
        const rearming = mine
          .filter((a) => a.armed === false && rearmDecision(a, path.points, path.before))
          .map((a) => a.path);
        // Awaited first: `+= await` would read the count before the wait and lose concurrent updates.
        const rearmed = rearming.length ? await rearmAlerts(db, rearming, side, path) : 0;
        stats.rearmed += rearmed;
        const firing = mine
          .filter((a) => (a.armed !== false && evaluate(judged(a), path)) || rearming.includes(a.path))
          .map((a) => a.path);
        const counts = await fireAlerts(db, firing, path, Date.now, side);
        stats.fired += counts.fired;
        stats.failed += counts.failed;
        // Move alerts on the window's moves, judged in memory the same way, re-armed first.
        const sideMoves = m.moves?.[side];
        if (!sideMoves) continue;
        const moving = moveAlerts.filter((a) => (a.priceSide ?? 'ask') === side);
        const rearmMoving = moving.filter((a) => a.armed === false && a.armAt === undefined && moveActsOn(a, m.moves));
        const moveRearmed = rearmMoving.length
          ? await rearmMoves(
              db,
              rearmMoving.map((a) => a.path),
              side,
              sideMoves,
              m.lastAt,
            )
          : 0;
        stats.rearmed += moveRearmed;
        const firingMoves = moving
          .filter(
            (a) =>
              (a.armed !== false && evaluateMove(judgedMove(a), sideMoves)) ||
              rearmMoving.some((r) => r.path === a.path),
          )
          .map((a) => a.path);
        const moveCounts = await fireMoves(db, firingMoves, side, sideMoves);
        stats.fired += moveCounts.fired;
        stats.failed += moveCounts.failed;
      }
    }),
  );
  return stats;
}
