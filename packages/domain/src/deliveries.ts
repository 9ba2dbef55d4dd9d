import { z } from 'zod';
import { alertTypeSchema, currencyPairSchema, timestampLikeSchema } from './schemas.ts';

/**
 * deliveries/{deliveryId}: one per fired alert, created in the same transaction that fires it.
 * The sender claims it with a lease and records per channel what happened, so each channel is
 * sent at most once after success and retried until success or a final error.
 */
export const CHANNEL_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;

export const channelStateSchema = z.object({
  state: z.enum(CHANNEL_STATES),
  attempts: z.number().int().min(0),
  lastError: z.string().optional(),
  sentAt: timestampLikeSchema.optional(),
});
export type ChannelState = z.infer<typeof channelStateSchema>;

export const deliverySchema = z.object({
  userId: z.string().min(1),
  alertId: z.string().min(1),
  currencyPair: currencyPairSchema,
  alertType: alertTypeSchema,
  triggerPrice: z.number().finite(),
  triggeredPrice: z.number().finite(),
  triggeredAt: timestampLikeSchema,
  channels: z.object({ email: channelStateSchema.optional(), push: channelStateSchema.optional() }),
  /** Who holds the send lease and until when (ms since the epoch); absent when free. */
  lease: z.object({ owner: z.string(), until: z.number() }).optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** Derived from the alert, so firing the same alert twice can only ever address one delivery. */
export function deliveryId(userId: string, alertId: string): string {
  return `${userId}__${alertId}`;
}
