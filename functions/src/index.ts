import { CURRENCY_PAIRS } from '@price-alerts/domain/common';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export { registerPushToken } from './triggers/registerPushToken';
export { evaluateInterval, evaluateLatest } from './triggers/evaluate';
export { rescheduleDigestsOnSettings, sendDueDeliveries } from './triggers/send';
export { recordAlertHistory } from './triggers/alertHistory';
export { expireAlerts } from './triggers/expire';
export { applyAlertAction } from './triggers/actions';
export { manageWebhook } from './triggers/webhooks';
export { manageTelegram, telegramWebhook } from './triggers/telegram';
export { manageDiscord } from './triggers/discord';

/** Liveness probe for deploy checks and the local stack; it also proves the domain bundle loads. */
export const health = onRequest((_req, res) => {
  res.json({ ok: true, pairs: CURRENCY_PAIRS.length });
});
