/**
 * The move alerts' side of the ingest service's index (levelIndex.ts holds the levels): per pair,
 * side, reference and direction, the thresholds of the armed alerts and the re-arm levels of the
 * disarmed ones. It says which move reads a window needs: a window whose moves reach no threshold
 * and re-arm nothing is not published for moves, and one that is carries only the moves of the
 * reads it names (windowMoves.ts).
 */
import {
  MOVE_DIRECTIONS,
  PRICE_SIDES,
  type CurrencyPair,
  type MoveRead,
  type MoveReference,
  type PriceSide,
} from '../common/constants.ts';
import type { Judge } from '../prices/intervals.ts';
import { MOVE_EPSILON, movePercent, type MoveStats, type SideMoves } from '../prices/moves.ts';
import type { MoveAlertDocument } from '../store/schemas.ts';
import { mergeJudges } from './levelIndex.ts';
import { moveAxis } from './moveRules.ts';
import { adjustLevels, type SortedLevels } from './sortedLevels.ts';

/** What the index needs of an active move alert. */
export interface IndexedMove {
  pair: CurrencyPair;
  side: PriceSide;
  read: MoveRead;
  reference: MoveReference;
  threshold: number;
  armed: boolean;
  /** Disarmed after firing: re-armed once the move is back at or under this (per cent). */
  rearmAt?: number | undefined;
  /** Re-armed during its cooldown: armed at this time by the evaluator's arm-due read. */
  armAt?: number | undefined;
}

export function indexedMove(doc: MoveAlertDocument): IndexedMove | undefined {
  if (doc.status !== 'active') return undefined;
  const { reference } = moveAxis(doc);
  return {
    pair: doc.currencyPair,
    side: doc.priceSide ?? 'ask',
    read: doc.moveRead,
    reference,
    threshold: doc.movePercent,
    armed: doc.armed !== false,
    rearmAt: doc.rearmMoveAt,
    armAt: doc.armAt,
  };
}

/** The move reads one alert needs on a window's moves, judged alone. */
export function judgeMove(alert: IndexedMove, moves: SideMoves | undefined, latestAt: number): Judge | undefined {
  const [direction] = alert.read.split(':') as [(typeof MOVE_DIRECTIONS)[number]];
  const stats = moves?.[alert.reference]?.[direction];
  if (!stats) return undefined;
  if (!alert.armed && alert.rearmAt !== undefined && leastOf(stats, alert.read) <= alert.rearmAt + MOVE_EPSILON)
    return { [alert.side]: [`rearm:${alert.read}`, alert.read] };
  const due = !alert.armed && alert.armAt !== undefined && alert.armAt <= latestAt;
  if ((alert.armed || due) && reachOf(stats, alert.read) >= alert.threshold - MOVE_EPSILON)
    return { ...(due ? { armDue: true } : {}), [alert.side]: [alert.read] };
  return undefined;
}

const directionOf = (read: MoveRead) => (read.startsWith('up:') ? 'up' : 'down');
const reachOf = (stats: MoveStats, read: MoveRead) => movePercent(directionOf(read), stats.best);
const leastOf = (stats: MoveStats, read: MoveRead) => movePercent(directionOf(read), stats.least);

const bucket = (pair: CurrencyPair, side: PriceSide, read: MoveRead) => `${pair}|${side}|${read}`;

export class MoveIndex {
  readonly #alerts = new Map<string, IndexedMove>();
  readonly #armed = new Map<string, SortedLevels>();
  readonly #rearm = new Map<string, SortedLevels>();
  readonly #waiting = new Map<string, IndexedMove>();
  /** Per pair, how many move alerts it holds and how many of them are armed: most pairs hold none. */
  readonly #held = new Map<CurrencyPair, { all: number; armed: number }>();

  get size(): number {
    return this.#alerts.size;
  }

  get(key: string): IndexedMove | undefined {
    return this.#alerts.get(key);
  }

  set(key: string, alert: IndexedMove | undefined): void {
    const old = this.#alerts.get(key);
    if (old) this.#apply(key, old, -1);
    if (alert) this.#apply(key, alert, 1);
    if (alert) this.#alerts.set(key, alert);
    else this.#alerts.delete(key);
  }

  #apply(key: string, a: IndexedMove, sign: 1 | -1): void {
    const name = bucket(a.pair, a.side, a.read);
    const held = this.#held.get(a.pair) ?? { all: 0, armed: 0 };
    held.all += sign;
    if (a.armed) held.armed += sign;
    if (held.all > 0) this.#held.set(a.pair, held);
    else this.#held.delete(a.pair);
    if (a.armed) adjustLevels(this.#armed, name, a.threshold, sign);
    else adjustLevels(this.#rearm, name, a.rearmAt, sign);
    if (!a.armed && a.armAt !== undefined) {
      if (sign === 1) this.#waiting.set(key, a);
      else this.#waiting.delete(key);
    }
  }

  /**
   * The scheduled check's bounds for a pair and side, per read: the lowest threshold an armed (or
   * cooling) alert fires at, and the highest level a disarmed one re-arms at. Undefined when none.
   */
  bounds(pair: CurrencyPair, side: PriceSide): Partial<Record<MoveRead, { min?: number; rearm?: number }>> | undefined {
    const out: Partial<Record<MoveRead, { min?: number; rearm?: number }>> = {};
    const prefix = `${pair}|${side}|`;
    const put = (
      read: MoveRead,
      key: 'min' | 'rearm',
      x: number | undefined,
      better: (a: number, b: number) => number,
    ) => {
      if (x === undefined) return;
      const entry = (out[read] ??= {});
      entry[key] = entry[key] === undefined ? x : better(entry[key], x);
    };
    for (const [name, levels] of this.#armed)
      if (name.startsWith(prefix)) put(name.slice(prefix.length) as MoveRead, 'min', levels.min(), Math.min);
    for (const [name, levels] of this.#rearm)
      if (name.startsWith(prefix)) put(name.slice(prefix.length) as MoveRead, 'rearm', levels.max(), Math.max);
    for (const a of this.#waiting.values())
      if (a.pair === pair && a.side === side) put(a.read, 'min', a.threshold, Math.min);
    return Object.keys(out).length ? out : undefined;
  }

  /** The earliest cooldown end among the waiting move alerts. */
  nextArmAt(): number | undefined {
    let next: number | undefined;
    for (const a of this.#waiting.values())
      if (a.armAt !== undefined && (next === undefined || a.armAt < next)) next = a.armAt;
    return next;
  }

  /** Whether a window's moves so far reach an armed threshold: worth cutting the window early. */
  reachesArmed(pair: CurrencyPair, moves: Partial<Record<PriceSide, SideMoves>>): boolean {
    // Asked on every tick: a pair with no armed move alert answers at once.
    if (!this.#held.get(pair)?.armed) return false;
    return this.#carried(pair, moves).some(({ stats, read, armed }) => {
      const lowest = armed?.min();
      return lowest !== undefined && reachOf(stats, read) >= lowest - MOVE_EPSILON;
    });
  }

  /**
   * The move reads a pair's window needs: per side, reference and direction, the firing read when
   * its largest move reaches the lowest armed threshold, and the re-arm read (with the firing read:
   * a re-armed alert may fire again on the same window) when its smallest move is back under the
   * highest re-arm level. Alerts whose cooldown ends by `latestAt` count as armed, with `armDue`.
   */
  judge(pair: CurrencyPair, moves: Partial<Record<PriceSide, SideMoves>>, latestAt: number): Judge | undefined {
    if (!this.#held.has(pair)) return undefined;
    let judge: Judge | undefined;
    for (const { side, stats, read, armed, rearm } of this.#carried(pair, moves)) {
      const highestRearm = rearm?.max();
      const lowest = armed?.min();
      if (highestRearm !== undefined && leastOf(stats, read) <= highestRearm + MOVE_EPSILON)
        judge = mergeJudges(judge, { [side]: [`rearm:${read}`, read] });
      else if (lowest !== undefined && reachOf(stats, read) >= lowest - MOVE_EPSILON)
        judge = mergeJudges(judge, { [side]: [read] });
    }
    for (const a of this.#waiting.values()) {
      if (a.pair !== pair || (a.armAt ?? Infinity) > latestAt) continue;
      const own = judgeMove({ ...a, armAt: undefined, armed: true }, moves[a.side], latestAt);
      if (own) judge = mergeJudges(judge, { ...own, armDue: true });
    }
    return judge;
  }

  /** Each side, reference and direction the window carries moves for, with its levels. */
  #carried(pair: CurrencyPair, moves: Partial<Record<PriceSide, SideMoves>>) {
    const out: { side: PriceSide; read: MoveRead; stats: MoveStats; armed?: SortedLevels; rearm?: SortedLevels }[] = [];
    for (const side of PRICE_SIDES) {
      for (const [reference, both] of Object.entries(moves[side] ?? {})) {
        if (!both) continue;
        for (const direction of MOVE_DIRECTIONS) {
          const read = `${direction}:${reference}` as MoveRead;
          const name = bucket(pair, side, read);
          const armed = this.#armed.get(name);
          const rearm = this.#rearm.get(name);
          out.push({ side, read, stats: both[direction], ...(armed ? { armed } : {}), ...(rearm ? { rearm } : {}) });
        }
      }
    }
    return out;
  }
}
