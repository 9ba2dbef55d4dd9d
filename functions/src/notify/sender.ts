/**
 * Sends one delivery, at most once per channel after success, under the lease discipline of
 * lease.ts. During the user's quiet hours the channels they hold (push, and email if they chose)
 * are handed to their digest instead (hold.ts), and only the rest is sent now.
 */
import { dateMillis, noticeTimeZone, type DeliveryChannel, type SendChannel } from '@price-alerts/domain/common';
import { type NotifyOutcome } from '@price-alerts/domain/alerts';
import { OVER_BUDGET, deliverySchema, heldChannels, pendingChannels, type Delivery } from '@price-alerts/domain/notify';
import { randomUUID } from 'node:crypto';
import { deliveryRefById } from '../repositories/deliveries';
import { alertRefOf, recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import { ofThisAlert } from './alertOf';
import { attemptChannel, deliveryTexts, type ChannelDeps } from './channels';
import { sendWindow } from './chatChannel';
import { openWebhookChannel, webhookAttempt } from './webhookSend';
import { holdChannels } from './hold';
import { noticeActions, type ActionSigner } from '../actions/links';
import { claim, record, release, type LeaseDeps, type LeasedKind, type SendResult } from './lease';

export interface SenderDeps extends ChannelDeps, LeaseDeps {
  /** Names this sender (instance) in leases, for logs and diagnosis; each claim adds its own suffix. */
  owner: string;
  /** Signs the actions a firing's notice carries (actions/links.ts); without it, notices carry none. */
  signAction?: ActionSigner | undefined;
}

type StoredDelivery = Delivery & { id: string };

/** A lease name of this sender's: unique per call, since one instance runs many sends at once. */
export const newLease = (deps: Pick<SenderDeps, 'owner'>) => `${deps.owner}:${randomUUID().slice(0, 8)}`;

/**
 * When a channel's state becomes final, the alert's history gets one 'notified' event, in the same
 * transaction; when a webhook starts to wait for the account's budget, a 'held' one. The alert is read with it: one deleted meanwhile gets no event (its history went with it).
 */
export function deliveryKind(deps: SenderDeps): LeasedKind<StoredDelivery> {
  return {
    parse: (snapshot) => parseDoc(deliverySchema, snapshot),
    finalReads: (d) => [alertRefOf(deps.db, d.userId, d.alertId)],
    onFinal(tx, d, channel: SendChannel, { state, reason }, [alert], at) {
      if (!ofThisAlert(alert, dateMillis(d.triggeredAt))) return;
      const outcome = state.state as NotifyOutcome;
      const event = { type: 'notified' as const, at, channel, outcome, ...(reason ? { reason } : {}) };
      recordEvent(tx, alertRefOf(deps.db, d.userId, d.alertId), event);
    },
    onWait(tx, d, channel: SendChannel, [alert], at) {
      if (!ofThisAlert(alert, dateMillis(d.triggeredAt))) return;
      recordEvent(tx, alertRefOf(deps.db, d.userId, d.alertId), { type: 'held', at, channel, reason: OVER_BUDGET });
    },
  };
}

/** `lease`: the caller's, when it already holds the delivery (a firing's own); a new one otherwise. */
export async function sendDelivery(deps: SenderDeps, id: string, lease = newLease(deps)): Promise<SendResult> {
  const ref = deliveryRefById(deps.db, id);
  const kind = deliveryKind(deps);
  const claimed = await claim(deps, kind, ref, lease);
  if ('outcome' in claimed) return claimed;
  // Judged when sending, not when it fired: a retry that falls in quiet hours is held too.
  const now = (deps.now ?? Date.now)();
  // Quiet hours never hold the webhook with the others: it waits on its own, when the user chose so.
  const pending = pendingChannels(claimed).filter((c): c is DeliveryChannel => c !== 'webhook');
  // A cheap look first: the transaction that holds reads the settings again, authoritatively.
  const settings = await deps.recipients.settings(claimed.userId);
  // Before any send: a sender that dies after email and push leaves the webhook pending for the sweeper.
  const webhook = await openWebhookChannel(deps, ref, lease, claimed, settings);
  if (webhook === 'lost') return { outcome: 'busy' };
  let held: DeliveryChannel[] = [];
  if (heldChannels(settings.quietHours, now).some((c) => pending.includes(c))) {
    const hold = await holdChannels(deps.db, id, lease, now);
    // Taken over by another sender: what it does with the channels is no longer ours to decide.
    if ('lost' in hold) return { outcome: 'busy' };
    held = hold.held;
  }
  const zone = noticeTimeZone(settings.timeZone, settings.quietHours?.timeZone);
  const texts = deliveryTexts(claimed, deps.appUrl, zone, noticeActions(claimed, deps.appUrl, deps.signAction));
  const to = { userId: claimed.userId, noticeId: id, settings };
  const window = sendWindow(() => (deps.now ?? Date.now)());
  // A channel told to wait (Telegram's or Discord's 429) is tried at its time, not before.
  const due = (c: DeliveryChannel) => !held.includes(c) && (claimed.channels[c]?.notBefore ?? 0) <= now;
  for (const channel of pending.filter(due)) {
    const attempts = (claimed.channels[channel]?.attempts ?? 0) + 1;
    const attempt = await attemptChannel(deps, channel, to, texts, attempts, window);
    await record(deps, kind, ref, lease, channel, attempt);
  }
  // Last, so a slow receiver never delays the push or the email.
  const hook = await webhookAttempt(deps, id, claimed, webhook, settings, texts, now);
  if (hook) await record(deps, kind, ref, lease, 'webhook', hook);
  return release(deps, kind, ref, lease);
}
