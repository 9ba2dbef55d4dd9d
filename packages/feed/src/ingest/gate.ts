/**
 * Which closed windows the ingest service publishes. It holds the level index of the active alerts
 * (fed by a Firestore listener) and the windows of the last few minutes. A window is published,
 * naming the reads it needs, only when it can fire or re-arm an alert the index holds; an idle
 * market costs no message, no invocation and no read.
 *
 * The index lags the alerts by the listener's delay. So each alert the listener delivers (created,
 * edited, resumed, fired, re-armed) is judged at once against the kept windows, and the first that
 * changes it (fires, re-arms, or arms and fires it) is published again: an alert created and
 * crossed 100 ms later fires however late the listener is, within the windows kept. What that
 * window does to the alert comes back through the listener, and the next window that acts on it
 * is found the same way. Until the listener's first snapshot, and after it fails until the next,
 * every window is published with every level read, and with the move reads the index it had names
 * (none on a first start); the next first snapshot is compared with the index it replaces, and what
 * changed meanwhile is caught up the same way (on a first start, every kept window is judged once
 * against the new move index). Levels and moves a published window reached are not read again for
 * a while (inFlight.ts, moveInFlight.ts), so a spike is read once, not every second.
 */
import { ALERT_TYPES, PRICE_SIDES, type CurrencyPair } from '@price-alerts/domain/common';
import {
  alertSince,
  indexedAlert,
  indexedMove,
  mergeJudges,
  summarize,
  LevelIndex,
  MoveIndex,
  type IndexedAlert,
  type LevelSummary,
} from '@price-alerts/domain/alerts';
import { type IntervalMessage, type Judge } from '@price-alerts/domain/prices';
import { isMoveAlertDocument, type AnyAlertDocument } from '@price-alerts/domain/store';
import { InFlight } from './inFlight.ts';
import { MoveInFlight } from './moveInFlight.ts';
import { movesForJudge } from './windowMoves.ts';
import { actsOnAny, activeFrom, judgeOne, pathsOf } from './windowActs.ts';

/** How long closed windows are kept for judging an alert the listener delivers late. */
export const RETAIN_MS = 10 * 60_000;

/** One document the listener delivered: its path, and its data (undefined when it left the query). */
export interface AlertChange {
  path: string;
  doc: AnyAlertDocument | undefined;
}

const same = <T>(a: T | undefined, b: T | undefined) => JSON.stringify(a) === JSON.stringify(b);

export class Gate {
  #index = new LevelIndex();
  #moves = new MoveIndex();
  readonly #inFlight: InFlight;
  readonly #movesInFlight: MoveInFlight;
  /** Per pair, the latest time an armed level (move) alert the listener delivered may fire from (alertSince). */
  readonly #armedSince = new Map<CurrencyPair, number>();
  readonly #movesArmedSince = new Map<CurrencyPair, number>();
  /** The index a failed listener left, to compare its next first snapshot with. */
  #previous: LevelIndex | undefined;
  #previousMoves: MoveIndex | undefined;
  #ready = false;
  #dirty = false;
  readonly #windows = new Map<CurrencyPair, IntervalMessage[]>();
  readonly #retainMs: number;
  /**
   * Windows judged, those published (first time and again for an alert delivered late), and those
   * with a firing read held back because a recent window's covers it (inFlight.ts, moveInFlight.ts).
   */
  readonly counts = { windows: 0, published: 0, caughtUp: 0, held: 0 };

  /** `holdMs`: how long the levels and moves a published window reached are not read again. */
  constructor(retainMs = RETAIN_MS, holdMs?: number) {
    this.#retainMs = retainMs;
    this.#inFlight = new InFlight(holdMs);
    this.#movesInFlight = new MoveInFlight(holdMs);
  }

  /** Whether the index holds the listener's current snapshot (else every window is published). */
  get ready(): boolean {
    return this.#ready;
  }
  get alerts(): number {
    return this.#index.size + this.#moves.size;
  }
  /** The index changed since the last summary was taken. */
  get dirty(): boolean {
    return this.#dirty;
  }

  /** The listener (re)starts: until its first snapshot the index is not trusted. */
  reset(): void {
    this.#inFlight.forget();
    this.#movesInFlight.forget();
    if (this.#ready) [this.#previous, this.#previousMoves] = [this.#index, this.#moves];
    this.#index = new LevelIndex();
    this.#moves = new MoveIndex();
    this.#ready = false;
    this.#dirty = true;
  }

  /**
   * Keeps the closed windows and returns those to publish, each with the reads it needs (every level
   * read while the index is not ready).
   */
  select(closed: readonly IntervalMessage[]): IntervalMessage[] {
    const out: IntervalMessage[] = [];
    for (const m of closed) {
      this.#keep(m);
      this.counts.windows += 1;
      if (!this.#ready) {
        // Every level read, as before the index; moves only for the reads the index the failed
        // listener left names (none on a first start: the first snapshot catches move alerts up on
        // the kept windows), not sixty move reads a pair a window.
        const { moves: _all, ...levels } = m;
        const moveJudge = this.#previousMoves?.judge(m.pair, m.moves ?? {}, m.lastAt);
        out.push(moveJudge ? withJudge(m, mergeJudges(EVERY_LEVEL_READ, moveJudge) ?? moveJudge) : levels);
        continue;
      }
      const paths = pathsOf(m);
      const all = this.#index.judge(m.pair, paths, m.lastAt);
      const levels =
        all && this.#inFlight.trim(m.pair, all, paths, m.end, (s, t, r) => this.#index.armedIn(m.pair, s, t, r));
      const allMoves = this.#moves.judge(m.pair, m.moves ?? {}, m.lastAt);
      const moves = allMoves && this.#movesInFlight.trim(m.pair, allMoves, m.moves ?? {}, m.end);
      if (levels !== all || moves !== allMoves) this.counts.held += 1;
      // Its reach stands for the alerts it can fire: none armed on the pair became active after its first price.
      if (levels && m.firstAt > (this.#armedSince.get(m.pair) ?? Number.NEGATIVE_INFINITY))
        this.#inFlight.record(m.pair, levels, paths, m.end);
      if (moves && m.firstAt > (this.#movesArmedSince.get(m.pair) ?? Number.NEGATIVE_INFINITY))
        this.#movesInFlight.record(m.pair, moves, m.moves ?? {}, m.end);
      const judge = mergeJudges(levels, moves);
      if (judge) out.push(withJudge(m, judge));
    }
    this.counts.published += out.length;
    return out;
  }

  /** Whether a window still open already reaches an armed alert's trigger, so it is worth cutting early. */
  reaches(m: IntervalMessage): boolean {
    if (!this.#ready) return false;
    return this.#index.reachesArmed(m.pair, pathsOf(m)) || this.#moves.reachesArmed(m.pair, m.moves ?? {});
  }

  /**
   * Applies what the listener delivered and returns the kept windows to publish again, in time
   * order: for each changed alert, the first window that acts on it. A first snapshot fills the
   * index; after a listener failure, the alerts that differ from the index it had are caught up.
   */
  apply(changes: readonly AlertChange[], snapshot: 'first' | 'update'): IntervalMessage[] {
    const late: AnyAlertDocument[] = [];
    const firstJudges: [IntervalMessage, Judge | undefined][] = [];
    if (snapshot === 'first') {
      const entries: [string, IndexedAlert][] = [];
      const moves = new MoveIndex();
      for (const { path, doc } of changes) {
        if (doc && isMoveAlertDocument(doc)) {
          const alert = indexedMove(doc);
          if (!alert) continue;
          moves.set(path, alert);
          if (alert.armed) this.#armed(doc);
          // With no index before it (a first start) the kept windows are judged once, below.
          if (this.#previousMoves && !same(this.#previousMoves.get(path), alert)) late.push(doc);
          continue;
        }
        const alert = doc && indexedAlert(doc);
        if (!alert || !doc) continue;
        entries.push([path, alert]);
        if (alert.armed) this.#armed(doc);
        if (this.#previous && !same(this.#previous.get(path), alert)) late.push(doc);
      }
      this.#index = new LevelIndex();
      this.#index.load(entries);
      this.#moves = moves;
      // A first start: no window was judged for moves yet. Each kept window once against the whole
      // index, not each alert against each window: a hundred thousand alerts would stall the service.
      if (!this.#previousMoves && !this.#previous)
        for (const w of [...this.#windows.values()].flat())
          firstJudges.push([w, moves.judge(w.pair, w.moves ?? {}, w.lastAt)]);
      this.#previous = undefined;
      this.#previousMoves = undefined;
      this.#ready = true;
      this.#dirty = true;
    } else {
      for (const { path, doc } of changes) {
        const before = this.#index.get(path);
        const alert = doc && (isMoveAlertDocument(doc) ? indexedMove(doc) : indexedAlert(doc));
        // An edit may turn a level into a move or back: the other index forgets it.
        this.#index.set(path, doc && !isMoveAlertDocument(doc) ? indexedAlert(doc) : undefined);
        this.#moves.set(path, doc && isMoveAlertDocument(doc) ? indexedMove(doc) : undefined);
        // Fired (or paused): the message that read it is still at work, by the latest window's clock.
        const at = before?.armed && !this.#index.get(path)?.armed && this.#windows.get(before.pair)?.at(-1)?.end;
        if (before && at) this.#inFlight.progress(before, at);
        // A move alert adds no level: the levels' hold (inFlight.ts) stands whatever it does, and back.
        if (alert?.armed && doc) this.#armed(doc);
        if (this.#ready && doc && alert) late.push(doc);
      }
      if (changes.length) this.#dirty = true;
    }
    const again = new Map<IntervalMessage, IntervalMessage>();
    for (const [w, judge] of firstJudges) if (judge) again.set(w, withJudge(w, judge));
    for (const doc of late) {
      const from = activeFrom(doc);
      const m = (this.#windows.get(doc.currencyPair) ?? []).find((w) => w.lastAt >= from && actsOnAny(doc, w));
      const judge = m && judgeOne(doc, m);
      if (m && judge) again.set(m, withJudge(m, mergeJudges(again.get(m)?.judge, judge) ?? judge));
    }
    const out = [...again.values()].sort((a, b) => a.start - b.start);
    this.counts.caughtUp += out.length;
    return out;
  }

  /**
   * An alert armed on its pair: a level a published window reached may hold it now, though that
   * window could not fire it, so the pair's record goes; and no window from before it may fire
   * from is recorded again.
   */
  #armed(doc: AnyAlertDocument): void {
    const move = isMoveAlertDocument(doc);
    (move ? this.#movesInFlight : this.#inFlight).forget(doc.currencyPair);
    const armedSince = move ? this.#movesArmedSince : this.#armedSince;
    const since = alertSince(doc);
    if (since > (armedSince.get(doc.currencyPair) ?? Number.NEGATIVE_INFINITY)) armedSince.set(doc.currencyPair, since);
  }

  /** Windows that could not be published: nothing is in flight for their pairs after all. */
  unpublished(messages: readonly IntervalMessage[]): void {
    for (const m of messages) [this.#inFlight, this.#movesInFlight].forEach((held) => held.forget(m.pair));
  }

  /** The summary the scheduled check judges by; undefined while the index is not ready. */
  summary(now: number): LevelSummary | undefined {
    if (!this.#ready) return undefined;
    this.#dirty = false;
    return summarize(this.#index, now, this.#moves);
  }

  /** A summary that could not be saved is taken again next time. */
  markDirty(): void {
    this.#dirty = true;
  }

  #keep(m: IntervalMessage): void {
    const kept = this.#windows.get(m.pair) ?? [];
    kept.push(m);
    const oldest = m.end - this.#retainMs;
    let drop = 0;
    while (drop < kept.length && (kept[drop] as IntervalMessage).end <= oldest) drop += 1;
    this.#windows.set(m.pair, drop ? kept.slice(drop) : kept);
  }
}

/** Every level read on every side, as a window judged without the level index gets. */
const EVERY_LEVEL_READ: Judge = {
  armDue: true,
  ...Object.fromEntries(PRICE_SIDES.map((side) => [side, ['rearm', ...ALERT_TYPES]])),
};

/** The window with the reads it needs, carrying only the moves those reads use. */
function withJudge(m: IntervalMessage, judge: Judge): IntervalMessage {
  const { moves: _all, ...rest } = m;
  const moves = movesForJudge(m.moves, judge);
  return { ...rest, judge, ...(moves ? { moves } : {}) };
}

/** Messages of at most `size` windows: the evaluator takes at most 1,000 a message. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
