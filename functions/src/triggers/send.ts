import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { isDeepStrictEqual } from 'node:util';
import { settleEach } from '../lib/mapLimit';
import { ACTION_SIGNING_KEY, SENDGRID_API_KEY } from '../lib/params';
import * as logs from '../logs';
import { rescheduleDigests, sendDigest } from '../notify/digests';
import type { SendResult } from '../notify/lease';
import { sendDelivery } from '../notify/sender';
import { dueDeliveries } from '../repositories/deliveries';
import { dueDigests } from '../repositories/digests';
import { senderDeps } from '../notify/wiring';

/** A retry due this soon is waited for in the same invocation, so a provider blip costs seconds, not minutes. */
const WAIT_FOR_RETRY_MS = 15_000;
const MAX_ROUNDS = 3;

async function sendSoon(send: () => Promise<SendResult>, logged: (result: SendResult) => void): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = await send();
    logged(result);
    if (result.outcome !== 'retry' || result.dueAt - Date.now() > WAIT_FOR_RETRY_MS) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, result.dueAt - Date.now())));
  }
}

export const sendOnDelivery = onDocumentCreated(
  { document: 'deliveries/{deliveryId}', secrets: [SENDGRID_API_KEY, ACTION_SIGNING_KEY], timeoutSeconds: 120 },
  async (event) => {
    const id = event.params.deliveryId;
    await sendSoon(
      () => sendDelivery(senderDeps(), id),
      (result) => logs.deliveryAttempted(id, result),
    );
  },
);

/**
 * Every minute: retries that came due, deliveries whose sender died holding the lease, and the
 * digests of quiet hours that ended.
 */
export const sendDueDeliveries = onSchedule(
  { schedule: 'every 1 minutes', secrets: [SENDGRID_API_KEY, ACTION_SIGNING_KEY], retryCount: 0, timeoutSeconds: 300 },
  async () => {
    const now = Date.now();
    const [deliveries, digests] = await Promise.all([
      dueDeliveries(senderDeps().db, now),
      dueDigests(senderDeps().db, now),
    ]);
    // Each item settled on its own: one that throws (a contended transaction) is logged and stays due
    // for the next sweep, while the others, deliveries and digests alike, are sent to the end.
    await Promise.all([
      settleEach(
        deliveries,
        8,
        (id) => sendDelivery(senderDeps(), id),
        (id, error) => logs.dueSendFailed('delivery', id, error),
      ),
      settleEach(
        digests,
        8,
        async (id) => logs.digestAttempted(id, await sendDigest(senderDeps(), id)),
        (id, error) => logs.dueSendFailed('digest', id, error),
      ),
    ]);
    if (deliveries.length) logs.dueDeliveriesSwept(deliveries.length);
    if (digests.length) logs.dueDigestsSwept(digests.length);
  },
);

/**
 * The user changed their quiet hours: what they hold moves to the new end, or, when the hours no
 * longer hold now (turned off), goes out at once. Every other profile write ends here without a read.
 */
export const rescheduleDigestsOnSettings = onDocumentWritten(
  { document: 'users/{uid}', secrets: [SENDGRID_API_KEY, ACTION_SIGNING_KEY], timeoutSeconds: 120 },
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
