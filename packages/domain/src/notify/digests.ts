import { z } from '../common/zod.ts';
import { NOTE_MAX_LENGTH, PRICE_SIDES } from '../common/constants.ts';
import { HELD_CHANNELS, type HeldChannel } from '../common/constants.ts';
import { channelStateSchema, type Delivery } from './deliveries.ts';
import { currencyPairSchema } from '../store/schemas.ts';
import { moveNoticeSchema, noticeAlertTypeSchema } from './noticeCondition.ts';
import { dateMillis } from '../common/dates.ts';

/**
 * digests/{userId}__{endsAtMs}: the notifications held for one user's quiet hours, sent as one push
 * and one email when the hours end. The sender fills it while `open`; the first claim after `dueAt`
 * (the end of the quiet hours) closes it, so what is held later starts the next one. From then on it
 * is sent exactly like a delivery: a lease, a state per channel, retries by `dueAt`.
 */

/** Firings listed in one digest; past this the email says how many more there were. */
export const DIGEST_MAX_ITEMS = 50;

export const digestItemSchema = z.object({
  deliveryId: z.string().check(z.minLength(1)),
  alertId: z.string().check(z.minLength(1)),
  kind: z.enum(['fired', 'expired']),
  currencyPair: currencyPairSchema,
  alertType: noticeAlertTypeSchema,
  triggerPrice: z.optional(z.number()),
  move: z.optional(moveNoticeSchema),
  priceSide: z.optional(z.enum(PRICE_SIDES)),
  /** A firing's price; an expiry has none. */
  triggeredPrice: z.optional(z.number()),
  /** When it fired or expired, ms since the epoch. */
  at: z.number(),
  fireCount: z.optional(z.int().check(z.gte(1))),
  note: z.optional(z.string().check(z.maxLength(NOTE_MAX_LENGTH))),
  /** Fired on the first prices after the market's weekend close. */
  atOpen: z.optional(z.literal(true)),
  /** The channels this item is held for (push and Telegram, and email when the user holds email too). */
  channels: z.array(z.enum(HELD_CHANNELS)).check(z.minLength(1)),
});
export type DigestItem = z.infer<typeof digestItemSchema>;

export const digestSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  openedAt: z.number(),
  /** Still collecting: items may be added. Closed by the claim that starts sending it. */
  open: z.boolean(),
  /** The user's zone when it was last scheduled: the times it lists and its 'HH:MM' name are in it. */
  timeZone: z.string().check(z.minLength(1)),
  items: z.array(digestItemSchema).check(z.maxLength(DIGEST_MAX_ITEMS)),
  /** Firings and expiries held in it, listed or not. */
  count: z.int().check(z.gte(0)),
  channels: z.object({
    email: z.optional(channelStateSchema),
    push: z.optional(channelStateSchema),
    telegram: z.optional(channelStateSchema),
  }),
  lease: z.optional(z.object({ owner: z.string(), until: z.number() })),
  /** While open: when the quiet hours end. Then, as for deliveries: the next look, absent when done. */
  dueAt: z.optional(z.number()),
  /** When the claim that closed it was made: the 'HH:MM' the history names it by. */
  sentAt: z.optional(z.number()),
});
export type Digest = z.infer<typeof digestSchema>;

/**
 * Named by the end of the quiet hours it was opened for, so two senders holding at once for the
 * same night address the same document rather than open two digests.
 */
export function digestId(userId: string, endsAt: number): string {
  return `${userId}__${Math.trunc(endsAt)}`;
}

/** The digest's line for a held delivery, held on `channels`. */
export function digestItem(id: string, d: Delivery, channels: readonly HeldChannel[]): DigestItem {
  return {
    deliveryId: id,
    alertId: d.alertId,
    kind: d.kind === 'expired' ? 'expired' : 'fired',
    currencyPair: d.currencyPair,
    alertType: d.alertType,
    ...(d.triggerPrice !== undefined ? { triggerPrice: d.triggerPrice } : {}),
    ...(d.move ? { move: d.move } : {}),
    ...(d.priceSide ? { priceSide: d.priceSide } : {}),
    ...(d.triggeredPrice !== undefined ? { triggeredPrice: d.triggeredPrice } : {}),
    at: dateMillis(d.triggeredAt),
    ...(d.fireCount ? { fireCount: d.fireCount } : {}),
    ...(d.note ? { note: d.note } : {}),
    ...(d.kind !== 'expired' && d.atOpen ? { atOpen: true as const } : {}),
    channels: [...channels],
  };
}

/**
 * Adds a held delivery to an open digest: listed while there is room, counted either way. Holding
 * the same delivery again (a replayed transaction) only adds the channels not yet held.
 */
export function addToDigest(
  digest: Pick<Digest, 'items' | 'count' | 'channels'>,
  item: DigestItem,
): Pick<Digest, 'items' | 'count' | 'channels'> {
  const channels = { ...digest.channels };
  for (const c of item.channels) channels[c] ??= { state: 'pending', attempts: 0 };
  const listed = digest.items.find((i) => i.deliveryId === item.deliveryId);
  if (listed) {
    const merged = { ...listed, channels: [...new Set([...listed.channels, ...item.channels])] };
    return { ...digest, channels, items: digest.items.map((i) => (i === listed ? merged : i)) };
  }
  const items = digest.items.length < DIGEST_MAX_ITEMS ? [...digest.items, item] : digest.items;
  return { items, count: digest.count + 1, channels };
}
