/**
 * What a webhook receives (domain notify/webhooks.ts, version 1) and its signature: HMAC-SHA256 of
 * "<unix seconds>.<body>" under the user's secret, in the `price-alerts-signature` header.
 */
import { dateMillis } from '@price-alerts/domain/common';
import {
  SIGNATURE_HEADER,
  WEBHOOK_VERIFY_EVENT,
  WEBHOOK_VERSION,
  alertPath,
  signatureHeaderValue,
  signedContent,
  type AlertPush,
  type Delivery,
  type NoticeActions,
  type WebhookPayload,
  type WebhookVerify,
} from '@price-alerts/domain/notify';
import { createHmac, randomBytes } from 'node:crypto';

/** A new secret: 32 random bytes, shown to the user once. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function webhookPayload(
  deliveryId: string,
  d: Delivery,
  push: AlertPush,
  appUrl: string,
  actions: NoticeActions | undefined,
): WebhookPayload {
  const move = d.move
    ? {
        percent: d.move.movePercent,
        lookbackMinutes: d.move.lookbackMinutes ?? null,
        // To the hundredth, as the app, the push and the email say it (0.80, not 0.8039982616253827).
        moved:
          d.move.percent === undefined ? null : Math.sign(d.move.percent) * Number(Math.abs(d.move.percent).toFixed(2)),
        from: d.move.from ?? null,
      }
    : null;
  return {
    version: WEBHOOK_VERSION,
    event: d.kind === 'expired' ? 'alert.expired' : 'alert.fired',
    deliveryId,
    alertId: d.alertId,
    pair: d.currencyPair,
    type: d.alertType,
    side: d.priceSide ?? 'ask',
    level: d.triggerPrice ?? null,
    move,
    price: d.triggeredPrice ?? null,
    time: new Date(dateMillis(d.triggeredAt)).toISOString(),
    note: d.note ?? null,
    title: push.notification.title,
    body: push.notification.body,
    url: `${appUrl.replace(/\/$/, '')}${alertPath(d.alertId)}`,
    actions: [...(actions?.webhook ?? [])],
  };
}

/** What 'Send a test' posts: the same shape, with nothing about any alert. */
export function testPayload(now: number, appUrl: string): WebhookPayload {
  return {
    version: WEBHOOK_VERSION,
    event: 'webhook.test',
    deliveryId: `test-${now}`,
    alertId: null,
    pair: null,
    type: null,
    side: null,
    level: null,
    move: null,
    price: null,
    time: new Date(now).toISOString(),
    note: null,
    title: 'Price Alerts: a test of your webhook',
    body: 'If you can read this, your receiver got it and its signature can be checked.',
    url: appUrl.replace(/\/$/, '') || null,
    actions: [],
  };
}

/** The body and the headers of one try: signed afresh each time, so a retry carries a fresh time. */
export function signedRequest(payload: WebhookPayload, secret: string, nowMs: number) {
  return signed(JSON.stringify(payload), payload.event, payload.deliveryId, secret, nowMs);
}

function signed(body: string, event: string, id: string, secret: string, nowMs: number) {
  const t = Math.floor(nowMs / 1000);
  const v1 = createHmac('sha256', secret).update(signedContent(t, body)).digest('hex');
  return {
    body,
    headers: {
      [SIGNATURE_HEADER]: signatureHeaderValue(t, v1),
      'price-alerts-event': event,
      'price-alerts-delivery': id,
    },
  };
}

/** The verification request a receiver must answer with its challenge (domain notify/webhooks.ts), signed as a notice is. */
export function verifyRequest(secret: string, nowMs: number) {
  const challenge = randomBytes(16).toString('hex');
  const payload: WebhookVerify = {
    version: WEBHOOK_VERSION,
    event: WEBHOOK_VERIFY_EVENT,
    challenge,
    time: new Date(nowMs).toISOString(),
  };
  return { challenge, ...signed(JSON.stringify(payload), payload.event, `verify-${nowMs}`, secret, nowMs) };
}
