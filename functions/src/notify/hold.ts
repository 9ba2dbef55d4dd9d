/**
 * Holding a delivery's channels for quiet hours: in one transaction the channels become 'held', the
 * delivery joins the user's open digest (opened here when there is none), and the alert's history
 * says 'Held for quiet hours'. Only the sender holding the delivery's lease may hold it, and only a
 * channel still pending, so a replay or a second sender holds nothing twice.
 */
import { dateMillis, type DeliveryChannel } from '@price-alerts/domain/common';
import {
  addToDigest,
  deliverySchema,
  digestItem,
  digestSchema,
  heldChannels,
  quietEnd,
  type Digest,
} from '@price-alerts/domain/notify';
import type { Firestore } from 'firebase-admin/firestore';
import * as logs from '../logs';
import { deliveryRefById } from '../repositories/deliveries';
import { digestRefById, newDigestRef, openDigests } from '../repositories/digests';
import { alertRefOf, recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import { profileRef, quietHoursIn } from '../repositories/profiles';
import { ofThisAlert } from './alertOf';

/** What holding did: the channels it held (the caller sends the rest now), or that the lease was lost. */
export type HoldResult = { held: DeliveryChannel[] } | { lost: true };

/**
 * The quiet hours are read inside the transaction, so a user turning them off meanwhile either
 * conflicts with it (and it runs again on the new settings) or finds the digest to release.
 */
export async function holdChannels(db: Firestore, deliveryId: string, lease: string, now: number): Promise<HoldResult> {
  const ref = deliveryRefById(db, deliveryId);
  const result = await db.runTransaction(async (tx): Promise<HoldResult & { digestId?: string }> => {
    const delivery = parseDoc(deliverySchema, await tx.get(ref));
    if (!delivery || delivery.lease?.owner !== lease) return { lost: true };
    const quiet = quietHoursIn(await tx.get(profileRef(db, delivery.userId)));
    const endsAt = quietEnd(quiet, now);
    const toHold = heldChannels(quiet, now).filter((c) => delivery.channels[c]?.state === 'pending');
    if (!quiet || endsAt === undefined || toHold.length === 0) return { held: [] };
    // Every read comes before the first write, as a transaction requires.
    const open = (await tx.get(openDigests(db, delivery.userId))).docs
      .map((d) => parseDoc(digestSchema, d))
      .find((d) => d?.open);
    let digestRef = open ? digestRefById(db, open.id) : newDigestRef(db, delivery.userId, endsAt);
    let digest: Digest | undefined = open ?? parseDoc(digestSchema, await tx.get(digestRef));
    if (digest && !digest.open) {
      // This night's digest already went out (the hours were turned off and on again): start another.
      digestRef = digestRefById(db, `${digestRef.id}__${now}`);
      digest = undefined;
    }
    digest ??= {
      userId: delivery.userId,
      openedAt: now,
      open: true,
      timeZone: quiet.timeZone,
      items: [],
      count: 0,
      channels: {},
      dueAt: endsAt,
    };
    const alertRef = alertRefOf(db, delivery.userId, delivery.alertId);
    const alert = await tx.get(alertRef);
    // The schema drops the `id` a parsed document carries.
    tx.set(digestRef, digestSchema.parse({ ...digest, ...addToDigest(digest, digestItem(ref.id, delivery, toHold)) }));
    for (const c of toHold) {
      const attempts = delivery.channels[c]?.attempts ?? 0;
      tx.update(ref, { [`channels.${c}`]: { state: 'held', attempts, digestId: digestRef.id } });
      if (ofThisAlert(alert, dateMillis(delivery.triggeredAt))) {
        recordEvent(tx, alertRef, { type: 'held', at: now, channel: c });
      }
    }
    return { held: toHold, digestId: digestRef.id };
  });
  if ('held' in result && result.digestId) logs.notificationsHeld(deliveryId, result.digestId, result.held);
  return 'lost' in result ? { lost: true } : { held: result.held };
}
