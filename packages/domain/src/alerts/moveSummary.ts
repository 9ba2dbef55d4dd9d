/**
 * The move alerts' part of the scheduled check's summary (levelSummary.ts): per pair, side and read
 * the lowest threshold and the highest re-arm level, so the check reads for a move only when the
 * latest price's move reaches one, as the gate does for windows.
 */
import {
  CURRENCY_PAIRS,
  MOVE_READS,
  PRICE_SIDES,
  pairToSymbol,
  type CurrencyPair,
  type MoveRead,
  type PriceSide,
} from '../common/constants.ts';
import { z } from '../common/zod.ts';
import type { Judge } from '../prices/intervals.ts';
import { MOVE_EPSILON, movePercent, type SideMoves } from '../prices/moves.ts';
import type { MoveIndex } from './moveIndex.ts';

const readBoundsSchema = z.object({ min: z.optional(z.number()), rearm: z.optional(z.number()) });
const sideReadsSchema = z.partialRecord(z.enum(MOVE_READS), readBoundsSchema);
/** Per pair symbol, per side, per read; a pair, side or read left out holds no move alert. */
export const moveBoundsSchema = z.record(
  z.string(),
  z.object({ ask: z.optional(sideReadsSchema), bid: z.optional(sideReadsSchema), mid: z.optional(sideReadsSchema) }),
);
export type MoveBounds = z.infer<typeof moveBoundsSchema>;

export function summarizeMoves(index: MoveIndex): MoveBounds {
  const out: MoveBounds = {};
  for (const pair of CURRENCY_PAIRS) {
    for (const side of PRICE_SIDES) {
      const bounds = index.bounds(pair, side);
      if (bounds) out[pairToSymbol(pair)] = { ...out[pairToSymbol(pair)], [side]: bounds };
    }
  }
  return out;
}

/** The move reads the latest price needs by the summary: a threshold its move reaches, or a re-arm level it is back under. */
export function judgeMovesBySummary(
  bounds: MoveBounds | undefined,
  pair: CurrencyPair,
  moves: Partial<Record<PriceSide, SideMoves>>,
): Judge | undefined {
  const sides = bounds?.[pairToSymbol(pair)];
  if (!sides) return undefined;
  const judge: Judge = {};
  for (const side of PRICE_SIDES) {
    const reads = sides[side];
    const sideMoves = moves[side];
    if (!reads || !sideMoves) continue;
    const kinds: NonNullable<Judge[PriceSide]> = [];
    for (const [read, b] of Object.entries(reads) as [MoveRead, { min?: number; rearm?: number }][]) {
      const [direction, reference] = read.split(':') as ['up' | 'down', keyof SideMoves];
      const stats = sideMoves[reference]?.[direction];
      if (!stats) continue;
      const now = movePercent(direction, stats.last);
      if (b.rearm !== undefined && now <= b.rearm + MOVE_EPSILON) kinds.push(`rearm:${read}`, read);
      else if (b.min !== undefined && now >= b.min - MOVE_EPSILON) kinds.push(read);
    }
    if (kinds.length) judge[side] = kinds;
  }
  return Object.keys(judge).length ? judge : undefined;
}
