import { PRICE_INTERVALS_TOPIC, intervalMessageSchema, pathFromInterval } from '@price-alerts/domain';
import { logger } from 'firebase-functions';
import { onMessagePublished } from 'firebase-functions/v2/pubsub';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { evaluatePair } from '../evaluation/evaluator';
import { evaluateLatestPrices } from '../evaluation/latest';
import { db } from '../lib/firebase';

/**
 * One interval message per pair per window. Redelivery is safe (firing is a transaction on the
 * alert's status), so a failure is thrown and Pub/Sub retries; an invalid message never will parse.
 */
export const evaluateInterval = onMessagePublished({ topic: PRICE_INTERVALS_TOPIC, retry: true }, async (event) => {
  let raw: unknown;
  try {
    raw = event.data.message.json;
  } catch {
    raw = undefined;
  }
  const parsed = intervalMessageSchema.safeParse(raw);
  if (!parsed.success) {
    logger.error('Ignored an invalid interval message', {
      messageId: event.data.message.messageId,
      issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
    return;
  }
  const stats = await evaluatePair(db, parsed.data.pair, pathFromInterval(parsed.data));
  if (stats.fired > 0) logger.info('Alerts fired', { pair: parsed.data.pair, start: parsed.data.start, ...stats });
});

/** Every minute: the latest stored prices, for what a lost or failed message missed. */
export const evaluateLatest = onSchedule({ schedule: 'every 1 minutes', retryCount: 0 }, async () => {
  const stats = await evaluateLatestPrices(db);
  if (stats.fired > 0) logger.warn('The scheduled check fired alerts the interval messages missed', { ...stats });
});
