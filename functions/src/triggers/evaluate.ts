import { PRICE_INTERVALS_TOPIC } from '@price-alerts/domain';
import { onMessagePublished } from 'firebase-functions/v2/pubsub';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { evaluateIntervals, intervalMessageExpired, parseIntervalBatch, readJson } from '../evaluation/intervals';
import { evaluateLatestPrices } from '../evaluation/latest';
import { db } from '../lib/firebase';
import * as logs from '../logs';
import { latestPrices } from '../repositories/prices';
import { recordStaleness } from '../repositories/staleness';

/**
 * One message per window close with every pair's interval. Redelivery is safe (firing is a
 * transaction on the alert's status), so a failure is thrown and Pub/Sub retries, for ten minutes;
 * an invalid message or interval never will parse, so it is logged and dropped.
 */
export const evaluateInterval = onMessagePublished(
  { topic: PRICE_INTERVALS_TOPIC, retry: true, timeoutSeconds: 60 },
  async (event) => {
    const { messageId } = event.data.message;
    if (intervalMessageExpired(event.time, Date.now())) return logs.intervalMessageDropped(messageId, event.time);
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
  const stats = await evaluateLatestPrices(db);
  if (stats.fired > 0) logs.catchUpFired(stats);
  const { started, ended } = await recordStaleness(db, await latestPrices(db), Date.now());
  if (started.length > 0) logs.pricesStale(started);
  if (ended.length > 0) logs.pricesFresh(ended);
});
