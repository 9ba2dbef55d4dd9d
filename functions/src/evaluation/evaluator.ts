/** Both evaluators' core: which alerts a pair's price paths fire and re-arm, read by price range. */
import { ALERT_TYPES, PRICE_SIDES, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import {
  cooldownEnd,
  evaluate,
  judged,
  repeats,
  triggerRange,
  withoutSkipped,
  type PricePath,
  type TriggerRange,
} from '@price-alerts/domain/alerts';
import { type Judge, type SideMoves } from '@price-alerts/domain/prices';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { allEnded } from '../lib/allEnded';
import * as logs from '../logs';
import { chunk } from '../lib/chunk';
import { findActiveInRange, type AlertPage } from '../repositories/alerts';
import { BATCH_ALERTS, fireRead } from './fire';
import { evaluateMoves } from './moves';
import { armDue, parkCooling, rearmPair, type RearmStats } from './rearm';

export interface EvaluationStats {
  /** Alert documents the range queries returned. */
  read: number;
  queries: number;
  fired: number;
  /** Alerts cancelled because firing them failed for good. */
  failed: number;
  /** Every-time alerts re-armed by the price, or armed at the end of their cooldown. */
  rearmed: number;
}

export const emptyStats = (): EvaluationStats => ({ read: 0, queries: 0, fired: 0, failed: 0, rearmed: 0 });

export function addStats(into: EvaluationStats, more: EvaluationStats | RearmStats): EvaluationStats {
  into.read += more.read;
  into.queries += more.queries;
  into.rearmed += more.rearmed;
  if ('fired' in more) {
    into.fired += more.fired;
    into.failed += more.failed;
  }
  return into;
}

/** A pair's prices per side over the same stretch of time; a side left out is not judged. */
export type SidePaths = Partial<Record<PriceSide, PricePath>>;

/**
 * A level read's first read: small, so a spike's first alerts are fired and sent while the large
 * reads after it are made.
 */
const FIRST_PAGE = 200;
/** Pages of a level read being fired at once; a read after the first holds as many. */
const PAGES_FIRING_AT_ONCE = 3;
/** Re-arm and move reads: each page is one transaction (rearm.ts, fireMoves.ts), kept small. */
const TRANSACTION_PAGE = 400;

export interface EvaluateOptions {
  /**
   * Alerts a re-arm or move read returns at a time, and a level read fires at a time (its reads
   * hold three such pages). Absent: re-arm and move reads take 400; level reads fire pages of a
   * firing batch's worth of once-alerts (fire.ts), from a first read of 200, then reads of 3,000.
   */
  pageSize?: number;
  /** Only these reads (the ingest service's level index named them); absent: every read. */
  judge?: Judge | undefined;
  /** The window's moves per side, for the move reads (moves.ts); absent: none. */
  moves?: Partial<Record<PriceSide, SideMoves>> | undefined;
}

/**
 * For each side (and with `judge`, only the reads it names): first re-arms the every-time alerts the
 * path takes back past their re-arm distance (so the same path may fire them again), then for each
 * alert type reads only the armed active alerts whose trigger price the path can reach, page by page,
 * and fires each that the path fires. Cost grows with the alerts that fire or re-arm (plus any created
 * after the prices), not with the alerts of the pair. Every read ends before a failure is thrown, so
 * what each committed is handed to the run's outbox, not left to the sweep.
 */
export async function evaluatePair(
  db: Firestore,
  pair: CurrencyPair,
  paths: SidePaths,
  { pageSize, judge, moves }: EvaluateOptions = {},
): Promise<EvaluationStats> {
  const stats = emptyStats();
  const txPage = pageSize ?? TRANSACTION_PAGE;
  const moving = evaluateMoves(db, pair, moves, judge, stats, txPage);
  const sides = PRICE_SIDES.map(async (side) => {
    const path = paths[side];
    if (!path || path.points.length === 0) return;
    const kinds = judge ? (judge[side] ?? []) : ['rearm', ...ALERT_TYPES];
    if (kinds.includes('rearm')) addStats(stats, await rearmPair(db, pair, side, path, txPage));
    const types = ALERT_TYPES.filter((t) => kinds.includes(t));
    await allEnded(
      types.map((alertType) => {
        const skip = judge?.skip?.find((s) => s.side === side && s.type === alertType);
        return fireType(db, pair, side, alertType, path, pageSize ?? BATCH_ALERTS, stats, skip);
      }),
    );
  });
  await allEnded([moving, ...sides]);
  return stats;
}

async function fireType(
  db: Firestore,
  pair: CurrencyPair,
  side: PriceSide,
  alertType: (typeof ALERT_TYPES)[number],
  path: PricePath,
  pageSize: number,
  stats: EvaluationStats,
  skip?: TriggerRange,
): Promise<void> {
  const whole = triggerRange(alertType, path);
  // Levels a message published moments before reads (a spike's): only those beyond them.
  const range = whole && skip ? withoutSkipped(whole, skip) : whole;
  if (!range) return;
  // A read holds the pages that fire at once, and the next read goes while they fire: in a spike,
  // thousands of alerts are many pages, and their commits take the time. On the emulator a query
  // costs about the same whatever it returns, so few large reads, not a query a page. One read ahead
  // at most: about three reads' worth of alerts are held.
  const readSize = pageSize * PAGES_FIRING_AT_ONCE;
  const read = (size: number, after?: QueryDocumentSnapshot) => {
    const page = findActiveInRange(db, { pair, alertType, side, ...range }, size, after);
    // Handled at once (awaited later): a read failing while pages fire is not an unhandled rejection.
    page.catch(() => undefined);
    return page;
  };
  let reading: Promise<AlertPage> | undefined = read(Math.min(readSize, FIRST_PAGE));
  const firingPages: Promise<void>[] = [];
  const failure: { error?: unknown; failed: boolean } = { failed: false };
  try {
    while (reading) {
      const found: AlertPage = await reading;
      reading = undefined;
      stats.queries += 1;
      stats.read += found.read;
      if (failure.failed) break;
      reading = found.next ? read(readSize, found.next) : undefined;
      const firing = found.alerts.filter((a) => evaluate(judged(a), path));
      // Armed inside their cooldown (edited after firing): read now, parked so no later message reads them.
      const latest = Math.max(...path.points.map((p) => p.at));
      const cooling = found.alerts.filter((a) => repeats(a) && cooldownEnd(a) > latest).map((a) => a.path);
      for (const paths of chunk(cooling, TRANSACTION_PAGE)) await parkCooling(db, paths, latest);
      for (const page of chunk(firing, pageSize)) {
        if (firingPages.length >= PAGES_FIRING_AT_ONCE) await firingPages.shift();
        if (failure.failed) break;
        const firingPage = fireRead(
          db,
          page.map(({ path: at, updateTime, ...alert }) => ({ path: at, alert, updateTime })),
          path,
          Date.now,
          side,
        ).then(
          (counts) => {
            stats.fired += counts.fired;
            stats.failed += counts.failed;
          },
          // Kept, not left unhandled while the next read goes; the first is thrown once it is awaited.
          (error: unknown) => {
            if (failure.failed) logs.firingPageFailed(error);
            else Object.assign(failure, { error, failed: true });
          },
        );
        firingPages.push(firingPage);
      }
    }
  } finally {
    // Every page being fired (whose promises never reject), and a read made meanwhile (its failure
    // ignored here), ends before this returns or throws, so what each commits is handed to the outbox.
    await Promise.all(firingPages);
    await reading?.then(
      () => undefined,
      () => undefined,
    );
  }
  if (failure.failed) throw failure.error;
}

/** Once per message or run: arms the alerts whose cooldown ended (they were re-armed during it). */
export async function armAlertsDue(db: Firestore, now: number): Promise<EvaluationStats> {
  return addStats(emptyStats(), await armDue(db, now));
}
