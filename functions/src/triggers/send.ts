import { DUE_DELIVERIES_QUERY } from '@price-alerts/domain/store';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { isDeepStrictEqual } from 'node:util';
import { settleEach } from '../lib/mapLimit';
import { ACTION_SIGNING_KEY, SENDGRID_API_KEY, TELEGRAM_BOT_TOKEN } from '../lib/params';
import * as logs from '../logs';
import { rescheduleDigests, sendDigest } from '../notify/digests';
import { sendSoon } from '../notify/sendSoon';
import { newLease } from '../notify/sender';
import { sendMany } from '../notify/sendMany';
import { dueDeliveries } from '../repositories/deliveries';
import { dueDigests } from '../repositories/digests';
import { senderDeps } from '../notify/wiring';

const DUE_PAGE = DUE_DELIVERIES_QUERY.limit;

/** How long a sweep goes on taking full pages of due deliveries (a dead spike's), within its 300 s. */
const SWEEP_FOR_MS = 200_000;

/**
 * Every minute: retries that came due, deliveries whose sender died holding the lease (500 at a time,
 * oldest first, page after page while pages come full), and the digests of quiet hours that ended.
 */
export const sendDueDeliveries = onSchedule(
  {
    schedule: 'every 1 minutes',
    secrets: [SENDGRID_API_KEY, ACTION_SIGNING_KEY, TELEGRAM_BOT_TOKEN],
    retryCount: 0,
    timeoutSeconds: 300,
  },
  async () => {
    const started = Date.now();
    const digests = await dueDigests(senderDeps().db, started);
    // The deliveries in batches, as a spike's (their retries come due together); the digests each on
    // its own. What throws (a contended transaction) is logged and stays due for the next sweep.
    const sweep = async () => {
      let swept = 0;
      for (let full = true; full && Date.now() - started < SWEEP_FOR_MS;) {
        const deliveries = await dueDeliveries(senderDeps().db, Date.now());
        if (deliveries.length === 0) break;
        const sent = await sendMany(senderDeps(), deliveries, newLease(senderDeps())).catch((error: unknown) => {
          logs.dueSendFailed('delivery', deliveries[0] ?? '-', error);
          return undefined;
        });
        swept += deliveries.length;
        // A page of which nothing could be claimed (all leased elsewhere) would come back the same.
        full = deliveries.length === DUE_PAGE && !!sent && sent.batched + sent.alone > 0;
      }
      if (swept) logs.dueDeliveriesSwept(swept);
    };
    await Promise.all([
      sweep(),
      settleEach(
        digests,
        8,
        async (id) => logs.digestAttempted(id, await sendDigest(senderDeps(), id)),
        (id, error) => logs.dueSendFailed('digest', id, error),
      ),
    ]);
    if (digests.length) logs.dueDigestsSwept(digests.length);
  },
);

/**
 * The user changed their quiet hours: what they hold moves to the new end, or, when the hours no
 * longer hold now (turned off), goes out at once. Every other profile write ends here without a read.
 */
export const rescheduleDigestsOnSettings = onDocumentWritten(
  { document: 'users/{uid}', secrets: [SENDGRID_API_KEY, ACTION_SIGNING_KEY, TELEGRAM_BOT_TOKEN], timeoutSeconds: 120 },
  async (event) => {
    const before: unknown = event.data?.before.get('quietHours');
    const after: unknown = event.data?.after.get('quietHours');
    if (isDeepStrictEqual(before, after)) return;
    const uid = event.params.uid;
    const { moved, due } = await rescheduleDigests(senderDeps(), uid);
    logs.digestsRescheduled(uid, moved, due.length);
    for (const id of due) {
      await sendSoon(
        () => sendDigest(senderDeps(), id),
        (result) => logs.digestAttempted(id, result),
      );
    }
  },
);
