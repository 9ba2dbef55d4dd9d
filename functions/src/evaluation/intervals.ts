/** The interval evaluator's input: a batch message from the ingest service, one interval per pair. */
import { describeIssues } from '@price-alerts/domain/common';
import { pathFromInterval } from '@price-alerts/domain/alerts';
import { intervalBatchSchema, intervalMessageSchema, type IntervalMessage } from '@price-alerts/domain/prices';
import type { Firestore } from 'firebase-admin/firestore';
import { allEnded } from '../lib/allEnded';
import {
  addStats,
  armAlertsDue,
  emptyStats,
  evaluatePair,
  type EvaluateOptions,
  type EvaluationStats,
  type SidePaths,
} from './evaluator';

/**
 * How long a failing interval message is retried. Pub/Sub would redeliver it for up to 7 days; past
 * this the scheduled evaluator has long judged the latest prices, so the message is dropped, logged.
 */
export const INTERVAL_MESSAGE_MAX_AGE_MS = 10 * 60_000;

/** True when a message published at `publishedAt` (the event's RFC 3339 time) is too old to retry. */
export function intervalMessageExpired(publishedAt: string, now: number): boolean {
  const at = Date.parse(publishedAt);
  return Number.isFinite(at) && now - at > INTERVAL_MESSAGE_MAX_AGE_MS;
}

/** The message body as JSON, or undefined when it is not JSON at all (the SDK's getter throws then). */
export function readJson(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The valid intervals, and a readable reason for each part that is not. */
export function parseIntervalBatch(raw: unknown): { intervals: IntervalMessage[]; rejected: string[] } {
  const batch = intervalBatchSchema.safeParse(raw);
  if (!batch.success) return { intervals: [], rejected: [describeIssues(batch.error.issues, '(message)')] };
  const intervals: IntervalMessage[] = [];
  const rejected: string[] = [];
  batch.data.intervals.forEach((entry, i) => {
    const parsed = intervalMessageSchema.safeParse(entry);
    if (parsed.success) intervals.push(parsed.data);
    else rejected.push(`intervals.${i}: ${describeIssues(parsed.error.issues, '(message)')}`);
  });
  return { intervals, rejected };
}

/** An interval's prices on each side. */
export function pathsFromInterval(m: IntervalMessage): SidePaths {
  return { ask: pathFromInterval(m, 'ask'), bid: pathFromInterval(m, 'bid'), mid: pathFromInterval(m, 'mid') };
}

/**
 * Each pair's windows judged in time order (an every-time alert fired by one may be re-armed by the
 * next), the pairs all at once, after arming the alerts whose cooldown ended by the latest price
 * time when any window may need it, so they are judged on this message.
 */
export async function evaluateIntervals(
  db: Firestore,
  intervals: readonly IntervalMessage[],
  options?: EvaluateOptions,
): Promise<EvaluationStats> {
  const stats = emptyStats();
  if (intervals.length === 0) return stats;
  if (intervals.some((m) => !m.judge || m.judge.armDue))
    addStats(stats, await armAlertsDue(db, Math.max(...intervals.map((m) => m.lastAt))));
  const byPair = new Map<IntervalMessage['pair'], IntervalMessage[]>();
  for (const m of [...intervals].sort((a, b) => a.start - b.start || a.lastAt - b.lastAt))
    byPair.set(m.pair, [...(byPair.get(m.pair) ?? []), m]);
  const all = await allEnded(
    [...byPair.values()].map(async (windows) => {
      const pairStats = emptyStats();
      for (const m of windows)
        addStats(
          pairStats,
          await evaluatePair(db, m.pair, pathsFromInterval(m), { ...options, judge: m.judge, moves: m.moves }),
        );
      return pairStats;
    }),
  );
  return all.reduce(addStats, stats);
}
