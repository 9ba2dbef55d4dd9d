/** Firing alerts: the only place an alert becomes 'triggered' and a delivery is born. */
import { type PriceSide } from '@price-alerts/domain/common';
import {
  evaluate,
  firedAtOpen,
  judged,
  rearmDecision,
  repeatAfterFiring,
  repeats,
  type PricePath,
} from '@price-alerts/domain/alerts';
import { initialChannels } from '@price-alerts/domain/notify';
import { alertDocumentSchema, type AlertDocument } from '@price-alerts/domain/store';
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Precondition,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { chunk, chunkByWeight } from '../lib/chunk';
import { mapLimit } from '../lib/mapLimit';
import { isPermanentFailure, recordPermanentFailure, type Now } from './fireFailures';
import { createDelivery, outboxAttempt, outboxCommitted } from '../repositories/deliveries';
import { recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';

/**
 * Writes in one firing batch: our bound, as Firestore bounds a commit by its size (10 MiB) and a
 * firing's writes are under 2 KiB (a note is at most 140 characters). Few commits: on the emulator
 * each commit on alerts costs about the same whatever it holds.
 */
const BATCH_WRITES = 3_000;
/** Once-alerts (three writes each) in one firing batch: a level read's page. */
export const BATCH_ALERTS = BATCH_WRITES / 3;
/** Alerts per firing transaction, which holds what it read until it commits: kept small. */
export const FIRE_CHUNK = 100;

export function alertRef(db: Firestore, alertPath: string): DocumentReference {
  const ref = db.doc(alertPath);
  if (!ref.parent.parent) throw new Error(`Not an alert path: ${alertPath}`);
  return ref;
}

/**
 * Inside a transaction that has read the alert (`parsed`, undefined when it is missing or invalid):
 * fires it only if it is still active and armed, judged on `side`, and the path still fires it as
 * stored now (it may have been paused, edited, re-armed or fired by a concurrent evaluator since the
 * query). A once-alert becomes triggered; an every-time alert stays active, disarmed until the price
 * goes back past its re-arm distance, and is paused by the runaway guard. Returns whether it fired.
 */
function fireIn(
  writer: Transaction | WriteBatch,
  db: Firestore,
  ref: DocumentReference,
  parsed: AlertDocument | undefined,
  path: PricePath,
  side: PriceSide,
  now: Now,
  precondition: Precondition = {},
): boolean {
  // Both take the same writes; a batch's update of the alert carries the precondition of its read.
  const tx = writer as WriteBatch;
  if (!parsed || parsed.status !== 'active' || parsed.armed === false) return false;
  if ((parsed.priceSide ?? 'ask') !== side) return false;
  const firing = evaluate(judged(parsed), path);
  if (!firing) return false;
  const triggeredAt = Timestamp.fromMillis(firing.at);
  const channels = initialChannels(parsed.notificationPreferences);
  let fireCount: number | undefined;
  let runaway = false;
  if (repeats(parsed)) {
    const update = repeatAfterFiring(parsed, firing.at, firing.price);
    fireCount = update.fireCount;
    runaway = update.pauseReason === 'runaway';
    // Re-arming is judged before firing, so a price back past the distance later in this same window
    // would be seen by no one: judge it here, from the firing on.
    const later = path.points.filter((p) => p.at > firing.at);
    const rearm = rearmDecision({ ...update, cooldownMinutes: parsed.cooldownMinutes }, later);
    if (rearm) {
      const { rearmBelow: _below, rearmAbove: _above, ...counted } = update;
      const armed = rearm.armAt !== undefined ? { armAt: rearm.armAt } : { armed: true, armedAt: rearm.at };
      tx.update(ref, { ...counted, ...armed }, precondition);
      recordEvent(tx, ref, { type: 'rearmed', at: rearm.at });
    } else {
      tx.update(ref, { ...update }, precondition);
    }
    if (runaway) recordEvent(tx, ref, { type: 'runaway_paused', at: firing.at });
  } else {
    tx.update(ref, { status: 'triggered', triggeredAt, triggeredPrice: firing.price }, precondition);
  }
  const atOpen = firedAtOpen(parsed.currencyPair, path, firing) ? { atOpen: true as const } : {};
  recordEvent(tx, ref, { type: 'fired', at: firing.at, price: firing.price, side, ...atOpen });
  createDelivery(tx, db, {
    userId: ref.parent.parent?.id ?? parsed.userId,
    alertId: ref.id,
    currencyPair: parsed.currencyPair,
    alertType: parsed.alertType,
    triggerPrice: parsed.triggerPrice,
    triggeredPrice: firing.price,
    triggeredAt,
    ...(side !== 'ask' ? { priceSide: side } : {}),
    ...(fireCount !== undefined ? { fireCount } : {}),
    ...(runaway ? { runawayPaused: true as const } : {}),
    ...atOpen,
    ...(parsed.note ? { note: parsed.note } : {}),
    channels,
    // Due for the sweeper, should no sender send it (within a run's outbox: when the run's lease ends).
    ...(Object.keys(channels).length > 0 ? { dueAt: now() } : {}),
  });
  return true;
}

/** What one attempt did: fired it, found nothing to do, or cancelled it on a permanent failure. */
export type FireOutcome = 'fired' | 'not-fired' | 'failed';

export interface FireCounts {
  fired: number;
  /** Alerts this call cancelled on a permanent failure (each logged once as `alert_fire_failed`). */
  failed: number;
}

/**
 * Fires one alert in its own transaction. A transient failure is thrown (and retried, see
 * PERMANENT_CODES); a permanent one cancels the alert, once, so no alert is retried forever.
 */
export async function fireAlert(
  db: Firestore,
  alertPath: string,
  path: PricePath,
  now: Now = Date.now,
  side: PriceSide = 'ask',
): Promise<FireOutcome> {
  const ref = alertRef(db, alertPath);
  try {
    const fired = await db.runTransaction(async (tx) => {
      const alert = parseDoc(alertDocumentSchema, await tx.get(ref));
      return fireIn(tx, db, ref, alert, path, side, now);
    });
    return fired ? 'fired' : 'not-fired';
  } catch (error) {
    if (!isPermanentFailure(error)) throw error;
    return (await recordPermanentFailure(db, ref, error, now)) ? 'failed' : 'not-fired';
  }
}

/** Chunks committed at once: a spike's thousands of firings take seconds, not minutes. */
export const FIRE_CHUNKS_AT_ONCE = 4;

/**
 * Fires many alerts of one path, a chunk per transaction: the same checks as `fireAlert`, with one
 * commit per hundred alerts instead of one each, a few chunks at once (their alerts are distinct).
 * In path order, so a user's alerts fire together. Returns how many this call fired and cancelled.
 */
export async function fireAlerts(
  db: Firestore,
  alertPaths: readonly string[],
  path: PricePath,
  now: Now = Date.now,
  side: PriceSide = 'ask',
): Promise<FireCounts> {
  const chunks = chunk([...alertPaths].sort(), FIRE_CHUNK);
  const counts: FireCounts = { fired: 0, failed: 0 };
  // Every chunk runs to its end, the first error thrown after: chunks that committed are then sent.
  const errors: unknown[] = [];
  await mapLimit(chunks, FIRE_CHUNKS_AT_ONCE, async (paths) => {
    const refs = paths.map((p) => alertRef(db, p));
    try {
      // Awaited first: `+= await` would read the count before the wait and lose concurrent updates.
      const last: { tx?: Transaction } = {};
      const fired = await db.runTransaction(async (tx) => {
        last.tx = tx;
        outboxAttempt(tx);
        const snapshots = await tx.getAll(...refs);
        // Each fireIn writes its alert's firing into the transaction, and says whether it fired.
        let n = 0;
        for (const snapshot of snapshots) {
          if (fireIn(tx, db, snapshot.ref, parseDoc(alertDocumentSchema, snapshot), path, side, now)) n += 1;
        }
        return n;
      });
      if (last.tx) outboxCommitted(last.tx);
      counts.fired += fired;
    } catch (error) {
      if (!isPermanentFailure(error)) return void errors.push(error);
      // One alert of the chunk fails for good: fire the others one by one, and record that one.
      for (const ref of refs) {
        const outcome = await fireAlert(db, ref.path, path, now, side).catch((e: unknown) => void errors.push(e));
        if (outcome && outcome !== 'not-fired') counts[outcome] += 1;
      }
    }
  });
  if (errors.length) throw errors[0];
  return counts;
}

/** An alert as a read found it, and when it was last written: the precondition of firing it unread. */
export interface ReadAlert {
  path: string;
  alert: AlertDocument;
  updateTime: Timestamp;
}

/**
 * Fires alerts as a read found them, without reading them again: batches of up to 3,000 writes, four
 * at once, each alert's update conditioned on its last write time. No transaction, so evaluators
 * racing on a spike's alerts never wait on each other's locks. A batch whose alert changed since the
 * read fails whole, and its alerts go through the firing transaction, which reads and judges them
 * again (a read each). Same outcome as fireAlerts, one read an alert fewer.
 */
export async function fireRead(
  db: Firestore,
  alerts: readonly ReadAlert[],
  path: PricePath,
  now: Now = Date.now,
  side: PriceSide = 'ask',
): Promise<FireCounts> {
  const sorted = [...alerts].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // A once-alert writes 3 documents, an every-time one up to 5.
  const chunks = chunkByWeight(sorted, BATCH_WRITES, (a) => (repeats(a.alert) ? 5 : 3));
  const counts: FireCounts = { fired: 0, failed: 0 };
  const errors: unknown[] = [];
  await mapLimit(chunks, FIRE_CHUNKS_AT_ONCE, async (read) => {
    const batch = db.batch();
    let fired = 0;
    for (const a of read) {
      const precondition = { lastUpdateTime: a.updateTime };
      if (fireIn(batch, db, alertRef(db, a.path), a.alert, path, side, now, precondition)) fired += 1;
    }
    if (fired === 0) return;
    try {
      await batch.commit();
      outboxCommitted(batch);
      counts.fired += fired;
    } catch {
      // Changed since the read, or any other failure: the transaction decides, and reports its own.
      const again = await fireAlerts(
        db,
        read.map((a) => a.path),
        path,
        now,
        side,
      ).catch((error: unknown) => void errors.push(error));
      if (again) {
        counts.fired += again.fired;
        counts.failed += again.failed;
      }
    }
  });
  if (errors.length) throw errors[0];
  return counts;
}
