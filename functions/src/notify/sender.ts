/**
 * Sends one delivery, at most once per channel after success: claim a lease in a transaction, try
 * each pending channel, record each result at once, release with the next due time. A sender that
 * dies leaves a lease that expires; the sweeper (dueAt <= now) then takes the delivery over.
 */
import {
  DELIVERY_LEASE_MS,
  dateMillis,
  deliverySchema,
  pendingChannels,
  retryDelayMs,
  type ChannelState,
  type DateLike,
  type Delivery,
  type DeliveryChannel,
  type NotifyOutcome,
} from '@price-alerts/domain';
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { deliveryRefById } from '../repositories/deliveries';
import { alertRefOf, recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import { attemptChannel, type ChannelAttempt, type ChannelDeps } from './channels';

export interface SenderDeps extends ChannelDeps {
  db: Firestore;
  /** Names this sender (instance) in leases, for logs and diagnosis; each claim adds its own suffix. */
  owner: string;
  now?: () => number;
  random?: () => number;
}

export type SendResult =
  | { outcome: 'missing' | 'done' | 'busy' }
  | { outcome: 'not-due' | 'retry'; dueAt: number }
  | { outcome: 'sent'; channels: Partial<Record<DeliveryChannel, ChannelState>> };

/** `lease` names this claim: unique per call, since one instance runs many sends at once. */
async function claim(
  deps: SenderDeps,
  ref: DocumentReference,
  lease: string,
): Promise<SendResult | (Delivery & { id: string })> {
  const now = (deps.now ?? Date.now)();
  return deps.db.runTransaction(async (tx) => {
    const delivery = parseDoc(deliverySchema, await tx.get(ref));
    if (!delivery) return { outcome: 'missing' } as const;
    if (pendingChannels(delivery).length === 0) {
      // Nothing left to send: make sure the sweeper stops finding it.
      if (delivery.dueAt !== undefined || delivery.lease)
        tx.update(ref, { lease: FieldValue.delete(), dueAt: FieldValue.delete() });
      return { outcome: 'done' } as const;
    }
    if (delivery.lease && delivery.lease.until > now) return { outcome: 'busy' } as const;
    if (delivery.dueAt !== undefined && delivery.dueAt > now)
      return { outcome: 'not-due', dueAt: delivery.dueAt } as const;
    const until = now + DELIVERY_LEASE_MS;
    tx.update(ref, { lease: { owner: lease, until }, dueAt: until });
    return delivery;
  });
}

/**
 * Records one channel's result. A success already recorded is never overwritten. Anything but a
 * success is written only while this claim still holds the lease: a sender whose lease ran out and
 * was taken over must not write over the new holder's state. Its success is still recorded, so
 * nobody sends that channel again.
 *
 * When the channel leaves pending for a final state (sent, failed, skipped) the same transaction
 * records a 'notified' event in the alert's history, so each channel is told of at most once. A
 * success that arrives after another sender gave the channel up still becomes the state, with no
 * second event. The alert is read with it: an alert deleted meanwhile gets no event, since its
 * history was deleted with it.
 */
/**
 * Whether the alert as stored now is the one the delivery tells of: it exists and was created by
 * the time it fired or expired (a firing is judged only on prices from the alert's creation, an
 * expiry lies after it). One deleted and created again under the same id since is another alert.
 */
function ofThisAlert(alert: DocumentSnapshot | undefined, delivery: Delivery): boolean {
  if (!alert?.exists) return false;
  const created = dateMillis(alert.get('createdAt') as DateLike);
  return !Number.isFinite(created) || created <= dateMillis(delivery.triggeredAt);
}

async function record(
  deps: SenderDeps,
  delivery: Delivery & { id: string },
  lease: string,
  channel: DeliveryChannel,
  { state, reason }: ChannelAttempt,
) {
  const ref = deliveryRefById(deps.db, delivery.id);
  const alertRef = alertRefOf(deps.db, delivery.userId, delivery.alertId);
  const final = state.state !== 'pending';
  const at = (deps.now ?? Date.now)();
  await deps.db.runTransaction(async (tx) => {
    const [snapshot, alert] = await tx.getAll(ref, ...(final ? [alertRef] : []));
    const current = snapshot && parseDoc(deliverySchema, snapshot);
    if (!current || current.channels[channel]?.state === 'sent') return;
    if (state.state !== 'sent' && current.lease?.owner !== lease) return;
    tx.update(ref, { [`channels.${channel}`]: state });
    if (final && current.channels[channel]?.state === 'pending' && ofThisAlert(alert, current)) {
      const outcome = state.state as NotifyOutcome;
      recordEvent(tx, alertRef, { type: 'notified', at, channel, outcome, ...(reason ? { reason } : {}) });
    }
  });
}

async function release(deps: SenderDeps, ref: DocumentReference, lease: string): Promise<SendResult> {
  const now = (deps.now ?? Date.now)();
  return deps.db.runTransaction(async (tx) => {
    const current = parseDoc(deliverySchema, await tx.get(ref));
    if (!current) return { outcome: 'missing' } as const;
    const pending = pendingChannels(current);
    // Taken over (or finished) by another sender: its lease and due time are not ours to change.
    if (current.lease?.owner !== lease) return { outcome: 'busy' } as const;
    if (pending.length === 0) {
      tx.update(ref, { lease: FieldValue.delete(), dueAt: FieldValue.delete() });
      return { outcome: 'sent', channels: current.channels } as const;
    }
    const attempts = Math.max(...pending.map((c) => current.channels[c]?.attempts ?? 0));
    const dueAt = now + retryDelayMs(attempts, deps.random);
    tx.update(ref, { lease: FieldValue.delete(), dueAt });
    return { outcome: 'retry', dueAt } as const;
  });
}

export async function sendDelivery(deps: SenderDeps, id: string): Promise<SendResult> {
  const ref = deliveryRefById(deps.db, id);
  const lease = `${deps.owner}:${randomUUID().slice(0, 8)}`;
  const claimed = await claim(deps, ref, lease);
  if ('outcome' in claimed) return claimed;
  for (const channel of pendingChannels(claimed)) {
    const attempts = (claimed.channels[channel]?.attempts ?? 0) + 1;
    await record(deps, claimed, lease, channel, await attemptChannel(deps, channel, claimed, attempts));
  }
  return release(deps, ref, lease);
}
