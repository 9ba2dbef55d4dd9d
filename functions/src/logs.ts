/**
 * Every event the functions log, one function each with its fields typed, so an event's name, level
 * and fields live in one place (as firebase/extensions' firestore-send-email does in its logs.ts).
 * Each entry carries `event`, a stable name to filter logs by; docs name `alert_fire_failed`.
 */
import { logger } from 'firebase-functions';
import type { core } from 'zod/mini';
import { errorMessage } from './lib/errors';

// Plain shapes, not the types of the modules that log: importing those would make cycles.
/** Counts a run reports (fired, read, expired...), logged field by field. */
type Counts = object;
/** A send's outcome and its details, as notify/lease.ts's SendResult has them. */
type Outcome = { readonly outcome: string; readonly [detail: string]: unknown };

/** A document failed its schema and was left out of what the repository returned. */
export function invalidDocumentSkipped(path: string, issues: readonly core.$ZodIssue[]): void {
  logger.warn('Skipped invalid document', { event: 'invalid_document_skipped', path, issues });
}

/** A price-intervals message, or one interval in it, did not parse; it is dropped, never retried. */
export function intervalMessageInvalid(messageId: string, problem: string): void {
  logger.error('Ignored an invalid interval message', { event: 'interval_message_invalid', messageId, problem });
}

/**
 * An interval message not signed by the ingest service (unsigned, forged or altered, or signed too
 * long ago): it fires nothing and is acknowledged, so it is logged once, never retried.
 */
export function intervalMessageRejected(messageId: string, verdict: string): void {
  logger.error('Rejected an interval message the ingest service did not sign', {
    event: 'interval_message_rejected',
    messageId,
    verdict,
  });
}

/** A failing interval message was retried past its age limit and is dropped. */
export function intervalMessageDropped(messageId: string, publishedAt: string): void {
  logger.error('Dropped an interval message retried past its age limit', {
    event: 'interval_message_dropped',
    messageId,
    publishedAt,
  });
}

/** An interval message fired (or cancelled on a permanent failure) at least one alert. */
export function alertsFired(messageId: string, stats: Counts): void {
  logger.info('Alerts fired', { event: 'alerts_fired', messageId, ...stats });
}

/** What a run fired was sent from it: in provider batches, or alone (held, webhooks, expiry notices). */
export function firedSent(batched: number, alone: number): void {
  logger.info('Fired alerts sent', { event: 'fired_sent', batched, alone });
}

/** Sending what a run fired failed part way; the sweeper sends what is left once the leases end. */
export function firedSendFailed(count: number, error: unknown): void {
  logger.error('Could not send what fired', { event: 'fired_send_failed', count, reason: errorMessage(error) });
}

/** A further page of a level read failed to fire after one had; the first failure is the run's error. */
export function firingPageFailed(error: unknown): void {
  logger.error('Another page of alerts failed to fire', { event: 'firing_page_failed', reason: errorMessage(error) });
}

/** The scheduled catch-up fired alerts, which means an interval message was lost or failed. */
export function catchUpFired(stats: Counts): void {
  logger.warn('The scheduled check fired alerts the interval messages missed', { event: 'catch_up_fired', ...stats });
}

/** Pairs whose market is open went 30 s without a price: logged once when an outage starts. */
export function pricesStale(pairs: { pair: string; lastAt: number }[]): void {
  logger.warn('prices_stale: no price for 30 s while the market is open', { event: 'prices_stale', pairs });
}

/** Those pairs have prices again (or their market closed): logged once when the outage ends. */
export function pricesFresh(pairs: string[]): void {
  logger.info('prices_fresh: prices are back', { event: 'prices_fresh', pairs });
}

/** Firing an alert failed for good; the alert was cancelled. Logged once per alert. */
export function alertFireFailed(alertPath: string, reason: string): void {
  logger.error('alert_fire_failed: alert cancelled, firing it failed permanently', {
    event: 'alert_fire_failed',
    alertPath,
    reason,
  });
}

/** Registering a device dropped the account's oldest ones beyond the cap. */
export function pushTokensCapped(uid: string, removed: readonly string[]): void {
  logger.info('push_tokens_capped: dropped the oldest devices', { event: 'push_tokens_capped', uid, removed });
}

/** Storing a device's token failed; the caller was told to try again. */
export function pushTokenStoreFailed(uid: string, error: unknown): void {
  logger.error('Could not store push token', { event: 'push_token_store_failed', uid, reason: errorMessage(error) });
}

/** One send of a delivery by the sender triggered on its creation, and what came of it. */
export function deliveryAttempted(id: string, result: Outcome): void {
  logger.info('Delivery', { event: 'delivery_attempted', id, ...result });
}

/** The sweeper found deliveries due: retries, expired leases, orphans. */
export function dueDeliveriesSwept(count: number): void {
  logger.info('Swept due deliveries', { event: 'due_deliveries_swept', count });
}

/** A dead token could not be deleted; the next send finds it dead again and tries once more. */
export function pushTokenRemovalFailed(userId: string, error: unknown): void {
  logger.warn('Could not remove a dead push token', {
    event: 'push_token_removal_failed',
    userId,
    reason: errorMessage(error),
  });
}

/** FCM reported tokens unregistered or invalid; they were deleted. */
export function deadPushTokensRemoved(userId: string, count: number): void {
  logger.info('Removed dead push tokens', { event: 'dead_push_tokens_removed', userId, count });
}

/** The expiry run cancelled alerts whose expiry had come (and queued a notice for each). */
export function alertsExpired(stats: Counts): void {
  logger.info('Alerts expired', { event: 'alerts_expired', ...stats });
}

/** Expiring one alert failed; it stays due, and the next run (a minute later) tries it again. */
export function alertExpiryFailed(alertPath: string, error: unknown): void {
  logger.error('Could not expire an alert', {
    event: 'alert_expiry_failed',
    alertPath,
    reason: errorMessage(error),
  });
}

/** A delivery's channels were held for quiet hours, into a digest. */
export function notificationsHeld(deliveryId: string, digestId: string, channels: readonly string[]): void {
  logger.info('Held for quiet hours', { event: 'notifications_held', deliveryId, digestId, channels });
}

export function digestAttempted(id: string, result: Outcome): void {
  logger.info('Digest attempt', { event: 'digest_attempted', digestId: id, outcome: result.outcome });
}

/** The user changed their quiet hours: open digests were moved to the new end, or released now. */
export function digestsRescheduled(userId: string, moved: number, released: number): void {
  logger.info('Digests rescheduled', { event: 'digests_rescheduled', userId, moved, released });
}

export function dueDigestsSwept(count: number): void {
  logger.info('Due digests swept', { event: 'due_digests_swept', count });
}

/** Sending one due delivery or digest failed; it stays due, and the next sweep (a minute later) tries it again. */
export function dueSendFailed(kind: 'delivery' | 'digest', id: string, error: unknown): void {
  logger.error('Could not send a due item', { event: 'due_send_failed', kind, id, reason: errorMessage(error) });
}

/** An action from a push or an email was refused (a bad, expired or another's token, or an alert that changed): nothing changed. */
export function alertActionRefused(
  reason: string,
  token: { uid: string; alertId: string; action: string; via: string } | undefined,
  message: string,
): void {
  logger.warn('Refused an action from a notice', {
    event: 'alert_action_refused',
    reason,
    message,
    ...(token ? { uid: token.uid, alertId: token.alertId, action: token.action, via: token.via } : {}),
  });
}

/** An action from a push or an email was done (or had been, by the same token). */
export function alertActionApplied(alertId: string, result: Outcome): void {
  logger.info('Applied an action from a notice', { event: 'alert_action_applied', alertId, ...result });
}

/** Applying a verified action failed (Firestore unavailable): nothing changed; the user may try again. */
export function alertActionFailed(alertId: string, action: string, error: unknown): void {
  logger.error('Applying an action from a notice failed', {
    event: 'alert_action_failed',
    alertId,
    action,
    error: errorMessage(error),
  });
}

/** Alerts whose snooze ended were made active again. */
export function snoozesEnded(stats: Counts): void {
  logger.info('Ended snoozes', { event: 'snoozes_ended', ...stats });
}

/** A firing's notice could not carry its actions (the signing key is missing or short): it goes without them. */
export function actionLinksFailed(alertId: string, error: unknown): void {
  logger.error('Sent a notice without its actions: they could not be signed', {
    event: 'action_links_failed',
    alertId,
    error: errorMessage(error),
  });
}

/** A webhook's receiver answered a try (any status). */
export function webhookAnswered(userId: string, deliveryId: string, status: number, attempt: number): void {
  logger.info('A webhook answered', { event: 'webhook_answered', userId, deliveryId, status, attempt });
}

/** An account's webhook requests went over its budget: this one waits `waitMs` for its slot. */
export function webhookOverBudget(userId: string, deliveryId: string, waitMs: number): void {
  logger.info('A webhook waits for its budget', { event: 'webhook_over_budget', userId, deliveryId, waitMs });
}

/** A webhook's host is not a public address (or not found): nothing was sent to it. */
export function webhookRefused(userId: string, why: string): void {
  logger.warn('Refused to send to a webhook', { event: 'webhook_refused', userId, why });
}

/** A user set up, changed, rotated or removed their webhook. */
export function webhookChanged(
  userId: string,
  change: 'saved' | 'rotated' | 'removed' | 'tested' | 'not confirmed',
): void {
  logger.info('Webhook changed', { event: 'webhook_changed', userId, change });
}

/** A user saved, tested or removed their Discord webhook; 'gone': Discord said it no longer exists. */
export function discordChanged(
  userId: string,
  change: 'saved' | 'removed' | 'tested' | 'gone' | 'not taken' | 'not reached',
): void {
  logger.info('Discord webhook changed', { event: 'discord_changed', userId, change });
}

/** A user asked for a Telegram link code (never logged), disconnected in the app, or wrote /stop in the chat. */
export function telegramChanged(userId: string, change: 'code made' | 'disconnected' | 'stopped in the chat'): void {
  logger.info('Telegram changed', { event: 'telegram_changed', userId, change });
}

/** A chat was linked with a link code; `replaced` is the user's chat before, `takenFrom` the chat's account before. */
export function telegramLinked(userId: string, chatId: number, replaced?: number, takenFrom?: string): void {
  logger.info('Linked a Telegram chat', { event: 'telegram_linked', userId, chatId, replaced, takenFrom });
}

/** /start with a code unknown, used or past its time, or whose account has no profile: nothing changed. */
export function telegramLinkRefused(chatId: number, why: 'expired' | 'noProfile' | 'notPrivate'): void {
  logger.warn('Refused to link a Telegram chat', { event: 'telegram_link_refused', chatId, why });
}

/** A button's tap was refused before its token was checked (its buttons gone, another chat, unlinked). */
export function telegramTapRefused(why: string, chatId: number | undefined): void {
  logger.warn('Refused a Telegram button', { event: 'telegram_tap_refused', why, chatId });
}

/** A request to the bot's webhook without Telegram's secret header (whose value is never logged): 401. */
export function telegramWebhookRefused(why: 'missing secret' | 'wrong secret'): void {
  logger.warn("Refused a request to the bot's webhook", { event: 'telegram_webhook_refused', why });
}

/** An update too large or not of the Bot API's shape: answered 200 (so it is not sent again) and ignored. */
export function telegramUpdateIgnored(why: 'too large' | 'not json' | 'invalid', bytes: number, problem = ''): void {
  logger.warn('Ignored an update to the bot', { event: 'telegram_update_ignored', why, bytes, problem });
}

/** Handling an update failed (Firestore unavailable): answered 500, so Telegram delivers it again. */
export function telegramUpdateFailed(updateId: number, error: unknown): void {
  logger.error('Handling an update to the bot failed', {
    event: 'telegram_update_failed',
    updateId,
    reason: errorMessage(error),
  });
}

/** A reply, a tap's answer or an edit failed at Telegram: logged only, since what it told is done. */
export function telegramCallFailed(method: string, chatId: number | undefined, problem: string): void {
  logger.warn('A call to Telegram failed', { event: 'telegram_call_failed', method, chatId, problem });
}

/** Telegram said the chat blocked the bot or is gone, or Discord that the webhook was deleted: unlinked. */
export function chatChannelLost(channel: 'telegram' | 'discord', userId: string, answer: string): void {
  logger.warn('A chat channel was unlinked by its provider', { event: 'chat_channel_lost', channel, userId, answer });
}

/** Telegram refused the bot's own token (401, 404): a deployment to fix; the sends are tried again. */
export function chatProviderRefusedUs(channel: 'telegram' | 'discord', answer: string): void {
  logger.error('A chat provider refused our credentials', { event: 'chat_provider_refused_us', channel, answer });
}
