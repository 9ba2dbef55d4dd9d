/**
 * The webhook's part of a send (sender.ts): its channel is added to the delivery under the send's
 * lease, before anything is sent, and tried last, once per send.
 */
import { dateMillis } from '@price-alerts/domain/common';
import { deliverySchema, webhookHeldUntil, type ChannelState, type Delivery } from '@price-alerts/domain/notify';
import type { DocumentReference } from 'firebase-admin/firestore';
import { parseDoc } from '../repositories/parse';
import type { ChannelAttempt, ChannelDeps, Texts } from './channels';
import type { NoticeSettings } from './providers';
import type { LeaseDeps } from './lease';
import { WEBHOOK_REMOVED, attemptWebhook } from './webhookChannel';

type Deps = Pick<ChannelDeps, 'webhook'> & LeaseDeps;

/**
 * The webhook's state for this send: the one stored, or a new pending one when the user had a
 * webhook when it fired (undefined: no webhook to send). Written in a transaction that holds only
 * while this send's lease does, so a sender that lost its lease never writes over the new holder's.
 */
export async function openWebhookChannel(
  deps: Deps,
  ref: DocumentReference,
  lease: string,
  d: Delivery,
  settings: NoticeSettings,
): Promise<ChannelState | undefined | 'lost'> {
  if (d.channels.webhook) return d.channels.webhook;
  const hook = settings.webhook;
  if (!hook || !deps.webhook || hook.since > dateMillis(d.triggeredAt)) return undefined;
  return deps.db.runTransaction(async (tx) => {
    const current = parseDoc(deliverySchema, await tx.get(ref));
    if (!current || current.lease?.owner !== lease) return 'lost' as const;
    if (current.channels.webhook) return current.channels.webhook;
    const pending: ChannelState = { state: 'pending', attempts: 0 };
    tx.update(ref, { 'channels.webhook': pending });
    return pending;
  });
}

/**
 * One try, or a state that waits for the end of quiet hours when the user asked for that (or for
 * a slot in the account's budget), or 'skipped' when the webhook was removed since. Undefined:
 * nothing to record.
 */
export async function webhookAttempt(
  deps: Deps,
  id: string,
  d: Delivery,
  state: ChannelState | undefined,
  settings: NoticeSettings,
  texts: Texts,
  now: number,
): Promise<ChannelAttempt | undefined> {
  if (state?.state !== 'pending') return undefined;
  const hook = settings.webhook;
  const attempts = state.attempts + 1;
  if (!hook || !deps.webhook || !texts.webhook)
    return { state: { state: 'skipped', attempts: attempts - 1, lastError: WEBHOOK_REMOVED }, reason: WEBHOOK_REMOVED };
  const heldUntil = webhookHeldUntil(hook, settings.quietHours, now);
  if (heldUntil !== undefined) {
    if (state.notBefore === heldUntil) return undefined;
    return { state: { state: 'pending', attempts: attempts - 1, notBefore: heldUntil } };
  }
  // Waiting for its slot in the budget (a sender that came early): nothing to do yet, nothing spent.
  if (state.slot !== undefined && state.slot > now) return undefined;
  return attemptWebhook(deps.webhook, d.userId, hook.url, texts.webhook(id), { attempts, slot: state.slot }, now);
}
