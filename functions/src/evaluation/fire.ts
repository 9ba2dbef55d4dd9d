/** Firing one alert: the only place an alert becomes 'triggered' and a delivery is born. */
import { alertDocumentSchema, alertSince, evaluate, initialChannels, type PricePath } from '@price-alerts/domain';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { createDelivery } from '../repositories/deliveries';
import { parseDoc } from '../repositories/parse';

const ALREADY_EXISTS = 6;

/**
 * Re-reads the alert in a transaction and fires it only if it is still active and the path still
 * fires it as stored now (it may have been paused, edited or fired by a concurrent evaluator since
 * the query). Returns whether this call fired it.
 */
export async function fireAlert(db: Firestore, alertPath: string, path: PricePath, now = Date.now): Promise<boolean> {
  const ref = db.doc(alertPath);
  const userId = ref.parent.parent?.id;
  if (!userId) throw new Error(`Not an alert path: ${alertPath}`);
  try {
    return await db.runTransaction(async (tx) => {
      const alert = parseDoc(alertDocumentSchema, await tx.get(ref));
      if (!alert || alert.status !== 'active') return false;
      const firing = evaluate(
        { alertType: alert.alertType, triggerPrice: alert.triggerPrice, since: alertSince(alert) },
        path,
      );
      if (!firing) return false;
      const triggeredAt = Timestamp.fromMillis(firing.at);
      const channels = initialChannels(alert.notificationPreferences);
      tx.update(ref, { status: 'triggered', triggeredAt, triggeredPrice: firing.price });
      createDelivery(tx, db, {
        userId,
        alertId: ref.id,
        currencyPair: alert.currencyPair,
        alertType: alert.alertType,
        triggerPrice: alert.triggerPrice,
        triggeredPrice: firing.price,
        triggeredAt,
        channels,
        // Due at once for the sweeper, in case the sender triggered by the creation never runs.
        ...(Object.keys(channels).length > 0 ? { dueAt: now() } : {}),
      });
      return true;
    });
  } catch (error) {
    // Only possible if a delivery outlived its alert being re-created under the same id: never notify twice.
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) {
      logger.warn('Alert already has a delivery; not fired again', { alertPath });
      return false;
    }
    throw error;
  }
}
