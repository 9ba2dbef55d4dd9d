/**
 * evaluator/levels: the ingest service's level index in brief, for the scheduled check. Per pair
 * and side it holds bounds that every level an evaluator read could find lies within, so the check
 * judges a pair only when its move since the last check reaches one, and with only the reads it
 * can need. Looser than the index (reaching levels are merged into intervals), never tighter.
 */
import { ALERT_TYPES, CURRENCY_PAIRS, PRICE_SIDES, pairToSymbol, type CurrencyPair } from '../common/constants.ts';
import { triggerRange } from './crossing.ts';
import type { Judge, JudgeKind } from '../prices/intervals.ts';
import type { LevelIndex, SidePathMap } from './levelIndex.ts';
import type { MoveIndex } from './moveIndex.ts';
import { moveBoundsSchema, summarizeMoves } from './moveSummary.ts';
import { z } from '../common/zod.ts';

/**
 * The ingest service rewrites the summary at least once a minute while its index is kept; an older
 * one (its listener down, the service gone) is not trusted, and the scheduled check makes every read.
 */
export const SUMMARY_MAX_AGE_MS = 3 * 60_000;

/** Reaching levels per pair and side are covered by at most this many intervals: a few KiB a document. */
export const SUMMARY_REACHING_INTERVALS = 16;

const sideBoundsSchema = z.object({
  above: z.optional(z.number()),
  below: z.optional(z.number()),
  reaching: z.array(z.number()).check(
    z.maxLength(2 * SUMMARY_REACHING_INTERVALS),
    z.refine((xs) => xs.length % 2 === 0, 'reaching holds pairs of bounds'),
  ),
  rearmBelow: z.optional(z.number()),
  rearmAbove: z.optional(z.number()),
});

export const levelSummarySchema = z.object({
  /** When the index was in this state (ms): alerts changed since may be missing. */
  asOf: z.number(),
  /** The earliest end of a cooldown an alert waits for (ms). */
  armAt: z.optional(z.number()),
  /** Per pair symbol, per side; a pair or side left out holds no level. */
  pairs: z.record(
    z.string(),
    z.object({
      ask: z.optional(sideBoundsSchema),
      bid: z.optional(sideBoundsSchema),
      mid: z.optional(sideBoundsSchema),
    }),
  ),
  /** The move alerts' bounds (moveSummary.ts); absent from services older than move alerts. */
  moves: z.optional(moveBoundsSchema),
});
export type LevelSummary = z.infer<typeof levelSummarySchema>;

export function summarize(index: LevelIndex, asOf: number, moveIndex?: MoveIndex): LevelSummary {
  const pairs: LevelSummary['pairs'] = {};
  for (const pair of CURRENCY_PAIRS) {
    for (const side of PRICE_SIDES) {
      const bounds = index.bounds(pair, side, SUMMARY_REACHING_INTERVALS);
      if (bounds) pairs[pairToSymbol(pair)] = { ...pairs[pairToSymbol(pair)], [side]: bounds };
    }
  }
  const ends = [index.nextArmAt(), moveIndex?.nextArmAt()].filter((x) => x !== undefined);
  const moves = moveIndex ? summarizeMoves(moveIndex) : {};
  return {
    asOf,
    ...(ends.length ? { armAt: Math.min(...ends) } : {}),
    pairs,
    ...(Object.keys(moves).length ? { moves } : {}),
  };
}

/** The reads a pair's move needs by the summary, or undefined when none can find an alert. */
export function judgeBySummary(
  summary: LevelSummary,
  pair: CurrencyPair,
  paths: SidePathMap,
  latestAt: number,
): Judge | undefined {
  const sides = summary.pairs[pairToSymbol(pair)];
  if (!sides) return undefined;
  const judge: Judge = {};
  for (const side of PRICE_SIDES) {
    const bounds = sides[side];
    const path = paths[side];
    if (!bounds || !path || path.points.length === 0) continue;
    const prices = [...path.points.map((p) => p.price), ...(path.before ? [path.before.price] : [])];
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    if ((bounds.rearmBelow ?? -Infinity) >= low || (bounds.rearmAbove ?? Infinity) <= high) {
      judge[side] = ['rearm', ...ALERT_TYPES];
      continue;
    }
    const kinds: JudgeKind[] = [];
    for (const type of ALERT_TYPES) {
      const range = triggerRange(type, path);
      const min = range?.min ?? -Infinity;
      const max = range?.max ?? Infinity;
      const reached =
        type === 'Price rising above'
          ? bounds.above !== undefined && bounds.above <= max
          : type === 'Price dropping below'
            ? bounds.below !== undefined && bounds.below >= min
            : bounds.reaching.some((x, i) => i % 2 === 0 && x <= max && (bounds.reaching[i + 1] as number) >= min);
      if (range && reached) kinds.push(type);
    }
    if (kinds.length) judge[side] = kinds;
  }
  if (PRICE_SIDES.every((side) => !judge[side])) return undefined;
  return summary.armAt !== undefined && summary.armAt <= latestAt ? { armDue: true, ...judge } : judge;
}
