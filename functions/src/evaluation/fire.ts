/** Firing alerts: the only place an alert becomes 'triggered' and a delivery is born. */
import {
  alertDocumentSchema,
  alertSince,
  evaluate,
  initialChannels,
  type AlertDocument,
  type PricePath,
} from '@price-alerts/domain';
import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { createDelivery } from '../repositories/deliveries';
import { parseDoc } from '../repositories/parse';

const ALREADY_EXISTS = 6;
/** Alerts per transaction: two writes each, well under Firestore's 500 writes per commit. */
export const FIRE_CHUNK = 100;

type Now = () => number;

function alertRef(db: Firestore, alertPath: string): DocumentReference {
  const ref = db.doc(alertPath);
  if (!ref.parent.parent) throw new Error(`Not an alert path: ${alertPath}`);
  return ref;
}

/**
 * Inside a transaction that has read `snapshot`: fires the alert only if it is still active and the
 * path still fires it as stored now (it may have been paused, edited or fired by a concurrent
 * evaluator since the query). Returns whether it fired.
 */
function fireIn(
  tx: Transaction,
  db: Firestore,
  ref: DocumentReference,
  parsed: AlertDocument | undefined,
  path: PricePath,
  now: Now,
): boolean {
  if (!parsed || parsed.status !== 'active') return false;
  const firing = evaluate(
    { alertType: parsed.alertType, triggerPrice: parsed.triggerPrice, since: alertSince(parsed) },
    path,
  );
  if (!firing) return false;
  const triggeredAt = Timestamp.fromMillis(firing.at);
  const channels = initialChannels(parsed.notificationPreferences);
  tx.update(ref, { status: 'triggered', triggeredAt, triggeredPrice: firing.price });
  createDelivery(tx, db, {
    userId: ref.parent.parent?.id ?? parsed.userId,
    alertId: ref.id,
    currencyPair: parsed.currencyPair,
    alertType: parsed.alertType,
    triggerPrice: parsed.triggerPrice,
    triggeredPrice: firing.price,
    triggeredAt,
    channels,
    // Due at once for the sweeper, in case the sender triggered by the creation never runs.
    ...(Object.keys(channels).length > 0 ? { dueAt: now() } : {}),
  });
  return true;
}

const isAlreadyExists = (error: unknown) => (error as { code?: unknown }).code === ALREADY_EXISTS;

/** Fires one alert in its own transaction. */
export async function fireAlert(db: Firestore, alertPath: string, path: PricePath, now: Now = Date.now) {
  const ref = alertRef(db, alertPath);
  try {
    return await db.runTransaction(async (tx) => {
      const alert = parseDoc(alertDocumentSchema, await tx.get(ref));
      return fireIn(tx, db, ref, alert, path, now);
    });
  } catch (error) {
    // Only possible if a delivery outlived its alert being re-created under the same id: never notify twice.
    if (isAlreadyExists(error)) {
      logger.warn('Alert already has a delivery; not fired again', { alertPath });
      return false;
    }
    throw error;
  }
}

/**
 * Fires many alerts of one path, a chunk per transaction: the same checks as `fireAlert`, with one
 * commit per hundred alerts instead of one each. Returns how many this call fired.
 */
export async function fireAlerts(db: Firestore, alertPaths: readonly string[], path: PricePath, now: Now = Date.now) {
  let fired = 0;
  for (let i = 0; i < alertPaths.length; i += FIRE_CHUNK) {
    const refs = alertPaths.slice(i, i + FIRE_CHUNK).map((p) => alertRef(db, p));
    try {
      fired += await db.runTransaction(async (tx) => {
        const snapshots = await tx.getAll(...refs);
        return snapshots.filter((s) => fireIn(tx, db, s.ref, parseDoc(alertDocumentSchema, s), path, now)).length;
      });
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      // One alert of the chunk already has a delivery: fire the others one by one.
      for (const ref of refs) fired += (await fireAlert(db, ref.path, path, now)) ? 1 : 0;
    }
  }
  return fired;
}
