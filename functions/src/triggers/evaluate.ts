import { PRICE_INTERVALS_TOPIC } from '@price-alerts/domain/prices';
import { onMessagePublished } from 'firebase-functions/v2/pubsub';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { evaluateIntervals, intervalMessageExpired, parseIntervalBatch, readJson } from '../evaluation/intervals';
import { evaluateLatestPrices } from '../evaluation/latest';
import { verifyIntervals } from '../evaluation/signature';
import { db } from '../lib/firebase';
import { INTERVALS_SIGNING_KEY } from '../lib/params';
import * as logs from '../logs';
import { recordStaleness } from '../repositories/staleness';

/**
 * A message per window that can fire or re-arm an alert, signed by the ingest service. Redelivery is
 * safe (firing is a transaction on the alert's status), so a failure is thrown and Pub/Sub retries,
 * for ten minutes; a message it did not sign, or an invalid one, never will pass, so it is logged
 * and dropped. Without a usable key of its own the evaluator throws, so messages wait for the fix.
 */
export const evaluateInterval = onMessagePublished(
  { topic: PRICE_INTERVALS_TOPIC, retry: true, timeoutSeconds: 60, secrets: [INTERVALS_SIGNING_KEY] },
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
    const stats = await evaluateIntervals(db, intervals);
    if (stats.fired + stats.failed > 0) logs.alertsFired(messageId, stats);
  },
);

/**
 * Every minute: the latest stored prices, for what a lost or failed message missed; and whether the
 * feed has gone quiet on an open market, said once per outage (its start and its end).
 */
export const evaluateLatest = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const { stats, prices } = await evaluateLatestPrices(db);
  if (stats.fired > 0) logs.catchUpFired(stats);
  const { started, ended } = await recordStaleness(db, prices, Date.now());
  if (started.length > 0) logs.pricesStale(started);
  if (ended.length > 0) logs.pricesFresh(ended);
});
