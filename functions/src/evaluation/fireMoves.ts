/**
 * Firing and re-arming move alerts (moveRules.ts), with the guarantees of fire.ts and rearm.ts:
 * each alert is re-read in the transaction and changed only while it is still active, armed (or
 * disarmed, to re-arm) and judged on this side, and the window's moves still fire (re-arm) it as
 * stored now. A once-alert becomes triggered; an every-time alert stays active, disarmed until its
 * move falls back to `rearmMoveAt`. Every firing writes a 'fired' event and a delivery, once.
 */
import { type PriceSide } from '@price-alerts/domain/common';
import {
  cooldownEnd,
  evaluateMove,
  judgedMove,
  moveAcrossOpen,
  moveAxis,
  moveRearmedAt,
  moveRepeatAfterFiring,
  repeats,
} from '@price-alerts/domain/alerts';
import { initialChannels } from '@price-alerts/domain/notify';
import type { SideMoves } from '@price-alerts/domain/prices';
import { moveAlertDocumentSchema, type MoveAlertDocument } from '@price-alerts/domain/store';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { createDelivery } from '../repositories/deliveries';
import { recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import { chunk } from '../lib/chunk';
import { FIRE_CHUNK, alertRef, type FireCounts } from './fire';
import { isPermanentFailure, recordPermanentFailure, type Now } from './fireFailures';
import { fromCooldownEnd } from './rearm';

/** In a transaction that read the alert: fires it if the window's moves on `side` still do. */
function fireMoveIn(
  tx: Transaction,
  db: Firestore,
  ref: DocumentReference,
  alert: MoveAlertDocument | undefined,
  side: PriceSide,
  moves: SideMoves,
  now: Now,
): boolean {
  if (!alert || alert.status !== 'active' || alert.armed === false) return false;
  if ((alert.priceSide ?? 'ask') !== side) return false;
  const f = evaluateMove(judgedMove(alert), moves);
  if (!f) return false;
  const triggeredAt = Timestamp.fromMillis(f.at);
  // With the read it fired on, so the details and the history say what moved even after an edit.
  const fired = { percent: f.percent, from: f.from, fromAt: f.fromAt, read: alert.moveRead };
  let fireCount: number | undefined;
  let runaway = false;
  if (repeats(alert)) {
    const update = moveRepeatAfterFiring(alert, f);
    fireCount = update.fireCount;
    runaway = update.pauseReason === 'runaway';
    // Re-arming is judged before firing: a move back under the level later in this same window is seen here.
    const { reference, direction } = moveAxis(alert);
    const back = moveRearmedAt(moves[reference]?.[direction], direction, update.rearmMoveAt, f.at);
    if (back) {
      const { rearmMoveAt: _level, ...counted } = update;
      const end = cooldownEnd({ ...alert, lastFiredAt: f.at });
      tx.update(ref, { ...counted, ...(end > back.at ? { armAt: end } : { armed: true, armedAt: back.at }) });
      recordEvent(tx, ref, { type: 'rearmed', at: back.at });
    } else {
      tx.update(ref, { ...update });
    }
    if (runaway) recordEvent(tx, ref, { type: 'runaway_paused', at: f.at });
  } else {
    tx.update(ref, { status: 'triggered', triggeredAt, triggeredPrice: f.price, firedMove: fired });
  }
  const atOpen = moveAcrossOpen(alert.currencyPair, f) ? { atOpen: true as const } : {};
  recordEvent(tx, ref, { type: 'fired', at: f.at, price: f.price, side, move: fired, ...atOpen });
  const channels = initialChannels(alert.notificationPreferences);
  createDelivery(tx, db, {
    userId: ref.parent.parent?.id ?? alert.userId,
    alertId: ref.id,
    currencyPair: alert.currencyPair,
    alertType: alert.alertType,
    move: {
      movePercent: alert.movePercent,
      ...(alert.lookbackMinutes !== undefined ? { lookbackMinutes: alert.lookbackMinutes } : {}),
      ...(alert.direction !== undefined ? { direction: alert.direction } : {}),
      percent: fired.percent,
      from: fired.from,
      fromAt: fired.fromAt,
    },
    triggeredPrice: f.price,
    triggeredAt,
    ...(side !== 'ask' ? { priceSide: side } : {}),
    ...(fireCount !== undefined ? { fireCount } : {}),
    ...(runaway ? { runawayPaused: true as const } : {}),
    ...atOpen,
    ...(alert.note ? { note: alert.note } : {}),
    channels,
    ...(Object.keys(channels).length > 0 ? { dueAt: now() } : {}),
  });
  return true;
}

/** Fires, a chunk per transaction, those of the given move alerts the window's moves on `side` fire. */
export async function fireMoves(
  db: Firestore,
  alertPaths: readonly string[],
  side: PriceSide,
  moves: SideMoves,
  now: Now = Date.now,
): Promise<FireCounts> {
  const counts: FireCounts = { fired: 0, failed: 0 };
  const run = (refs: DocumentReference[]) =>
    db.runTransaction(async (tx) => {
      const snapshots = await tx.getAll(...refs);
      let fired = 0;
      for (const s of snapshots) {
        if (fireMoveIn(tx, db, s.ref, parseDoc(moveAlertDocumentSchema, s), side, moves, now)) fired += 1;
      }
      return fired;
    });
  for (const paths of chunk(alertPaths, FIRE_CHUNK)) {
    const refs = paths.map((p) => alertRef(db, p));
    try {
      counts.fired += await run(refs);
    } catch (error) {
      if (!isPermanentFailure(error)) throw error;
      // One alert of the chunk fails for good: fire the others one by one, and cancel that one, once.
      for (const ref of refs) {
        try {
          counts.fired += await run([ref]);
        } catch (own) {
          if (!isPermanentFailure(own)) throw own;
          if (await recordPermanentFailure(db, ref, own, now)) counts.failed += 1;
        }
      }
    }
  }
  return counts;
}

/**
 * Re-arms, in one transaction, those of the given every-time move alerts whose move the window
 * takes back to their level after their last firing: armed from then, or from their cooldown's end.
 */
export function rearmMoves(
  db: Firestore,
  paths: readonly string[],
  side: PriceSide,
  moves: SideMoves,
  latest: number,
): Promise<number> {
  return db.runTransaction(async (tx) => {
    const snapshots = await tx.getAll(...paths.map((p) => db.doc(p)));
    let rearmed = 0;
    for (const s of snapshots) {
      const alert = parseDoc(moveAlertDocumentSchema, s);
      if (!alert || alert.status !== 'active' || alert.armed !== false || alert.rearmMoveAt === undefined) continue;
      if ((alert.priceSide ?? 'ask') !== side) continue;
      const { reference, direction } = moveAxis(alert);
      const after = alert.lastFiredAt ?? Number.NEGATIVE_INFINITY;
      const back = moveRearmedAt(moves[reference]?.[direction], direction, alert.rearmMoveAt, after);
      if (!back) continue;
      const end = cooldownEnd(alert);
      const clear = { rearmMoveAt: FieldValue.delete() };
      // As for levels (rearm.ts): a cooldown ending within the window arms it now, from the cooldown's end.
      if (end > latest) tx.update(s.ref, { ...clear, armAt: end });
      else tx.update(s.ref, { ...clear, armed: true, armedAt: end > back.at ? fromCooldownEnd(end) : back.at });
      recordEvent(tx, s.ref, { type: 'rearmed', at: back.at });
      rearmed += 1;
    }
    return rearmed;
  });
}
