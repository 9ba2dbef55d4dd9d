import { onSchedule } from 'firebase-functions/v2/scheduler';
import { resumeSnoozed } from '../actions/snoozes';
import { expireDue } from '../expiry/expire';
import { db } from '../lib/firebase';
import * as logs from '../logs';

/**
 * Every minute: alerts whose expiry has come are cancelled and their owners told, and alerts whose
 * snooze has ended carry on (actions/snoozes.ts). No retry: a failed run's alerts are still due,
 * and the next run takes them.
 */
export const expireAlerts = onSchedule(
  { schedule: 'every 1 minutes', retryCount: 0, timeoutSeconds: 300 },
  async () => {
    const now = Date.now();
    const stats = await expireDue(db, now);
    if (stats.expired + stats.failed > 0) logs.alertsExpired(stats);
    const snoozes = await resumeSnoozed(db, now);
    if (snoozes.resumed + snoozes.failed > 0) logs.snoozesEnded(snoozes);
  },
);
