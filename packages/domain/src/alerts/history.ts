import { z } from '../common/zod.ts';
import { MOVE_READS, PRICE_SIDES } from '../common/constants.ts';
import { SEND_CHANNELS } from '../common/constants.ts';
import { timestampLikeSchema } from '../store/schemas.ts';
import { ACTION_CHANNELS } from '../actions/actionToken.ts';

/**
 * users/{uid}/alerts/{alertId}/history/{eventId}: what happened to an alert, written by the server
 * only (a trigger on the alert for the user's own changes; the firing, sending and expiry code for
 * theirs) and read by the owner. `expireAt` drives a TTL policy that deletes it after 90 days.
 */
export const ALERT_EVENT_TYPES = [
  'created',
  'edited',
  'paused',
  'resumed',
  'fired',
  'rearmed',
  'notified',
  'held',
  'runaway_paused',
  'expired',
  'cancelled',
  'snoozed',
  'set_again',
] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];

export const NOTIFY_OUTCOMES = ['sent', 'failed', 'skipped'] as const;
export type NotifyOutcome = (typeof NOTIFY_OUTCOMES)[number];

export const alertEventSchema = z.object({
  type: z.enum(ALERT_EVENT_TYPES),
  /** When it happened, ms since the epoch (for a firing: the time of the price that fired it). */
  at: z.number(),
  /** 'fired': the price and the side it was judged on. */
  price: z.optional(z.number()),
  side: z.optional(z.enum(PRICE_SIDES)),
  /** 'fired': on the first prices after the market opened (a gap across the level). */
  atOpen: z.optional(z.literal(true)),
  /**
   * 'fired', a move alert: the move (per cent), the price it was measured from, when that was seen,
   * and the alert's read ('up:15') when it fired (absent from events recorded before it was kept).
   */
  move: z.optional(
    z.object({ percent: z.number(), from: z.number(), fromAt: z.number(), read: z.optional(z.enum(MOVE_READS)) }),
  ),
  /**
   * 'notified': the channel, what became of it, and for failed or skipped a reason a person understands.
   * 'cancelled' (the server cancelled it because firing it failed for good): that reason.
   */
  channel: z.optional(z.enum(SEND_CHANNELS)),
  outcome: z.optional(z.enum(NOTIFY_OUTCOMES)),
  reason: z.optional(z.string().check(z.maxLength(300))),
  /**
   * 'notified' by a quiet-hours digest: the wall time (HH:MM, in the user's zone) of the digest that
   * carried it. 'held' (with `channel`): the channel was held for quiet hours, or with `reason` (the
   * webhook's 'over the budget') until the account's webhook budget allowed it.
   */
  digest: z.optional(z.string().check(z.maxLength(5))),
  /**
   * Done from a notice (actions/): 'snoozed' (with `until`), 'paused' and 'set_again' (with
   * `newAlertId`, the alert it made) say where: the push, the email or the webhook's link.
   */
  via: z.optional(z.enum(ACTION_CHANNELS)),
  until: z.optional(z.number()),
  newAlertId: z.optional(z.string().check(z.maxLength(128))),
  /** Deleted by the TTL policy after this time. */
  expireAt: timestampLikeSchema,
});
export type AlertEvent = z.infer<typeof alertEventSchema>;
