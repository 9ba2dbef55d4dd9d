/**
 * Re-arming every-time alerts: the only place a fired every-time alert becomes armed again, so the
 * firing query (armed == true) can read it. Each step reads only the alerts it changes.
 */
import { type PriceSide } from '@price-alerts/domain/common';
import { cooldownEnd, rearmDecision, repeats, type PricePath } from '@price-alerts/domain/alerts';
import { alertDocumentSchema, anyAlertDocumentSchema, type AlertDocument } from '@price-alerts/domain/store';
import { FieldValue, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { findArmDue, findRearmable, type AlertPage } from '../repositories/alerts';
import { recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';

export interface RearmStats {
  read: number;
  queries: number;
  rearmed: number;
}

const CHUNK = 100;

export async function eachPage(
  read: (after?: QueryDocumentSnapshot) => Promise<Pick<AlertPage, 'read' | 'next'> & { alerts: { path: string }[] }>,
  stats: RearmStats,
  handle: (paths: string[]) => Promise<number>,
): Promise<void> {
  let after: QueryDocumentSnapshot | undefined;
  do {
    const page = await read(after);
    stats.queries += 1;
    stats.read += page.read;
    for (let i = 0; i < page.alerts.length; i += CHUNK) {
      stats.rearmed += await handle(page.alerts.slice(i, i + CHUNK).map((a) => a.path));
    }
    after = page.next;
  } while (after);
}

/**
 * `armedAt` for an alert armed at its cooldown's end: a millisecond before it, since an alert is
 * judged on prices after `armedAt` (alertSince) and a price at the cooldown's very end counts, as it
 * does for an alert an edit armed during its cooldown.
 */
export const fromCooldownEnd = (end: number): number => end - 1;

/** In a transaction that read the alert: re-arms it (now, or at its cooldown's end) if the path does. */
function rearmIn(
  tx: Transaction,
  ref: DocumentReference,
  alert: AlertDocument | undefined,
  side: PriceSide,
  path: PricePath,
): boolean {
  if (!alert || alert.status !== 'active' || alert.armed !== false || (alert.priceSide ?? 'ask') !== side) return false;
  const decision = rearmDecision(alert, path.points, path.before);
  if (!decision) return false;
  const clear = { rearmBelow: FieldValue.delete(), rearmAbove: FieldValue.delete() };
  // A cooldown that ends within the path arms it now, from the cooldown's end, so the rest of the
  // same path is judged; waiting for the next message would judge those prices never, or late.
  const latest = Math.max(...path.points.map((p) => p.at));
  tx.update(
    ref,
    decision.armAt !== undefined && decision.armAt > latest
      ? { ...clear, armAt: decision.armAt }
      : {
          ...clear,
          armed: true,
          armedAt: decision.armAt !== undefined ? fromCooldownEnd(decision.armAt) : decision.at,
        },
  );
  recordEvent(tx, ref, { type: 'rearmed', at: decision.at });
  return true;
}

/** Re-arms the pair's every-time alerts on `side` that the path takes back past their re-arm distance. */
export async function rearmPair(
  db: Firestore,
  pair: Parameters<typeof findRearmable>[1]['pair'],
  side: PriceSide,
  path: PricePath,
  pageSize: number,
): Promise<RearmStats> {
  const stats: RearmStats = { read: 0, queries: 0, rearmed: 0 };
  if (path.points.length === 0) return stats;
  // The price before counts too (rearmDecision): a firing window's own fall back is seen only there.
  const prices = [...path.points.map((p) => p.price), ...(path.before ? [path.before.price] : [])];
  const range = { pair, side, low: Math.min(...prices), high: Math.max(...prices) };
  // A 'reaching' alert waits on both thresholds and may be in both queries: the fall is handled
  // first and the rise skips what it already saw, so no alert is re-armed in two transactions.
  const seen = new Set<string>();
  const handle = (paths: string[]) => {
    const fresh = paths.filter((p) => !seen.has(p));
    for (const p of fresh) seen.add(p);
    return fresh.length ? rearmAlerts(db, fresh, side, path) : Promise.resolve(0);
  };
  for (const direction of ['below', 'above'] as const) {
    await eachPage((after) => findRearmable(db, range, direction, pageSize, after), stats, handle);
  }
  return stats;
}

/** Re-arms, in one transaction, those of the given alerts the path takes back past their distance. */
export function rearmAlerts(
  db: Firestore,
  paths: readonly string[],
  side: PriceSide,
  path: PricePath,
): Promise<number> {
  return db.runTransaction(async (tx) => {
    const snapshots = await tx.getAll(...paths.map((p) => db.doc(p)));
    // Each rearmIn writes its alert's re-arming into the transaction, and says whether it re-armed.
    let rearmed = 0;
    for (const snapshot of snapshots) {
      if (rearmIn(tx, snapshot.ref, parseDoc(alertDocumentSchema, snapshot), side, path)) rearmed += 1;
    }
    return rearmed;
  });
}

/** Arms the alerts the price re-armed during their cooldown, once the cooldown is over. */
export async function armDue(db: Firestore, now: number, pageSize = 300): Promise<RearmStats> {
  const stats: RearmStats = { read: 0, queries: 0, rearmed: 0 };
  const handle = (paths: string[]) =>
    db.runTransaction(async (tx) => {
      const snapshots = await tx.getAll(...paths.map((p) => db.doc(p)));
      let armed = 0;
      for (const s of snapshots) {
        const alert = parseDoc(anyAlertDocumentSchema, s);
        if (!alert || alert.status !== 'active' || alert.armAt === undefined || alert.armAt > now) continue;
        // Never earlier than the alert's own last arming: only later prices may fire it.
        const armedAt = Math.max(fromCooldownEnd(alert.armAt), alert.armedAt ?? Number.NEGATIVE_INFINITY);
        tx.update(s.ref, { armed: true, armedAt, armAt: FieldValue.delete() });
        armed += 1;
      }
      return armed;
    });
  await eachPage((after) => findArmDue(db, now, pageSize, after), stats, handle);
  return stats;
}

/**
 * Parks armed every-time alerts the firing query read during their cooldown (an edit arms an alert
 * at once, whatever its cooldown): disarmed until the cooldown's end (`armAt`, armed by `armDue`),
 * so they leave the firing query instead of being read by every message until then. When they may
 * fire does not change: they are judged from the cooldown's end either way. `latest` is the path's
 * last price time; an alert whose cooldown ends by then is left armed.
 */
export function parkCooling(db: Firestore, paths: readonly string[], latest: number): Promise<number> {
  if (paths.length === 0) return Promise.resolve(0);
  return db.runTransaction(async (tx) => {
    const snapshots = await tx.getAll(...paths.map((p) => db.doc(p)));
    let parked = 0;
    for (const s of snapshots) {
      const alert = parseDoc(anyAlertDocumentSchema, s);
      if (!alert || alert.status !== 'active' || alert.armed !== true || !repeats(alert)) continue;
      const end = cooldownEnd(alert);
      // Re-armed after its cooldown's end: the cooldown no longer bounds it, and parking (on a
      // redelivered older window, `latest` before the end) would move its `armedAt` back to the
      // cooldown's end, letting prices from before the re-arm fire it. An edit sets no `armedAt`:
      // an alert edited after its cooldown may still be parked until the next armDue, and its
      // `updatedAt` keeps older prices from firing it.
      if (end <= latest || (alert.armedAt !== undefined && alert.armedAt + 1 >= end)) continue;
      tx.update(s.ref, { armed: false, armAt: end });
      parked += 1;
    }
    return parked;
  });
}
