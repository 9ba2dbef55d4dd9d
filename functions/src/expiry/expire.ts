/**
 * Expiry: an active or paused alert whose `expiresAt` has come becomes cancelled with the reason
 * 'expired', and the user is told once, by the alert's own channels (an expiry-notice delivery).
 * The scheduled run reads only the alerts that expire (EXPIRING_ALERTS_QUERY, with its index).
 */
import { isLive } from '@price-alerts/domain/alerts';
import { initialChannels } from '@price-alerts/domain/notify';
import { anyAlertDocumentSchema, isMoveAlertDocument } from '@price-alerts/domain/store';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { settleEach } from '../lib/mapLimit';
import * as logs from '../logs';
import { createDelivery } from '../repositories/deliveries';
import { findExpiring } from '../repositories/expiringAlerts';
import { recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';

/** Alerts per query page, and transactions in flight at once (each one alert). */
export const EXPIRY_PAGE_SIZE = 100;
const EXPIRY_CONCURRENCY = 8;

/**
 * An every-time alert stays active after it fires, so it can fire and then expire. One that fired
 * within this long before its expiry ends quietly: the firing's notice was its last word, and the
 * user is not told twice in the same minute.
 */
export const QUIET_EXPIRY_AFTER_FIRING_MS = 60_000;

export interface ExpiryStats {
  expired: number;
  /** Documents the queries read: the alerts due, plus any invalid or already handled. */
  read: number;
  /** Alerts whose transaction failed; the next run tries them again. */
  failed: number;
}

/**
 * Expires one alert in a transaction that re-reads it: only while it is still active or paused
 * and its expiry (as stored now: it may have been edited) is at or before `now`. A firing of the
 * same alert is a transaction on the same document, so one of the two finds the other's status
 * and does nothing: a once-alert fires or expires, never both; an every-time alert that fired in
 * the minute before its expiry ends without a second notice. Returns whether it expired.
 */
export async function expireAlert(db: Firestore, alertPath: string, now: number): Promise<boolean> {
  const ref = db.doc(alertPath);
  return db.runTransaction(async (tx) => {
    const alert = parseDoc(anyAlertDocumentSchema, await tx.get(ref));
    if (!alert || !isLive(alert.status) || alert.expiresAt === undefined || alert.expiresAt > now) return false;
    tx.update(ref, { status: 'cancelled', cancelReason: 'expired' });
    recordEvent(tx, ref, { type: 'expired', at: alert.expiresAt });
    const justFired =
      alert.lastFiredAt !== undefined && alert.expiresAt - alert.lastFiredAt < QUIET_EXPIRY_AFTER_FIRING_MS;
    if (justFired) return true;
    const channels = initialChannels(alert.notificationPreferences);
    // Its id comes from the expiry time, so a replay of this expiry finds the notice it created.
    createDelivery(tx, db, {
      kind: 'expired',
      userId: ref.parent.parent?.id ?? alert.userId,
      alertId: ref.id,
      currencyPair: alert.currencyPair,
      alertType: alert.alertType,
      ...(isMoveAlertDocument(alert)
        ? {
            move: {
              movePercent: alert.movePercent,
              ...(alert.lookbackMinutes !== undefined ? { lookbackMinutes: alert.lookbackMinutes } : {}),
              ...(alert.direction !== undefined ? { direction: alert.direction } : {}),
            },
          }
        : { triggerPrice: alert.triggerPrice }),
      triggeredAt: Timestamp.fromMillis(alert.expiresAt),
      ...(alert.priceSide ? { priceSide: alert.priceSide } : {}),
      ...(alert.fireCount ? { fireCount: alert.fireCount } : {}),
      ...(alert.note ? { note: alert.note } : {}),
      channels,
      // Due for the sweeper, should no sender send it (within a run's outbox: when the run's lease ends).
      ...(Object.keys(channels).length > 0 ? { dueAt: now } : {}),
    });
    return true;
  });
}

/**
 * Every alert due at `now`, page by page. One alert's failure is logged and left for the next run
 * (it stays in the query until it expires); the others still expire.
 */
export async function expireDue(db: Firestore, now: number, pageSize = EXPIRY_PAGE_SIZE): Promise<ExpiryStats> {
  const stats: ExpiryStats = { expired: 0, read: 0, failed: 0 };
  let after;
  do {
    const page = await findExpiring(db, now, pageSize, after);
    stats.read += page.read;
    stats.failed += await settleEach(
      page.alerts,
      EXPIRY_CONCURRENCY,
      async ({ path }) => {
        if (await expireAlert(db, path, now)) stats.expired += 1;
      },
      ({ path }, error) => logs.alertExpiryFailed(path, error),
    );
    after = page.next;
  } while (after);
  return stats;
}
