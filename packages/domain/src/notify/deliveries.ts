import { z } from '../common/zod.ts';
import {
  DELIVERY_CHANNELS,
  NOTE_MAX_LENGTH,
  PRICE_SIDES,
  SEND_CHANNELS,
  type SendChannel,
} from '../common/constants.ts';
import { currencyPairSchema, timestampLikeSchema } from '../store/schemas.ts';
import { moveNoticeSchema, noticeAlertTypeSchema } from './noticeCondition.ts';

/**
 * deliveries/{userId}__{alertId}__{firedAtMs}: one per firing of an alert, created in the same transaction
 * that fires it, and one expiry notice per alert that expires (the id from its expiry time), created in
 * the transaction that cancels it.
 * The sender claims it with a lease and records per channel what happened, so each channel is
 * sent at most once after success and retried until success or a final error.
 */
export const CHANNEL_STATES = ['pending', 'sent', 'failed', 'skipped', 'held'] as const;

export const channelStateSchema = z.object({
  state: z.enum(CHANNEL_STATES),
  attempts: z.int().check(z.gte(0)),
  lastError: z.optional(z.string()),
  sentAt: z.optional(timestampLikeSchema),
  /** 'held': the quiet-hours digest (digests/{id}) that took the channel over and says how it went. */
  digestId: z.optional(z.string()),
  /**
   * 'pending' webhook that waits: for the end of the user's quiet hours, or for its `slot` in the
   * account's webhook budget (webhookBudget.ts). Not tried before this time (ms).
   */
  notBefore: z.optional(z.number()),
  /** A webhook's time reserved in the account's budget: the try at or after it spends no more of it. */
  slot: z.optional(z.number()),
  /** The webhook waited for the budget at least once (the history was told, once). */
  overBudget: z.optional(z.boolean()),
});
export type ChannelState = z.infer<typeof channelStateSchema>;

const deliveryFields = {
  userId: z.string().check(z.minLength(1)),
  alertId: z.string().check(z.minLength(1)),
  currencyPair: currencyPairSchema,
  alertType: noticeAlertTypeSchema,
  /** A level alert's price; a move alert has `move` instead. */
  triggerPrice: z.optional(z.number()),
  move: z.optional(moveNoticeSchema),
  /** When it fired (the time of the price that fired it) or, for an expiry notice, when it expired. */
  triggeredAt: timestampLikeSchema,
  /** The side the alert was judged on (absent: ask). */
  priceSide: z.optional(z.enum(PRICE_SIDES)),
  /** Every-time alerts: which firing this is (1 for the first); on an expiry notice, how many there were. */
  fireCount: z.optional(z.int().check(z.gte(1))),
  /** The alert's note, copied when the delivery is created, for the email and the push. */
  note: z.optional(z.string().check(z.maxLength(NOTE_MAX_LENGTH))),
  /** `webhook` is added by the sender when the user has one (notify/webhooks.ts). */
  channels: z.object({
    email: z.optional(channelStateSchema),
    push: z.optional(channelStateSchema),
    telegram: z.optional(channelStateSchema),
    discord: z.optional(channelStateSchema),
    webhook: z.optional(channelStateSchema),
  }),
  /** Who holds the send lease and until when (ms since the epoch); absent when free. */
  lease: z.optional(z.object({ owner: z.string(), until: z.number() })),
  /**
   * When the sender should next look at it (ms since the epoch): present while a channel is pending,
   * removed when every channel is final, so the sweeper's `dueAt <= now` query finds only open work.
   */
  dueAt: z.optional(z.number()),
};

/** A firing: `kind` is absent on deliveries stored before expiry notices existed. */
export const firedDeliverySchema = z.object({
  ...deliveryFields,
  kind: z.optional(z.literal('fired')),
  triggeredPrice: z.number(),
  /** This firing made the runaway guard pause the alert: the notice says so, once. */
  runawayPaused: z.optional(z.literal(true)),
  /** It fired on the first prices after the market's weekend close (crossingWindow.firedAtOpen). */
  atOpen: z.optional(z.literal(true)),
});

/** The alert ended at its expiry without firing (again): no price fired it, so it carries none. */
export const expiredDeliverySchema = z.object({
  ...deliveryFields,
  kind: z.literal('expired'),
  triggeredPrice: z.optional(z.undefined()),
});

export const deliverySchema = z.union([firedDeliverySchema, expiredDeliverySchema]);
export type Delivery = z.infer<typeof deliverySchema>;
export type FiredDelivery = z.infer<typeof firedDeliverySchema>;
export type ExpiredDelivery = z.infer<typeof expiredDeliverySchema>;

/**
 * One per firing: the alert and the time of the price that fired it (ms). Alert ids are chosen by
 * the client, so an alert re-created under the id of one that fired gets a delivery of its own, and a
 * repeating alert one per firing. At most once per firing comes from the firing transaction, which
 * re-reads the alert's status; the id only makes a replay of the same firing address the same document.
 */
export function deliveryId(userId: string, alertId: string, firedAtMs: number): string {
  if (!Number.isFinite(firedAtMs)) throw new Error(`A delivery needs the firing time, got ${firedAtMs}`);
  return `${userId}__${alertId}__${Math.trunc(firedAtMs)}`;
}

/** After this many failed attempts a channel is given up as failed. */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** How long a sender may hold a delivery before another may take it over (it may have died). */
export const DELIVERY_LEASE_MS = 60_000;

const RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/**
 * Wait before the next attempt after `attempts` failures: short first (a provider blip is over in
 * seconds), then backing off to an hour, with up to 20% jitter so retries of many deliveries spread out.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1] ?? 3_600_000;
  return Math.round(base * (1 + 0.2 * random()));
}

/** Channels the user chose, each pending; the firing transaction stores this on the new delivery. */
export function initialChannels(preferences: {
  email: boolean;
  push: boolean;
  telegram?: boolean | undefined;
  discord?: boolean | undefined;
}): Delivery['channels'] {
  const pending = (): ChannelState => ({ state: 'pending', attempts: 0 });
  return Object.fromEntries(DELIVERY_CHANNELS.filter((c) => preferences[c]).map((c) => [c, pending()]));
}

/** The channels still to send, of a delivery (email, push, webhook) or a digest (email, push). */
export function pendingChannels<C extends SendChannel>(delivery: { channels: Partial<Record<C, ChannelState>> }): C[] {
  const channels = delivery.channels as Partial<Record<SendChannel, ChannelState>>;
  return SEND_CHANNELS.filter((c) => channels[c]?.state === 'pending') as C[];
}
