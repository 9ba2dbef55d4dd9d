import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { mapLimit } from '../lib/mapLimit';
import { SENDGRID_API_KEY } from '../lib/params';
import * as logs from '../logs';
import { sendDelivery } from '../notify/sender';
import { dueDeliveries } from '../repositories/deliveries';
import { senderDeps } from '../notify/wiring';

/** A retry due this soon is waited for in the same invocation, so a provider blip costs seconds, not minutes. */
const WAIT_FOR_RETRY_MS = 15_000;
const MAX_ROUNDS = 3;

async function sendSoon(id: string): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = await sendDelivery(senderDeps(), id);
    logs.deliveryAttempted(id, result);
    if (result.outcome !== 'retry' || result.dueAt - Date.now() > WAIT_FOR_RETRY_MS) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, result.dueAt - Date.now())));
  }
}

export const sendOnDelivery = onDocumentCreated(
  { document: 'deliveries/{deliveryId}', secrets: [SENDGRID_API_KEY], timeoutSeconds: 120 },
  async (event) => {
    await sendSoon(event.params.deliveryId);
  },
);

/** Every minute: retries that came due, and deliveries whose sender died holding the lease. */
export const sendDueDeliveries = onSchedule(
  { schedule: 'every 1 minutes', secrets: [SENDGRID_API_KEY], retryCount: 0, timeoutSeconds: 300 },
  async () => {
    const ids = await dueDeliveries(senderDeps().db, Date.now());
    await mapLimit(ids, 8, (id) => sendDelivery(senderDeps(), id));
    if (ids.length) logs.dueDeliveriesSwept(ids.length);
  },
);
