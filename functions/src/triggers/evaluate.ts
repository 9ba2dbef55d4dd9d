import { PRICE_INTERVALS_TOPIC } from '@price-alerts/domain/prices';
import { onMessagePublished } from 'firebase-functions/v2/pubsub';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { evaluateIntervals, intervalMessageExpired, parseIntervalBatch, readJson } from '../evaluation/intervals';
import { evaluateLatestPrices } from '../evaluation/latest';
import { verifyIntervals } from '../evaluation/signature';
import { db } from '../lib/firebase';
import { ACTION_SIGNING_KEY, INTERVALS_SIGNING_KEY, SENDGRID_API_KEY, TELEGRAM_BOT_TOKEN } from '../lib/params';
import { sendFired } from '../notify/sendFired';
import { senderDeps } from '../notify/wiring';
import * as logs from '../logs';
import { recordStaleness } from '../repositories/staleness';

/**
 * A message per window that can fire or re-arm an alert, signed by the ingest service. Redelivery is
 * safe (firing is a transaction on the alert's status), so a failure is thrown and Pub/Sub retries,
 * for ten minutes; a message it did not sign, or an invalid one, never will pass, so it is logged
 * and dropped. Without a usable key of its own the evaluator throws, so messages wait for the fix.
 * What fires is sent from here, in batches, as the firing goes on (notify/sendFired.ts).
 */
export const evaluateInterval = onMessagePublished(
  {
    topic: PRICE_INTERVALS_TOPIC,
    retry: true,
    // The firing, then the sending of what fired: 10,000 alerts take about a minute (docs/notifications.md).
    timeoutSeconds: 300,
    secrets: [INTERVALS_SIGNING_KEY, SENDGRID_API_KEY, ACTION_SIGNING_KEY, TELEGRAM_BOT_TOKEN],
  },
  async (event) => {
    const { messageId, data, attributes } = event.data.message;
    if (intervalMessageExpired(event.time, Date.now())) return logs.intervalMessageDropped(messageId, event.time);
    const verdict = verifyIntervals(
      INTERVALS_SIGNING_KEY.value(),
      Buffer.from(data ?? '', 'base64'),
      attributes,
      Date.now(),
    );
    // A missing key is ours to fix, not the message's fault: thrown, so Pub/Sub retries it meanwhile.
    if (verdict === 'no key') throw new Error('INTERVALS_SIGNING_KEY is missing or shorter than 16 characters');
    if (verdict !== 'ok') return logs.intervalMessageRejected(messageId, verdict);
    const { intervals, rejected } = parseIntervalBatch(readJson(() => event.data.message.json));
    for (const problem of rejected) logs.intervalMessageInvalid(messageId, problem);
    const stats = await sendFired(senderDeps(), () => evaluateIntervals(db, intervals));
    if (stats.fired + stats.failed > 0) logs.alertsFired(messageId, stats);
  },
);

/**
 * Every minute: the latest stored prices, for what a lost or failed message missed; and whether the
 * feed has gone quiet on an open market, said once per outage (its start and its end).
 */
export const evaluateLatest = onSchedule(
  {
    schedule: 'every 1 minutes',
    retryCount: 0,
    timeoutSeconds: 300,
    secrets: [SENDGRID_API_KEY, ACTION_SIGNING_KEY, TELEGRAM_BOT_TOKEN],
  },
  async () => {
    const { stats, prices } = await sendFired(senderDeps(), () => evaluateLatestPrices(db));
    if (stats.fired > 0) logs.catchUpFired(stats);
    const { started, ended } = await recordStaleness(db, prices, Date.now());
    if (started.length > 0) logs.pricesStale(started);
    if (ended.length > 0) logs.pricesFresh(ended);
  },
);
