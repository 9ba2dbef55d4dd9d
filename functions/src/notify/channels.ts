/** One attempt on one channel: what to send, to whom, and the channel state that results. */
import { dateMillis, type DeliveryChannel } from '@price-alerts/domain/common';
import {
  MAX_DELIVERY_ATTEMPTS,
  alertEmail,
  alertPush,
  expiredAlertEmail,
  expiredAlertPush,
  type AlertEmail,
  type AlertNotice,
  type AlertPush,
  type ChannelState,
  type Delivery,
  type FiredAlert,
  type FiredDelivery,
  type NoticeActions,
  type WebhookPayload,
} from '@price-alerts/domain/notify';
import { Timestamp } from 'firebase-admin/firestore';
import * as logs from '../logs';
import { errorMessage } from '../lib/errors';
import { webhookPayload } from '../webhooks/payload';
import {
  ProviderError,
  type EmailProvider,
  type PushProvider,
  type PushResult,
  type Recipients,
  type WebhookProvider,
} from './providers';

export interface ChannelDeps {
  email: EmailProvider;
  push: PushProvider;
  recipients: Recipients;
  mailFrom: string;
  appUrl: string;
  /** Without it (a test sender), a user's webhook is not sent to. */
  webhook?: WebhookProvider | undefined;
}

export const NO_DEVICES = 'No device registered for push';
export const ALL_TOKENS_DEAD = 'Every registered device token was unregistered or invalid';

/**
 * What an attempt did: the channel's new state (`lastError` keeps the provider's own words for
 * diagnosis) and, once the state is final, what the alert's history tells the user about it.
 */
export interface ChannelAttempt {
  state: ChannelState;
  reason?: string;
}

/** The reason for a channel given up on, as a person reads it: never the provider's raw error. */
export const GAVE_UP: Record<DeliveryChannel, { refused: string; exhausted: string }> = {
  email: {
    refused: 'The email provider refused the message',
    exhausted: `The email provider did not accept the message in ${MAX_DELIVERY_ATTEMPTS} attempts`,
  },
  push: {
    refused: 'The push service refused the message',
    exhausted: `No device could be reached in ${MAX_DELIVERY_ATTEMPTS} attempts`,
  },
};

export function expiredSubscriptions(devices: number): string {
  return devices === 1
    ? "The device's push subscription has expired"
    : `The push subscriptions of all ${devices} devices have expired`;
}

const notice = (d: Delivery): AlertNotice => ({
  alertId: d.alertId,
  currencyPair: d.currencyPair,
  alertType: d.alertType,
  ...(d.triggerPrice !== undefined ? { triggerPrice: d.triggerPrice } : {}),
  ...(d.move ? { move: d.move } : {}),
  ...(d.priceSide ? { priceSide: d.priceSide } : {}),
  ...(d.fireCount ? { fireCount: d.fireCount } : {}),
  ...(d.note ? { note: d.note } : {}),
});

/** What a firing's notice says of it. */
export function firedNotice(d: FiredDelivery): FiredAlert {
  return {
    ...notice(d),
    triggeredPrice: d.triggeredPrice,
    triggeredAt: new Date(dateMillis(d.triggeredAt)),
    ...(d.runawayPaused ? { runawayPaused: true } : {}),
    ...(d.atOpen ? { atOpen: true } : {}),
  };
}

/** What one send says on each channel, built only when the channel needs it. */
export interface Texts {
  email: () => AlertEmail;
  push: () => AlertPush;
  /** The webhook's body: the push's words, and the webhook's own action links. */
  webhook?: (deliveryId: string) => WebhookPayload;
}

/** The texts of this delivery, a firing or the notice that the alert expired, with times in `timeZone`. */
export function deliveryTexts(d: Delivery, appUrl: string, timeZone: string, actions?: NoticeActions): Texts {
  const at = new Date(dateMillis(d.triggeredAt));
  if (d.kind === 'expired') {
    const expired = { ...notice(d), expiredAt: at };
    return {
      email: () => expiredAlertEmail(expired, appUrl, timeZone),
      push: () => expiredAlertPush(expired, timeZone),
      webhook: (id) => webhookPayload(id, d, expiredAlertPush(expired, timeZone), appUrl, undefined),
    };
  }
  const fired = firedNotice(d);
  return {
    email: () => alertEmail(fired, appUrl, timeZone, actions),
    push: () => alertPush(fired, timeZone, actions),
    webhook: (id) => webhookPayload(id, d, alertPush(fired, timeZone), appUrl, actions),
  };
}

export const sent = (attempts: number, lastError?: string, reason?: string): ChannelAttempt => ({
  state: { state: 'sent', attempts, sentAt: Timestamp.now(), ...(lastError ? { lastError } : {}) },
  ...(reason ? { reason } : {}),
});

export const skipped = (attempts: number, lastError: string, reason = lastError): ChannelAttempt => ({
  state: { state: 'skipped', attempts, lastError },
  reason,
});

/** A failure: pending for a later retry while attempts remain and it may help, else final. */
export function failure(channel: DeliveryChannel, attempts: number, error: unknown): ChannelAttempt {
  const retryable = !(error instanceof ProviderError) || error.retryable;
  const lastError = errorMessage(error);
  if (retryable && attempts < MAX_DELIVERY_ATTEMPTS) return { state: { state: 'pending', attempts, lastError } };
  const reason = retryable ? GAVE_UP[channel].exhausted : GAVE_UP[channel].refused;
  return { state: { state: 'failed', attempts, lastError }, reason };
}

async function sendEmail(deps: ChannelDeps, userId: string, texts: Texts, attempts: number): Promise<ChannelAttempt> {
  const recipient = await deps.recipients.email(userId);
  // Nobody to send to: nothing was tried, so the attempt is not counted.
  if ('skip' in recipient) return skipped(attempts - 1, recipient.skip);
  await deps.email.send({ to: recipient.address, from: deps.mailFrom, ...texts.email() });
  return sent(attempts);
}

async function sendPush(deps: ChannelDeps, userId: string, texts: Texts, attempts: number): Promise<ChannelAttempt> {
  const devices = await deps.recipients.pushTokens(userId);
  if (devices.length === 0) return skipped(attempts - 1, NO_DEVICES);
  const results = await deps.push.send(
    userId,
    devices.map((t) => t.token),
    texts.push(),
  );
  return pushAttempt(deps, userId, devices, results, attempts);
}

/** What FCM's answers for a user's devices make of the attempt; tokens it says are dead are forgotten. */
export async function pushAttempt(
  deps: ChannelDeps,
  userId: string,
  devices: readonly { id: string }[],
  results: readonly PushResult[],
  attempts: number,
): Promise<ChannelAttempt> {
  const dead = devices.filter((_, i) => results[i]?.dead);
  // A token left behind is removed on the next send: a failure here must not undo what was sent.
  await Promise.all(
    dead.map((t) =>
      deps.recipients.removePushToken(userId, t.id).catch((e: unknown) => logs.pushTokenRemovalFailed(userId, e)),
    ),
  );
  if (dead.length) logs.deadPushTokensRemoved(userId, dead.length);
  const errors = results.filter((r) => !r.ok && r.error).map((r) => r.error);
  const reached = results.filter((r) => r.ok).length;
  // One device reached is a delivered push; retrying would repeat it on that device.
  if (reached > 0)
    return sent(
      attempts,
      errors.join('; ') || undefined,
      reached < devices.length ? `Reached ${reached} of ${devices.length} devices` : undefined,
    );
  if (dead.length === devices.length) return skipped(attempts, ALL_TOKENS_DEAD, expiredSubscriptions(dead.length));
  return failure('push', attempts, new ProviderError(errors.join('; ') || 'FCM sent nothing', true));
}

/**
 * Tries the channel once, to `userId`, saying `texts`; `attempts` counts this attempt. Never throws:
 * the error goes in the state.
 */
export async function attemptChannel(
  deps: ChannelDeps,
  channel: DeliveryChannel,
  userId: string,
  texts: Texts,
  attempts: number,
): Promise<ChannelAttempt> {
  try {
    return channel === 'email'
      ? await sendEmail(deps, userId, texts, attempts)
      : await sendPush(deps, userId, texts, attempts);
  } catch (error) {
    return failure(channel, attempts, error);
  }
}
