/**
 * The armed levels of the active alerts, held in memory by the ingest service: which of the
 * evaluator's reads a price window needs, so a window that can fire or re-arm nothing is never
 * published and costs nothing. It mirrors the evaluator's queries (queries.ts): a kind is named
 * whenever its query would find an alert this index holds (and also for an alert stored without
 * `armed` or `priceSide`, which the queries skip), so judging a window with its hints fires what
 * judging it with every read would.
 */
import { ALERT_TYPES, PRICE_SIDES, type AlertType, type CurrencyPair, type PriceSide } from '../common/constants.ts';
import { triggerRange, type PricePath, type TriggerRange } from './crossing.ts';
import type { Judge, JudgeKind } from '../prices/intervals.ts';
import type { AlertDocument } from '../store/schemas.ts';
import { SortedLevels, adjustLevels } from './sortedLevels.ts';

/** One pair and side of the scheduled check's summary: the levels any read could find. */
export interface SideBounds {
  /** Lowest rising-above level, highest dropping-below level. */
  above?: number;
  below?: number;
  /** Intervals holding every reaching level, flattened: [lo, hi, lo, hi, ...]. */
  reaching: number[];
  /** Highest threshold a fall re-arms at, lowest a rise re-arms at. */
  rearmBelow?: number;
  rearmAbove?: number;
}

/** What the gate needs of an active alert. */
export interface IndexedAlert {
  pair: CurrencyPair;
  side: PriceSide;
  alertType: AlertType;
  triggerPrice: number;
  /** In the firing query (armed == true; alerts stored before `armed` are read as armed). */
  armed: boolean;
  rearmBelow?: number | undefined;
  rearmAbove?: number | undefined;
  /** Re-armed during its cooldown: armed at this time by the evaluator's arm-due read. */
  armAt?: number | undefined;
}

/** The index's view of a stored alert; undefined when no evaluator read can find it (not active). */
export function indexedAlert(doc: AlertDocument): IndexedAlert | undefined {
  if (doc.status !== 'active') return undefined;
  return {
    pair: doc.currencyPair,
    side: doc.priceSide ?? 'ask',
    alertType: doc.alertType,
    triggerPrice: doc.triggerPrice,
    armed: doc.armed !== false,
    rearmBelow: doc.rearmBelow,
    rearmAbove: doc.rearmAbove,
    armAt: doc.armAt,
  };
}

/** A pair's prices per side over one stretch of time. */
export type SidePathMap = Partial<Record<PriceSide, PricePath>>;

const pathRange = (path: PricePath): { low: number; high: number } => {
  // The re-arm reads count the price before the window too (rearm.ts).
  const prices = [...path.points.map((p) => p.price), ...(path.before ? [path.before.price] : [])];
  return { low: Math.min(...prices), high: Math.max(...prices) };
};

const inRange = (range: { min?: number; max?: number } | undefined, x: number): boolean =>
  range !== undefined && (range.min ?? Number.NEGATIVE_INFINITY) <= x && x <= (range.max ?? Number.POSITIVE_INFINITY);

/** The reads one alert needs on a path, judged alone (the catch-up of an alert the index just learnt). */
export function judgeAlert(alert: IndexedAlert, paths: SidePathMap, latestAt: number): Judge | undefined {
  const path = paths[alert.side];
  if (!path || path.points.length === 0) return undefined;
  const { low, high } = pathRange(path);
  if (!alert.armed && ((alert.rearmBelow ?? -Infinity) >= low || (alert.rearmAbove ?? Infinity) <= high))
    return { [alert.side]: ['rearm', ...ALERT_TYPES] };
  const due = !alert.armed && alert.armAt !== undefined && alert.armAt <= latestAt;
  if ((alert.armed || due) && inRange(triggerRange(alert.alertType, path), alert.triggerPrice))
    return { ...(due ? { armDue: true } : {}), [alert.side]: [alert.alertType] };
  return undefined;
}

/** Two hints in one: every read either names. */
export function mergeJudges(a: Judge | undefined, b: Judge | undefined): Judge | undefined {
  if (!a || !b) return a ?? b;
  const out: Judge = a.armDue || b.armDue ? { armDue: true } : {};
  for (const side of PRICE_SIDES) {
    const kinds = new Set<JudgeKind>([...(a[side] ?? []), ...(b[side] ?? [])]);
    if (kinds.size) out[side] = [...kinds];
  }
  // A read one of them needs whole is read whole: a skip stands only where the other reads nothing.
  const skip = [
    ...(a.skip ?? []).filter((s) => !b[s.side]?.includes(s.type)),
    ...(b.skip ?? []).filter((s) => !a[s.side]?.includes(s.type)),
  ];
  if (skip.length) out.skip = skip;
  return out;
}

const bucket = (pair: CurrencyPair, side: PriceSide, type?: AlertType) => `${pair}|${side}|${type ?? ''}`;

export class LevelIndex {
  readonly #alerts = new Map<string, IndexedAlert>();
  /** Armed trigger prices per pair, side and type. */
  readonly #armed = new Map<string, SortedLevels>();
  readonly #rearmBelow = new Map<string, SortedLevels>();
  readonly #rearmAbove = new Map<string, SortedLevels>();
  /** Alerts waiting for their cooldown's end, by key; few at any time. */
  readonly #waiting = new Map<string, IndexedAlert>();

  get size(): number {
    return this.#alerts.size;
  }

  get(key: string): IndexedAlert | undefined {
    return this.#alerts.get(key);
  }

  /**
   * Fills an empty index at once (a listener's first snapshot): each bucket is sorted once instead
   * of taking one insertion per alert, which costs seconds for a few hundred thousand alerts.
   */
  load(entries: Iterable<[string, IndexedAlert]>): void {
    if (this.#alerts.size) throw new Error('LevelIndex.load fills an empty index only');
    const values = new Map<Map<string, SortedLevels>, Map<string, number[]>>();
    const push = (map: Map<string, SortedLevels>, name: string, x: number | undefined) => {
      if (x === undefined) return;
      const byName = values.get(map) ?? new Map<string, number[]>();
      values.set(map, byName);
      const xs = byName.get(name);
      if (xs) xs.push(x);
      else byName.set(name, [x]);
    };
    for (const [key, a] of entries) {
      this.#alerts.set(key, a);
      if (a.armed) push(this.#armed, bucket(a.pair, a.side, a.alertType), a.triggerPrice);
      else {
        push(this.#rearmBelow, bucket(a.pair, a.side), a.rearmBelow);
        push(this.#rearmAbove, bucket(a.pair, a.side), a.rearmAbove);
        if (a.armAt !== undefined) this.#waiting.set(key, a);
      }
    }
    for (const [map, byName] of values) for (const [name, xs] of byName) map.set(name, SortedLevels.from(xs));
  }

  /** Stores an alert's current state under its key (its document path); undefined removes it. */
  set(key: string, alert: IndexedAlert | undefined): void {
    const old = this.#alerts.get(key);
    if (old) this.#apply(key, old, -1);
    if (alert) {
      this.#alerts.set(key, alert);
      this.#apply(key, alert, 1);
    } else this.#alerts.delete(key);
  }

  #apply(key: string, a: IndexedAlert, sign: 1 | -1): void {
    const change = (map: Map<string, SortedLevels>, name: string, x: number | undefined) =>
      adjustLevels(map, name, x, sign);
    if (a.armed) change(this.#armed, bucket(a.pair, a.side, a.alertType), a.triggerPrice);
    else {
      change(this.#rearmBelow, bucket(a.pair, a.side), a.rearmBelow);
      change(this.#rearmAbove, bucket(a.pair, a.side), a.rearmAbove);
      if (a.armAt !== undefined) {
        if (sign === 1) this.#waiting.set(key, a);
        else this.#waiting.delete(key);
      }
    }
  }

  /**
   * Whether the paths reach an armed alert's trigger: the cheap check the ingest service makes on
   * every tick to judge a window before its end. Re-arms and ended cooldowns wait for the window's end.
   */
  reachesArmed(pair: CurrencyPair, paths: SidePathMap): boolean {
    return PRICE_SIDES.some((side) => {
      const path = paths[side];
      if (!path || path.points.length === 0) return false;
      return ALERT_TYPES.some((type) => {
        const range = triggerRange(type, path);
        return range !== undefined && this.armedIn(pair, side, type, range);
      });
    });
  }

  /** Whether an armed alert of the type waits at a level in `range` (bounds inclusive). */
  armedIn(pair: CurrencyPair, side: PriceSide, type: AlertType, range: TriggerRange): boolean {
    return this.#armed.get(bucket(pair, side, type))?.anyIn(range.min, range.max) === true;
  }

  /**
   * The reads a pair's window needs, or undefined when none would find an alert: per side, the
   * re-arm reads when a threshold lies within the path (then every type too, since a re-armed alert
   * may fire on the same path), and the firing read of each type with an armed level in its range.
   * Alerts whose cooldown ends by `latestAt` count as armed, with `armDue` to arm them first.
   */
  judge(pair: CurrencyPair, paths: SidePathMap, latestAt: number): Judge | undefined {
    const due = [...this.#waiting.values()].filter((a) => a.pair === pair && (a.armAt as number) <= latestAt);
    let judge: Judge | undefined;
    for (const side of PRICE_SIDES) {
      const path = paths[side];
      if (!path || path.points.length === 0) continue;
      const { low, high } = pathRange(path);
      const below = this.#rearmBelow.get(bucket(pair, side))?.max();
      const above = this.#rearmAbove.get(bucket(pair, side))?.min();
      if ((below !== undefined && below >= low) || (above !== undefined && above <= high)) {
        judge = mergeJudges(judge, { [side]: ['rearm', ...ALERT_TYPES] });
        continue;
      }
      for (const type of ALERT_TYPES) {
        const range = triggerRange(type, path);
        if (range && this.armedIn(pair, side, type, range)) judge = mergeJudges(judge, { [side]: [type] });
      }
    }
    // A waiting alert is read only once armed: its firing read, after the arm-due read.
    for (const a of due) {
      const own = judgeAlert({ ...a, armAt: undefined, armed: true }, paths, latestAt);
      if (own) judge = mergeJudges(judge, { ...own, armDue: true });
    }
    return judge;
  }

  /**
   * The bounds the scheduled check judges by (levelSummary.ts), for one pair and side: alerts
   * waiting for their cooldown count as armed, and the reaching levels are covered by at most
   * `reachingIntervals` intervals. Undefined when the side holds nothing.
   */
  bounds(pair: CurrencyPair, side: PriceSide, reachingIntervals: number): SideBounds | undefined {
    const waiting = [...this.#waiting.values()].filter((a) => a.pair === pair && a.side === side);
    const armed = (type: AlertType) => this.#armed.get(bucket(pair, side, type));
    const waitingAt = (type: AlertType) => waiting.filter((a) => a.alertType === type).map((a) => a.triggerPrice);
    // A loop, not Math.min(...xs): a spread of some 150,000 arguments overflows the stack.
    const extreme = (pick: (a: number, b: number) => number, type: AlertType, own: number | undefined) => {
      let out = own;
      for (const x of waitingAt(type)) out = out === undefined ? x : pick(out, x);
      return out;
    };
    const reaching = armed('Price reaching')?.copy() ?? new SortedLevels();
    for (const x of waitingAt('Price reaching')) reaching.add(x);
    const out: SideBounds = { reaching: reaching.cover(reachingIntervals).flat() };
    const bounds = {
      above: extreme(Math.min, 'Price rising above', armed('Price rising above')?.min()),
      below: extreme(Math.max, 'Price dropping below', armed('Price dropping below')?.max()),
      rearmBelow: this.#rearmBelow.get(bucket(pair, side))?.max(),
      rearmAbove: this.#rearmAbove.get(bucket(pair, side))?.min(),
    };
    for (const [k, v] of Object.entries(bounds)) if (v !== undefined) out[k as keyof typeof bounds] = v;
    return Object.keys(out).length > 1 || out.reaching.length ? out : undefined;
  }

  /** The earliest cooldown end among the waiting alerts. */
  nextArmAt(): number | undefined {
    let next: number | undefined;
    for (const a of this.#waiting.values()) if (next === undefined || (a.armAt as number) < next) next = a.armAt;
    return next;
  }
}
