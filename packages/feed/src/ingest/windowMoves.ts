/**
 * The moves a published window carries (moves.ts): dated within the window's ticks, like its lows
 * and highs, and trimmed to the references its move reads name, so a window read for levels alone
 * carries none.
 */
import { PRICE_SIDES, type PriceSide } from '@price-alerts/domain/common';
import type { Judge, MovePoint, MoveStats, ReferenceMoves, SideMoves } from '@price-alerts/domain/prices';

type Moves = Partial<Record<PriceSide, SideMoves>>;

const clampStats = (s: MoveStats, from: number, to: number): MoveStats => {
  // A window cut at a tick with a fraction of a millisecond ends on the whole one before it: the
  // price it is measured from is then dated no later than the point itself.
  const clamp = (p: MovePoint): MovePoint => {
    const at = Math.min(to, Math.max(from, p.at));
    return { ...p, at, fromAt: Math.min(p.fromAt, at) };
  };
  return { best: clamp(s.best), least: clamp(s.least), last: clamp(s.last) };
};

/** A copy of the moves with every point's time within [from, to]: a late tick counts as seen in the window. */
export function clampMoves(moves: Moves, from: number, to: number): Moves {
  const out: Moves = {};
  for (const side of PRICE_SIDES) {
    const refs = moves[side];
    if (!refs) continue;
    const sideOut: SideMoves = {};
    for (const [ref, both] of Object.entries(refs) as [keyof SideMoves, ReferenceMoves | undefined][]) {
      if (both) sideOut[ref] = { up: clampStats(both.up, from, to), down: clampStats(both.down, from, to) };
    }
    out[side] = sideOut;
  }
  return out;
}

/** Only the references the judge's move reads name ('up:15', 'rearm:down:day'), per side; undefined when none. */
export function movesForJudge(moves: Moves | undefined, judge: Judge): Moves | undefined {
  if (!moves) return undefined;
  const out: Moves = {};
  for (const side of PRICE_SIDES) {
    const refs = new Set((judge[side] ?? []).flatMap((kind) => (kind.includes(':') ? [kind.split(':').at(-1)] : [])));
    const sideMoves = moves[side];
    if (!sideMoves || refs.size === 0) continue;
    const kept = Object.fromEntries(Object.entries(sideMoves).filter(([ref]) => refs.has(ref)));
    if (Object.keys(kept).length) out[side] = kept;
  }
  return Object.keys(out).length ? out : undefined;
}
