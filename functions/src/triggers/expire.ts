import { onSchedule } from 'firebase-functions/v2/scheduler';
import { expireDue } from '../expiry/expire';
import { db } from '../lib/firebase';
import * as logs from '../logs';

/**
 * Every minute: alerts whose expiry has come are cancelled and their owners told. No retry: a
 * failed run's alerts are still due, and the next run takes them.
 */
export const expireAlerts = onSchedule(
  { schedule: 'every 1 minutes', retryCount: 0, timeoutSeconds: 300 },
  async () => {
    const stats = await expireDue(db, Date.now());
    if (stats.expired + stats.failed > 0) logs.alertsExpired(stats);
  },
);
