/**
 * Sends one delivery, at most once per channel after success: claim a lease in a transaction, try
 * each pending channel, record each result at once, release with the next due time. A sender that
 * dies leaves a lease that expires; the sweeper (dueAt <= now) then takes the delivery over.
 */
import {
  DELIVERY_LEASE_MS,
  deliverySchema,
  pendingChannels,
  retryDelayMs,
  type ChannelState,
  type Delivery,
  type DeliveryChannel,
} from '@price-alerts/domain';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { deliveryRefById } from '../repositories/deliveries';
import { parseDoc } from '../repositories/parse';
import { attemptChannel, type ChannelDeps } from './channels';

export interface SenderDeps extends ChannelDeps {
  db: Firestore;
  /** Names this sender in leases, for logs and diagnosis. */
  owner: string;
  now?: () => number;
  random?: () => number;
}

export type SendResult =
  | { outcome: 'missing' | 'done' | 'busy' }
  | { outcome: 'not-due' | 'retry'; dueAt: number }
  | { outcome: 'sent'; channels: Partial<Record<DeliveryChannel, ChannelState>> };

async function claim(deps: SenderDeps, ref: DocumentReference): Promise<SendResult | Delivery> {
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
    tx.update(ref, { lease: { owner: deps.owner, until }, dueAt: until });
    return delivery;
  });
}

/** Records one channel's result; a success already recorded by another sender is never overwritten. */
async function record(deps: SenderDeps, ref: DocumentReference, channel: DeliveryChannel, state: ChannelState) {
  await deps.db.runTransaction(async (tx) => {
    const current = parseDoc(deliverySchema, await tx.get(ref));
    if (!current || current.channels[channel]?.state === 'sent') return;
    tx.update(ref, { [`channels.${channel}`]: state });
  });
}

async function release(deps: SenderDeps, ref: DocumentReference): Promise<SendResult> {
  const now = (deps.now ?? Date.now)();
  return deps.db.runTransaction(async (tx) => {
    const current = parseDoc(deliverySchema, await tx.get(ref));
    if (!current) return { outcome: 'missing' } as const;
    const pending = pendingChannels(current);
    if (current.lease && current.lease.owner !== deps.owner) return { outcome: 'busy' } as const;
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
  const claimed = await claim(deps, ref);
  if ('outcome' in claimed) return claimed;
  for (const channel of pendingChannels(claimed)) {
    const attempts = (claimed.channels[channel]?.attempts ?? 0) + 1;
    await record(deps, ref, channel, await attemptChannel(deps, channel, claimed, attempts));
  }
  return release(deps, ref);
}
