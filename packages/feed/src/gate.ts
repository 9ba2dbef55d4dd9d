/**
 * Which closed windows the ingest service publishes. It holds the level index of the active alerts
 * (fed by a Firestore listener) and the windows of the last few minutes. A window is published,
 * naming the reads it needs, only when it can fire or re-arm an alert the index holds; an idle
 * market costs no message, no invocation and no read.
 *
 * The index lags the alerts by the listener's delay. So each alert the listener delivers (created,
 * edited, resumed, fired, re-armed) is judged at once against the kept windows since it became
 * active, and those that can act on it are published again: an alert created and crossed 100 ms
 * later fires however late the listener is, within the windows kept. Until the listener's first
 * snapshot, and after it fails until the next, every window is published with every read.
 */
import {
  alertSince,
  indexedAlert,
  judgeAlert,
  mergeJudges,
  pathFromInterval,
  summarize,
  LevelIndex,
  PRICE_SIDES,
  type AlertDocument,
  type CurrencyPair,
  type IntervalMessage,
  type LevelSummary,
  type SidePathMap,
} from '@price-alerts/domain';

/** How long closed windows are kept for judging an alert the listener delivers late. */
export const RETAIN_MS = 10 * 60_000;

/** One document the listener delivered: its path, and its data (undefined when it left the query). */
export interface AlertChange {
  path: string;
  doc: AlertDocument | undefined;
}

const pathsOf = (m: IntervalMessage): SidePathMap =>
  Object.fromEntries(PRICE_SIDES.map((side) => [side, pathFromInterval(m, side)]));

/** When a change may first act: prices from then on can fire or re-arm it. */
function actsFrom(doc: AlertDocument): number {
  // A disarmed alert is re-armed by prices after its last firing, before its cooldown ends.
  if (doc.armed === false && doc.armAt === undefined) return doc.lastFiredAt ?? alertSince(doc);
  if (doc.armed === false && doc.armAt !== undefined) return doc.armAt;
  return alertSince(doc);
}

export class Gate {
  #index = new LevelIndex();
  #ready = false;
  readonly #windows = new Map<CurrencyPair, IntervalMessage[]>();
  readonly #retainMs: number;
  /** The index changed since the last summary was taken. */
  dirty = false;
  /** Windows judged, and those published (first time and again for an alert delivered late). */
  readonly counts = { windows: 0, published: 0, caughtUp: 0 };

  constructor(retainMs = RETAIN_MS) {
    this.#retainMs = retainMs;
  }

  /** Whether the index holds the listener's current snapshot (else every window is published). */
  get ready(): boolean {
    return this.#ready;
  }

  get alerts(): number {
    return this.#index.size;
  }

  /** The listener (re)starts: until its first snapshot the index is not trusted. */
  reset(): void {
    this.#index = new LevelIndex();
    this.#ready = false;
    this.dirty = true;
  }

  /**
   * Keeps the closed windows and returns those to publish, each with the reads it needs (every read
   * while the index is not ready).
   */
  select(closed: readonly IntervalMessage[]): IntervalMessage[] {
    const out: IntervalMessage[] = [];
    for (const m of closed) {
      this.#keep(m);
      this.counts.windows += 1;
      if (!this.#ready) {
        out.push(m);
        continue;
      }
      const judge = this.#index.judge(m.pair, pathsOf(m), m.lastAt);
      if (judge) out.push({ ...m, judge });
    }
    this.counts.published += out.length;
    return out;
  }

  /**
   * Applies what the listener delivered. The first snapshot after a reset makes the index ready; it
   * judges nothing again, since every window until then was published with every read. Later
   * changes return the kept windows that can act on the changed alerts, in time order.
   */
  apply(changes: readonly AlertChange[], snapshot: 'first' | 'update'): IntervalMessage[] {
    const again = new Map<IntervalMessage, IntervalMessage>();
    for (const { path, doc } of changes) {
      const alert = doc && indexedAlert(doc);
      this.#index.set(path, alert);
      if (snapshot === 'first' || !this.#ready || !doc || !alert) continue;
      const from = actsFrom(doc);
      for (const m of this.#windows.get(alert.pair) ?? []) {
        if (m.lastAt < from) continue;
        const judge = judgeAlert(alert, pathsOf(m), m.lastAt);
        if (judge) again.set(m, { ...m, judge: mergeJudges(again.get(m)?.judge, judge) });
      }
    }
    if (changes.length) this.dirty = true;
    if (snapshot === 'first') this.#ready = true;
    const out = [...again.values()].sort((a, b) => a.start - b.start);
    this.counts.caughtUp += out.length;
    return out;
  }

  /** The summary the scheduled check judges by; undefined while the index is not ready. */
  summary(now: number): LevelSummary | undefined {
    if (!this.#ready) return undefined;
    this.dirty = false;
    return summarize(this.#index, now);
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
