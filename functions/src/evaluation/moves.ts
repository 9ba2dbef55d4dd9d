/**
 * The evaluator's move reads (moveRules.ts): for each side, reference and direction a window carries
 * moves for (and, with the ingest's judge, only those it names), first re-arms the every-time move
 * alerts whose move fell back to their level, then reads the armed ones whose threshold the
 * window's largest move reaches and fires each that the moves fire. Each read finds only alerts
 * that can change, as the level reads do (evaluator.ts).
 */
import {
  MOVE_DIRECTIONS,
  PRICE_SIDES,
  type CurrencyPair,
  type MoveRead,
  type MoveReference,
  type PriceSide,
} from '@price-alerts/domain/common';
import { cooldownEnd, evaluateMove, judgedMove, moveLeast, moveReach, repeats } from '@price-alerts/domain/alerts';
import { MOVE_EPSILON, type Judge, type MoveStats, type SideMoves } from '@price-alerts/domain/prices';
import type { Firestore } from 'firebase-admin/firestore';
import { allEnded } from '../lib/allEnded';
import { findMovesToRearm, findMovesUpTo } from '../repositories/moveAlerts';
import { fireMoves, rearmMoves } from './fireMoves';
import { eachPage, parkCooling } from './rearm';

type Moves = Partial<Record<PriceSide, SideMoves>>;

/** What the reads cost and did, added into the caller's counts (evaluator.ts EvaluationStats). */
interface Counts {
  read: number;
  queries: number;
  fired: number;
  failed: number;
  rearmed: number;
}

/** The reads a window needs on one side: every carried one without a judge, else those it names. */
function readsOf(side: PriceSide, sideMoves: SideMoves, judge: Judge | undefined) {
  const named = new Set<string>(judge?.[side] ?? []);
  const out: { read: MoveRead; stats: MoveStats; rearm: boolean; fire: boolean }[] = [];
  for (const [reference, both] of Object.entries(sideMoves) as [MoveReference, SideMoves[MoveReference]][]) {
    if (!both) continue;
    for (const direction of MOVE_DIRECTIONS) {
      const read: MoveRead = `${direction}:${reference}`;
      const rearm = !judge || named.has(`rearm:${read}`);
      const fire = !judge || named.has(read);
      if (rearm || fire) out.push({ read, stats: both[direction], rearm, fire });
    }
  }
  return out;
}

export async function evaluateMoves(
  db: Firestore,
  pair: CurrencyPair,
  moves: Moves | undefined,
  judge: Judge | undefined,
  stats: Counts,
  pageSize = 300,
): Promise<void> {
  if (!moves) return;
  await allEnded(
    PRICE_SIDES.map(async (side) => {
      const sideMoves = moves[side];
      if (!sideMoves) return;
      const latest = Math.max(...Object.values(sideMoves).flatMap((b) => (b ? [b.up.last.at] : [])));
      for (const { read, stats: window, rearm, fire } of readsOf(side, sideMoves, judge)) {
        const direction = read.startsWith('up:') ? 'up' : 'down';
        if (rearm) {
          const range = { pair, read, side, percent: moveLeast(window, direction) - MOVE_EPSILON };
          // Counted apart and added after: eachPage's `+= await` would lose the other reads' counts.
          const own = { read: 0, queries: 0, rearmed: 0 };
          await eachPage(
            (after) => findMovesToRearm(db, range, pageSize, after),
            own,
            (paths) => rearmMoves(db, paths, side, sideMoves, latest),
          );
          stats.read += own.read;
          stats.queries += own.queries;
          stats.rearmed += own.rearmed;
        }
        if (fire)
          await fireRead(
            db,
            { pair, read, side, percent: moveReach(window, direction) + MOVE_EPSILON },
            sideMoves,
            latest,
            stats,
            pageSize,
          );
      }
    }),
  );
}

async function fireRead(
  db: Firestore,
  range: Parameters<typeof findMovesUpTo>[1],
  sideMoves: SideMoves,
  latest: number,
  stats: Counts,
  pageSize: number,
): Promise<void> {
  let after: Parameters<typeof findMovesUpTo>[3];
  do {
    const page = await findMovesUpTo(db, range, pageSize, after);
    stats.queries += 1;
    stats.read += page.read;
    const firing = page.alerts.filter((a) => evaluateMove(judgedMove(a), sideMoves));
    // Armed inside their cooldown (edited after firing): read now, parked so no later window reads them.
    await parkCooling(
      db,
      page.alerts.filter((a) => repeats(a) && cooldownEnd(a) > latest).map((a) => a.path),
      latest,
    );
    const counts = await fireMoves(
      db,
      firing.map((a) => a.path),
      range.side,
      sideMoves,
    );
    stats.fired += counts.fired;
    stats.failed += counts.failed;
    after = page.next;
  } while (after);
}
