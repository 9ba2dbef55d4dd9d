/**
 * The scheduled catch-up: judges every pair's latest stored price on each side, and the move from
 * the prices it judged last time, so an alert a lost or failed interval message missed still fires.
 * Only the moves that reach a level in the ingest service's summary are read for (every move, when
 * no summary is stored).
 */
import { PRICE_SIDES, type CurrencyPair } from '@price-alerts/domain/common';
import {
  SUMMARY_MAX_AGE_MS,
  judgeBySummary,
  judgeMovesBySummary,
  mergeJudges,
  pathFromLatest,
} from '@price-alerts/domain/alerts';
import { movesFromLatest, type Judge, type SideMoves } from '@price-alerts/domain/prices';
import type { PriceSide } from '@price-alerts/domain/common';
import { type PriceDocument } from '@price-alerts/domain/store';
import type { Firestore } from 'firebase-admin/firestore';
import { advanceCheckpoints, getCheckpoints, type Checkpoint } from '../repositories/checkpoints';
import { getLevelSummary } from '../repositories/levels';
import { latestPrices } from '../repositories/prices';
import {
  addStats,
  armAlertsDue,
  emptyStats,
  evaluatePair,
  type EvaluateOptions,
  type EvaluationStats,
  type SidePaths,
} from './evaluator';

/** The prices a stored price document gives on each side; mid is the average of ask and bid. */
export const sidePrices = (p: PriceDocument) => ({ ask: p.ask, bid: p.bid, mid: (p.ask + p.bid) / 2 });

export interface LatestRun {
  stats: EvaluationStats;
  /** The latest prices it read, for the staleness check. */
  prices: PriceDocument[];
}

export async function evaluateLatestPrices(
  db: Firestore,
  options?: EvaluateOptions & { now?: number },
): Promise<LatestRun> {
  const [prices, checkpoints, stored] = await Promise.all([latestPrices(db), getCheckpoints(db), getLevelSummary(db)]);
  // A summary the ingest service stopped refreshing may lack what changed since: not trusted.
  const summary = stored && (options?.now ?? Date.now()) - stored.asOf <= SUMMARY_MAX_AGE_MS ? stored : undefined;
  const stats = emptyStats();
  const judged = new Map<CurrencyPair, Checkpoint & { prices: { ask: number } }>();
  const work: {
    pair: CurrencyPair;
    paths: SidePaths;
    judge: Judge | undefined;
    moves: Partial<Record<PriceSide, SideMoves>> | undefined;
  }[] = [];
  for (const price of prices) {
    const latest = sidePrices(price);
    const previous = checkpoints.get(price.pair);
    if (previous && price.timestamp <= previous.at) continue;
    const paths: SidePaths = {};
    for (const side of PRICE_SIDES) {
      const before = previous?.prices[side];
      const checkpoint = previous && before !== undefined ? { price: before, at: previous.at } : undefined;
      paths[side] = pathFromLatest(checkpoint, { price: latest[side], at: price.timestamp });
    }
    judged.set(price.pair, { at: price.timestamp, prices: latest });
    // The latest price as a window of one, for the move reads: only the reads the summary names.
    const moves = movesFromLatest(price);
    const judge =
      summary &&
      mergeJudges(
        judgeBySummary(summary, price.pair, paths, price.timestamp),
        moves && judgeMovesBySummary(summary.moves, price.pair, moves),
      );
    // Without a summary every level read is made, but no move read: sixty a pair would be the
    // bill of an ingest listener down for minutes, and the gate judges moves on the index it had.
    if (!summary || judge) work.push({ pair: price.pair, paths, judge, moves: judge ? moves : undefined });
  }
  if (judged.size === 0) return { stats, prices };
  // Alerts whose cooldown ended by the newest price are armed first, so they are judged on it; with
  // a summary, only when one has ended (then the index learns of it and the summary moves on).
  const newest = Math.max(...[...judged.values()].map((c) => c.at));
  const cooled = summary?.armAt !== undefined && summary.armAt <= newest;
  if (cooled || work.some((w) => !w.judge || w.judge.armDue)) addStats(stats, await armAlertsDue(db, newest));
  for (const { pair, paths, judge, moves } of work)
    addStats(stats, await evaluatePair(db, pair, paths, { ...options, judge, moves }));
  await advanceCheckpoints(db, judged);
  return { stats, prices };
}
