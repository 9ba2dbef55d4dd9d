/**
 * The move reads' counterpart of inFlight.ts. A move's firing read ('up:15') finds the armed alerts
 * whose threshold is at most the window's largest move on that read. Until the listener tells the
 * index those fired, a later window whose largest move is no larger would read them all again; so
 * for `IN_FLIGHT_HOLD_MS` such a read is held back: what it would find is what the earlier message
 * fires (Pub/Sub redelivers it until it is judged). A larger move is read again (it may reach
 * higher thresholds), and after the hold anything is. Re-arm reads and a judge that arms ended
 * cooldowns are kept whole, as for levels. A move alert armed on the pair since may have a
 * threshold the earlier window reached before it was active, so it clears the pair's record
 * (`forget`), leaving the levels' hold as it is.
 */
import { MOVE_READS, PRICE_SIDES, type CurrencyPair, type MoveRead, type PriceSide } from '@price-alerts/domain/common';
import { moveReach } from '@price-alerts/domain/alerts';
import type { Judge, SideMoves } from '@price-alerts/domain/prices';
import { IN_FLIGHT_HOLD_MS } from './inFlight.ts';

type Moves = Partial<Record<PriceSide, SideMoves>>;

const isMoveRead = (kind: string): kind is MoveRead => (MOVE_READS as readonly string[]).includes(kind);

/** The largest move of the window on a read, undefined when the window carries none for it. */
function reachOn(moves: Moves, side: PriceSide, read: MoveRead): number | undefined {
  const [direction, reference] = read.split(':') as ['up' | 'down', keyof SideMoves];
  const stats = moves[side]?.[reference]?.[direction];
  return stats && moveReach(stats, direction);
}

export class MoveInFlight {
  readonly #reach = new Map<string, { max: number; until: number }>();

  constructor(readonly holdMs = IN_FLIGHT_HOLD_MS) {}

  /** The judge without the move reads a recent window covers (the same object when none is), or undefined when none is left. */
  trim(pair: CurrencyPair, judge: Judge, moves: Moves, now: number): Judge | undefined {
    if (judge.armDue) return judge;
    const out: Judge = {};
    let held = false;
    for (const side of PRICE_SIDES) {
      const kinds = judge[side];
      if (!kinds) continue;
      const kept = kinds.some((kind) => kind.startsWith('rearm'))
        ? kinds
        : kinds.filter((kind) => {
            if (!isMoveRead(kind)) return true;
            const move = reachOn(moves, side, kind);
            const reach = this.#reach.get(`${pair}|${side}|${kind}`);
            return !(move !== undefined && reach && reach.until > now && move <= reach.max);
          });
      if (kept.length) out[side] = kept;
      held ||= kept.length < kinds.length;
    }
    if (!held) return judge;
    return Object.keys(out).length ? out : undefined;
  }

  /** Records the move reads of a window being published: the largest move each reached. */
  record(pair: CurrencyPair, judge: Judge, moves: Moves, now: number): void {
    for (const side of PRICE_SIDES) {
      for (const kind of judge[side] ?? []) {
        if (!isMoveRead(kind)) continue;
        const move = reachOn(moves, side, kind);
        if (move === undefined) continue;
        const key = `${pair}|${side}|${kind}`;
        const reach = this.#reach.get(key);
        // A live record keeps its end: a steady stream of windows must not hold a read for ever.
        if (reach && reach.until > now) this.#reach.set(key, { ...reach, max: Math.max(reach.max, move) });
        else this.#reach.set(key, { max: move, until: now + this.holdMs });
      }
    }
  }

  forget(pair?: CurrencyPair): void {
    if (!pair) return this.#reach.clear();
    for (const key of this.#reach.keys()) if (key.startsWith(`${pair}|`)) this.#reach.delete(key);
  }
}
