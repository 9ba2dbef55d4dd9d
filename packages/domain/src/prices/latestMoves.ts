/**
 * A pair's latest price as stored for the scheduled check (prices/{symbol}) carries where it stands
 * for moves: per side and reference, the lookback's low and high (the day's open for 'day'). The
 * check reads it back as a window of one price, so the evaluator's move reads judge it like any
 * window: an alert a lost message missed fires within a minute while its move is still there.
 */
import { MOVE_REFERENCES, PRICE_SIDES, type PriceSide } from '../common/constants.ts';
import type { PriceDocument } from '../store/schemas.ts';
import type { IntervalMessage } from './intervals.ts';
import type { MovePoint, MoveStats, SideMoves } from './moves.ts';

export type LatestMoves = NonNullable<PriceDocument['moves']>;

/** Where a window's last price stands: each carried reference's low and high at its last tick. */
export function latestMovesOf(m: IntervalMessage): LatestMoves | undefined {
  if (!m.moves) return undefined;
  const out: LatestMoves = {};
  for (const side of PRICE_SIDES) {
    const refs = m.moves[side];
    if (!refs) continue;
    const kept: NonNullable<LatestMoves[PriceSide]> = {};
    for (const ref of MOVE_REFERENCES) {
      const both = refs[ref];
      if (!both) continue;
      const { up, down } = { up: both.up.last, down: both.down.last };
      kept[ref] = { low: up.from, lowAt: up.fromAt, high: down.from, highAt: down.fromAt };
    }
    out[side] = kept;
  }
  return out;
}

const only = (p: MovePoint): MoveStats => ({ best: p, least: p, last: p });

/** The stored latest price as a window of that one price, with its moves: undefined when it has none. */
export function movesFromLatest(price: PriceDocument): Partial<Record<PriceSide, SideMoves>> | undefined {
  if (!price.moves) return undefined;
  const prices = { ask: price.ask, bid: price.bid, mid: (price.ask + price.bid) / 2 };
  const out: Partial<Record<PriceSide, SideMoves>> = {};
  for (const side of PRICE_SIDES) {
    const refs = price.moves[side];
    if (!refs) continue;
    const sideMoves: SideMoves = {};
    for (const ref of MOVE_REFERENCES) {
      const r = refs[ref];
      if (!r) continue;
      const at = price.timestamp;
      sideMoves[ref] = {
        up: only({ price: prices[side], at, from: r.low, fromAt: r.lowAt }),
        down: only({ price: prices[side], at, from: r.high, fromAt: r.highAt }),
      };
    }
    out[side] = sideMoves;
  }
  return out;
}
