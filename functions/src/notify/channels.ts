/** One attempt on one channel: what to send, to whom, and the channel state that results. */
import { dateMillis, type DeliveryChannel } from '@price-alerts/domain/common';
import { ACTION_TOKEN_TTL_MS } from '@price-alerts/domain/actions';
import {
  alertEmail,
  alertPath,
  alertPush,
  discordAlertEmbed,
  discordPushEmbed,
  expiredAlertEmail,
  expiredAlertPush,
  telegramAlertMessage,
  telegramPushText,
  type AlertEmail,
  type AlertNotice,
  type AlertPush,
  type Delivery,
  type DiscordEmbed,
  type FiredAlert,
  type FiredDelivery,
  type NoticeActions,
  type WebhookPayload,
} from '@price-alerts/domain/notify';
import * as logs from '../logs';
import { webhookPayload } from '../webhooks/payload';
import { failure, sent, skipped, type ChannelAttempt } from './attempts';
import {
  DISCORD_UNAVAILABLE,
  TELEGRAM_UNAVAILABLE,
  attemptDiscord,
  attemptTelegram,
  type ChatDeps,
  type ChatRecipient,
  type SendWindow,
  type TelegramNotice,
} from './chatChannel';
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
  /** Telegram and Discord; without them (a test sender), those channels are skipped. */
  chat?: ChatDeps | undefined;
}

export { GAVE_UP, failure, sent, skipped, type ChannelAttempt } from './attempts';

export const NO_DEVICES = 'No device registered for push';
export const ALL_TOKENS_DEAD = 'Every registered device token was unregistered or invalid';

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
  telegram: () => TelegramNotice;
  discord: () => DiscordEmbed;
  /** The webhook's body: the push's words, and the webhook's own action links. */
  webhook?: (deliveryId: string) => WebhookPayload;
}

/** A notice told as its push tells it, on Telegram and Discord: an expiry, several firings, a digest. */
export function chatTexts(push: () => AlertPush, url: string, timeZone: string, at: Date) {
  return {
    telegram: (): TelegramNotice => ({ text: telegramPushText(push().notification), actions: [], expiresAt: 0 }),
    discord: () => discordPushEmbed(push().notification, url, timeZone, at),
  };
}

/** The texts of this delivery, a firing or the notice that the alert expired, with times in `timeZone`. */
export function deliveryTexts(d: Delivery, appUrl: string, timeZone: string, actions?: NoticeActions): Texts {
  const at = new Date(dateMillis(d.triggeredAt));
  const alertUrl = `${appUrl.replace(/\/$/, '')}${alertPath(d.alertId)}`;
  if (d.kind === 'expired') {
    const expired = { ...notice(d), expiredAt: at };
    const push = () => expiredAlertPush(expired, timeZone);
    return {
      email: () => expiredAlertEmail(expired, appUrl, timeZone),
      push,
      ...chatTexts(push, alertUrl, timeZone, at),
      webhook: (id) => webhookPayload(id, d, expiredAlertPush(expired, timeZone), appUrl, undefined),
    };
  }
  const fired = firedNotice(d);
  return {
    email: () => alertEmail(fired, appUrl, timeZone, actions),
    push: () => alertPush(fired, timeZone, actions),
    telegram: () => ({
      text: telegramAlertMessage(fired, timeZone, alertUrl),
      actions: actions?.telegram ?? [],
      expiresAt: at.getTime() + ACTION_TOKEN_TTL_MS,
    }),
    discord: () => discordAlertEmbed(fired, timeZone, alertUrl),
    webhook: (id) => webhookPayload(id, d, alertPush(fired, timeZone), appUrl, actions),
  };
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
 * Tries the channel once, to `to`, saying `texts`; `attempts` counts this attempt. Never throws:
 * the error goes in the state.
 */
export async function attemptChannel(
  deps: ChannelDeps,
  channel: DeliveryChannel,
  to: ChatRecipient,
  texts: Texts,
  attempts: number,
  window: SendWindow,
): Promise<ChannelAttempt> {
  try {
    if (channel === 'email') return await sendEmail(deps, to.userId, texts, attempts);
    if (channel === 'push') return await sendPush(deps, to.userId, texts, attempts);
    if (!deps.chat) return skipped(attempts - 1, channel === 'telegram' ? TELEGRAM_UNAVAILABLE : DISCORD_UNAVAILABLE);
    if (channel === 'telegram') return await attemptTelegram(deps.chat, to, texts.telegram(), attempts, window);
    return await attemptDiscord(deps.chat, to, texts.discord(), attempts, window);
  } catch (error) {
    return failure(channel, attempts, error);
  }
}
