/**
 * What the firing reads of recently published windows reached, per pair, side and type. Until the
 * listener tells the index that the alerts such a window fires have fired, every later window
 * beyond their level would be published again and read them all again: during a news spike, ten
 * thousand alerts a second, each read contending with the transactions firing them. A window whose
 * firing read reaches nothing beyond what a window published in the last `IN_FLIGHT_HOLD_MS`
 * reached is not published for that read: the alerts it would find are the ones the earlier
 * message fires (Pub/Sub redelivers it until it is judged). The hold lasts while the listener shows
 * that message's alerts firing, and `IN_FLIGHT_HOLD_MS` after the last of them; after it a window is
 * published again, so a message lost for good costs at most that long. An alert armed on the pair since
 * (created, edited, resumed, re-armed) may sit at a level the earlier window reached before it was
 * active, so it clears the pair's record (`forget`).
 */
import {
  ALERT_TYPES,
  PRICE_SIDES,
  type AlertType,
  type CurrencyPair,
  type PriceSide,
} from '@price-alerts/domain/common';
import {
  triggerRange,
  withoutSkipped,
  type IndexedAlert,
  type SidePathMap,
  type TriggerRange,
} from '@price-alerts/domain/alerts';
import { type Judge } from '@price-alerts/domain/prices';

export const IN_FLIGHT_HOLD_MS = 20_000;
/**
 * The longest a reach is held, however long alerts in it keep leaving the index: the interval
 * evaluator's timeout, after which no message is still firing it (a user pausing alerts in the range,
 * which the listener cannot tell from a firing, holds it no longer).
 */
export const IN_FLIGHT_MAX_MS = 300_000;

interface Reach {
  min: number;
  max: number;
  until: number;
  /** When the first window of it was published. */
  since: number;
}

const isType = (kind: string): kind is AlertType => (ALERT_TYPES as readonly string[]).includes(kind);
/** An open bound is left out: a message is JSON, which has no infinity. */
const finite = (bound: number): number | undefined => (Number.isFinite(bound) ? bound : undefined);

export class InFlight {
  readonly #reach = new Map<string, Reach>();

  constructor(readonly holdMs = IN_FLIGHT_HOLD_MS) {}

  /**
   * The judge without the firing reads a recent window covers (the same object when it covers
   * none), or undefined when none is left; a read that reaches beyond one end of what it covers
   * keeps only the part beyond (`skip`), since a spike's levels are read by one message, not again
   * by each window that moves past them. A side with re-arm reads, and a judge that arms ended
   * cooldowns first, are kept whole: what they fire depends on the re-arm, which no earlier window
   * judged. With `armedIn` (the level index), the part beyond is read only where an armed level lies:
   * a spike making new highs past every level publishes nothing more.
   */
  trim(
    pair: CurrencyPair,
    judge: Judge,
    paths: SidePathMap,
    now: number,
    armedIn?: (side: PriceSide, type: AlertType, range: TriggerRange) => boolean,
  ): Judge | undefined {
    if (judge.armDue) return judge;
    const out: Judge = {};
    const skip: NonNullable<Judge['skip']> = [];
    let trimmed = false;
    for (const side of PRICE_SIDES) {
      const kinds = judge[side];
      if (!kinds) continue;
      const path = paths[side];
      const kept = kinds.includes('rearm')
        ? kinds
        : kinds.filter((kind) => {
            const range = path && isType(kind) ? triggerRange(kind, path) : undefined;
            const reach = this.#reach.get(`${pair}|${side}|${kind}`);
            if (!range || !reach || reach.until <= now || !isType(kind)) return true;
            const covered = { min: finite(reach.min), max: finite(reach.max) };
            const found = withoutSkipped(range, covered);
            if (found === range) return true;
            const left = found && (!armedIn || armedIn(side, kind, found)) ? found : undefined;
            trimmed = true;
            if (left) skip.push({ side, type: kind, ...covered });
            return left !== undefined;
          });
      if (kept.length) out[side] = kept;
    }
    if (!trimmed) return judge;
    if (skip.length) out.skip = skip;
    return PRICE_SIDES.some((side) => out[side]) ? out : undefined;
  }

  /** Records the firing reads of a window being published. */
  record(pair: CurrencyPair, judge: Judge, paths: SidePathMap, now: number): void {
    for (const side of PRICE_SIDES) {
      const path = paths[side];
      for (const kind of judge[side] ?? []) {
        const range = path && isType(kind) ? triggerRange(kind, path) : undefined;
        if (!range) continue;
        const key = `${pair}|${side}|${kind}`;
        const [min, max] = [range.min ?? -Infinity, range.max ?? Infinity];
        const reach = this.#reach.get(key);
        // Only overlapping reaches join: the levels between two apart were never read.
        if (reach && reach.until > now && reach.min <= max && min <= reach.max)
          this.#reach.set(key, { ...reach, min: Math.min(reach.min, min), max: Math.max(reach.max, max) });
        else this.#reach.set(key, { min, max, until: now + this.holdMs, since: now });
      }
    }
  }

  /**
   * An alert a live reach covers left the firing reads (fired, or disarmed by firing; a pause or a
   * delete looks the same to the listener): the message that read it is still firing, so the hold
   * runs `holdMs` from now, up to IN_FLIGHT_MAX_MS from its first window. A spike that takes longer than
   * the hold to fire is read once, not again by every window after it; a firing that stops (its
   * evaluator died) stops extending it, and the next window past the hold is published again.
   */
  progress(alert: IndexedAlert, now: number): void {
    const key = `${alert.pair}|${alert.side}|${alert.alertType}`;
    const reach = this.#reach.get(key);
    if (reach && reach.until > now && reach.min <= alert.triggerPrice && alert.triggerPrice <= reach.max)
      this.#reach.set(key, {
        ...reach,
        until: Math.min(reach.since + IN_FLIGHT_MAX_MS, Math.max(reach.until, now + this.holdMs)),
      });
  }

  forget(pair?: CurrencyPair): void {
    if (!pair) return this.#reach.clear();
    for (const key of this.#reach.keys()) if (key.startsWith(`${pair}|`)) this.#reach.delete(key);
  }
}
