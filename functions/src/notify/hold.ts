/**
 * Holding a delivery's channels for quiet hours: in one transaction the channels become 'held', the
 * delivery joins the user's open digest (opened here when there is none), and the alert's history
 * says 'Held for quiet hours'. Only the sender holding the delivery's lease may hold it, and only a
 * channel still pending, so a replay or a second sender holds nothing twice.
 */
import {
  addToDigest,
  dateMillis,
  deliverySchema,
  digestItem,
  digestSchema,
  quietEnd,
  type DeliveryChannel,
  type Digest,
  type QuietHours,
} from '@price-alerts/domain';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import * as logs from '../logs';
import { deliveryRefById } from '../repositories/deliveries';
import { newDigestRef, openDigests } from '../repositories/digests';
import { alertRefOf, recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import { ofThisAlert } from './alertOf';

/** Returns the channels it held; the caller sends the rest now. */
export async function holdChannels(
  db: Firestore,
  deliveryId: string,
  lease: string,
  channels: readonly DeliveryChannel[],
  quiet: QuietHours,
  now: number,
): Promise<DeliveryChannel[]> {
  const endsAt = quietEnd(quiet, now);
  if (endsAt === undefined || channels.length === 0) return [];
  const ref = deliveryRefById(db, deliveryId);
  const held = await db.runTransaction(async (tx) => {
    const delivery = parseDoc(deliverySchema, await tx.get(ref));
    if (!delivery || delivery.lease?.owner !== lease) return [];
    const toHold = channels.filter((c) => delivery.channels[c]?.state === 'pending');
    if (toHold.length === 0) return [];
    // Every read comes before the first write, as a transaction requires.
    const open = (await tx.get(openDigests(db, delivery.userId))).docs
      .map((d) => parseDoc(digestSchema, d))
      .find((d) => d?.open);
    let digestRef: DocumentReference;
    let digest: Digest;
    if (open) {
      digestRef = db.collection('digests').doc(open.id);
      digest = open;
    } else {
      digestRef = newDigestRef(db, delivery.userId, endsAt);
      const existing = parseDoc(digestSchema, await tx.get(digestRef));
      // Already closed and sending (the hours were just turned off): this one goes out now.
      if (existing && !existing.open) return [];
      digest = existing ?? {
        userId: delivery.userId,
        openedAt: now,
        open: true,
        timeZone: quiet.timeZone,
        items: [],
        count: 0,
        channels: {},
        dueAt: endsAt,
      };
    }
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
    return toHold.map((c) => ({ channel: c, digestId: digestRef.id }));
  });
  if (held[0])
    logs.notificationsHeld(
      deliveryId,
      held[0].digestId,
      held.map((h) => h.channel),
    );
  return held.map((h) => h.channel);
}
