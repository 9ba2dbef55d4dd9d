/** One attempt on one channel: what to send, to whom, and the channel state that results. */
import {
  MAX_DELIVERY_ATTEMPTS,
  alertEmail,
  alertPush,
  dateMillis,
  type ChannelState,
  type Delivery,
  type DeliveryChannel,
  type FiredAlert,
} from '@price-alerts/domain';
import { Timestamp } from 'firebase-admin/firestore';
import * as logs from '../logs';
import { ProviderError, errorMessage, type EmailProvider, type PushProvider, type Recipients } from './providers';

export interface ChannelDeps {
  email: EmailProvider;
  push: PushProvider;
  recipients: Recipients;
  mailFrom: string;
  appUrl: string;
}

export const NO_DEVICES = 'No registered device';
export const ALL_TOKENS_DEAD = 'Every registered device token was unregistered or invalid';

const firedAlert = (d: Delivery): FiredAlert => ({
  alertId: d.alertId,
  currencyPair: d.currencyPair,
  alertType: d.alertType,
  triggerPrice: d.triggerPrice,
  triggeredPrice: d.triggeredPrice,
  triggeredAt: new Date(dateMillis(d.triggeredAt)),
  ...(d.note ? { note: d.note } : {}),
});

const sent = (attempts: number, lastError?: string): ChannelState => ({
  state: 'sent',
  attempts,
  sentAt: Timestamp.now(),
  ...(lastError ? { lastError } : {}),
});

/** A failure: pending for a later retry while attempts remain and it may help, else final. */
function failure(attempts: number, error: unknown): ChannelState {
  const retryable = !(error instanceof ProviderError) || error.retryable;
  const lastError = errorMessage(error);
  return { state: retryable && attempts < MAX_DELIVERY_ATTEMPTS ? 'pending' : 'failed', attempts, lastError };
}

async function sendEmail(deps: ChannelDeps, d: Delivery, attempts: number): Promise<ChannelState> {
  const recipient = await deps.recipients.email(d.userId);
  if ('skip' in recipient) return { state: 'skipped', attempts: attempts - 1, lastError: recipient.skip };
  await deps.email.send({ to: recipient.address, from: deps.mailFrom, ...alertEmail(firedAlert(d), deps.appUrl) });
  return sent(attempts);
}

async function sendPush(deps: ChannelDeps, d: Delivery, attempts: number): Promise<ChannelState> {
  const devices = await deps.recipients.pushTokens(d.userId);
  if (devices.length === 0) return { state: 'skipped', attempts: attempts - 1, lastError: NO_DEVICES };
  const results = await deps.push.send(
    d.userId,
    devices.map((t) => t.token),
    alertPush(firedAlert(d)),
  );
  const dead = devices.filter((_, i) => results[i]?.dead);
  await Promise.all(dead.map((t) => deps.recipients.removePushToken(d.userId, t.id)));
  if (dead.length) logs.deadPushTokensRemoved(d.userId, dead.length);
  const errors = results.filter((r) => !r.ok && r.error).map((r) => r.error);
  // One device reached is a delivered push; retrying would repeat it on that device.
  if (results.some((r) => r.ok)) return sent(attempts, errors.join('; ') || undefined);
  if (dead.length === devices.length) return { state: 'skipped', attempts, lastError: ALL_TOKENS_DEAD };
  return failure(attempts, new ProviderError(errors.join('; ') || 'FCM sent nothing', true));
}

/** Tries the channel once; `attempts` counts this attempt. Never throws: the error goes in the state. */
export async function attemptChannel(
  deps: ChannelDeps,
  channel: DeliveryChannel,
  delivery: Delivery,
  attempts: number,
): Promise<ChannelState> {
  try {
    return channel === 'email' ? await sendEmail(deps, delivery, attempts) : await sendPush(deps, delivery, attempts);
  } catch (error) {
    return failure(attempts, error);
  }
}
