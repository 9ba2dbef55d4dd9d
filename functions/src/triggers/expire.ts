import { onSchedule } from 'firebase-functions/v2/scheduler';
import { resumeSnoozed } from '../actions/snoozes';
import { expireDue } from '../expiry/expire';
import { db } from '../lib/firebase';
import * as logs from '../logs';
import { ACTION_SIGNING_KEY, SENDGRID_API_KEY, TELEGRAM_BOT_TOKEN } from '../lib/params';
import { sendFired } from '../notify/sendFired';
import { senderDeps } from '../notify/wiring';

/**
 * Every minute: alerts whose expiry has come are cancelled and their owners told, and alerts whose
 * snooze has ended carry on (actions/snoozes.ts). No retry: a failed run's alerts are still due,
 * and the next run takes them. The expiry notices go out from here, as a firing's do.
 */
export const expireAlerts = onSchedule(
  {
    schedule: 'every 1 minutes',
    retryCount: 0,
    timeoutSeconds: 300,
    secrets: [SENDGRID_API_KEY, ACTION_SIGNING_KEY, TELEGRAM_BOT_TOKEN],
  },
  async () => {
    const now = Date.now();
    const stats = await sendFired(senderDeps(), () => expireDue(db, now));
    if (stats.expired + stats.failed > 0) logs.alertsExpired(stats);
    const snoozes = await resumeSnoozed(db, now);
    if (snoozes.resumed + snoozes.failed > 0) logs.snoozesEnded(snoozes);
  },
);
