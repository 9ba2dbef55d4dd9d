import { z } from '../common/zod.ts';
import { quietHoursSchema } from '../notify/quietHours.ts';
import { webhookSettingsSchema } from '../notify/webhooks.ts';
import { discordProfileSchema, telegramProfileSchema } from '../notify/chatChannels.ts';
import { profileTimeZoneSchema } from '../common/timeZones.ts';
import {
  ALERT_STATUSES,
  ALERT_TYPES,
  AVATAR_IDS,
  CURRENCY_PAIRS,
  MAX_ALERTS_PER_ACCOUNT,
  MAX_MOVE_PERCENT,
  MIN_MOVE_PERCENT,
  MOVE_ALERT_TYPES,
  MOVE_DIRECTIONS,
  MOVE_LOOKBACK_MINUTES,
  MOVE_READS,
  MOVE_REFERENCES,
  NOTE_MAX_LENGTH,
  PRICE_SIDES,
  type MoveAlertType,
  type MoveDirection,
} from '../common/constants.ts';
import { COOLDOWN_MINUTES, MAX_REARM_PERCENT, MIN_REARM_PERCENT, REPEAT_MODES } from '../alerts/alertModel.ts';

/**
 * A stored timestamp as either SDK hands it over (Timestamp with toDate, or its plain
 * {seconds, nanoseconds} form), or a Date / date string once it has travelled through the UI.
 */
export const timestampLikeSchema = z.union([
  // First, so a Timestamp passes through as itself rather than being copied into a plain object.
  z.custom<{ toDate(): Date }>(
    (v) => typeof v === 'object' && v !== null && typeof (v as { toDate?: unknown }).toDate === 'function',
    { message: 'Expected a timestamp' },
  ),
  z.date(),
  z.string(),
  z.object({ seconds: z.number(), nanoseconds: z.number() }),
]);
export type TimestampLike = z.infer<typeof timestampLikeSchema>;

export const currencyPairSchema = z.enum(CURRENCY_PAIRS);
export const alertTypeSchema = z.enum(ALERT_TYPES);
export const alertStatusSchema = z.enum(ALERT_STATUSES);

/** Email and push are the spec's; Telegram and Discord are off unless chosen (absent reads as false). */
export const notificationPreferencesSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  telegram: z.optional(z.boolean()),
  discord: z.optional(z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const triggerPriceSchema = z.number().check(z.positive());

/** The read a move alert is found by: 'up:15' for 'Moving up %' in 15 min, 'down:day' for a fall on the day. */
export function moveReadOf(a: {
  alertType: MoveAlertType;
  lookbackMinutes?: number | undefined;
  direction?: MoveDirection | undefined;
}): string {
  if (a.alertType === 'Change on the day') return `${a.direction ?? ''}:day`;
  return `${a.alertType === 'Moving up %' ? 'up' : 'down'}:${a.lookbackMinutes ?? ''}`;
}

/** What every alert document holds, whatever its type. */
export const alertBaseShape = {
  userId: z.string().check(z.minLength(1)),
  currencyPair: currencyPairSchema,
  /** Absent on alerts stored before sides existed: read as ask. */
  priceSide: z.optional(z.enum(PRICE_SIDES)),
  status: alertStatusSchema,
  notificationPreferences: notificationPreferencesSchema,
  /** The user's own text (absent when none): escaped wherever it is shown. */
  note: z.optional(z.string().check(z.maxLength(NOTE_MAX_LENGTH))),
  // A pending server timestamp reads as null until the server confirms the write.
  createdAt: z.optional(z.nullable(timestampLikeSchema)),
  /** Server time of the last pause, resume or edit: a resumed alert is judged on prices from then on. */
  updatedAt: z.optional(z.nullable(timestampLikeSchema)),
  triggeredAt: z.optional(z.nullable(timestampLikeSchema)),
  triggeredPrice: z.optional(z.number()),
  /** 'every': stays active after firing, under the re-arm distance, cooldown and runaway guard. Absent: once. */
  repeat: z.optional(z.enum(REPEAT_MODES)),
  cooldownMinutes: z.optional(z.literal(COOLDOWN_MINUTES)),
  /** Re-arm distance in percent of the trigger price (every-time alerts; absent: DEFAULT_REARM_PERCENT). */
  rearmPercent: z.optional(z.number().check(z.gte(MIN_REARM_PERCENT), z.lte(MAX_REARM_PERCENT))),
  /** When the alert ends if it has not fired (ms since the epoch); absent: never. */
  expiresAt: z.optional(z.number()),
  /**
   * Whether the evaluators' firing query may read it. Written true on create and edit; the server
   * sets it false when an every-time alert fires, and true again once it re-arms.
   */
  armed: z.optional(z.boolean()),
  /** Server only, while disarmed: the price that re-arms it (at or below, at or above). */
  rearmBelow: z.optional(z.number()),
  rearmAbove: z.optional(z.number()),
  /** Server only: re-armed by the price during its cooldown; armed for good at this time (ms). */
  armAt: z.optional(z.number()),
  /** Server only: judged on prices after this (ms): the re-arming price, or a millisecond before the cooldown's end. */
  armedAt: z.optional(z.number()),
  /** Server only, every-time alerts: how many times it fired, the last firing, and recent firing times (ms). */
  fireCount: z.optional(z.int().check(z.gte(0))),
  lastFiredAt: z.optional(z.number()),
  lastFiredPrice: z.optional(z.number()),
  recentFirings: z.optional(z.array(z.number())),
  /**
   * Server only: why the server paused it, cleared when the user resumes it: the runaway guard, or
   * a snooze from the push or the email (actions/), which ends by itself at `snoozedUntil`.
   */
  pauseReason: z.optional(z.enum(['runaway', 'snoozed'])),
  /** Server only, with pauseReason 'snoozed': when the snooze ends and the alert carries on (ms). */
  snoozedUntil: z.optional(z.number()),
  /**
   * Server only: when the server made it active again (a snooze's end, ms). Like the user's resume
   * (updatedAt), only prices from then on fire it (crossing.ts alertSince).
   */
  resumedAt: z.optional(z.number()),
  /** Server only, once it was set again from a notice: the alert that made (one per firing, whatever the taps). */
  setAgain: z.optional(z.string()),
  /** Server only: why the server cancelled the alert ('error': firing it failed for good; 'expired'). */
  cancelReason: z.optional(z.enum(['error', 'expired'])),
  /** Server only: the permanent failure that cancelled it, recorded once. */
  failure: z.optional(z.object({ message: z.string(), at: timestampLikeSchema })),
};

/** The alert document as stored (the id is the document id, added when read): the spec's level alerts. */
export const alertDocumentSchema = z.object({
  ...alertBaseShape,
  alertType: alertTypeSchema,
  triggerPrice: triggerPriceSchema,
});
export type AlertDocument = z.infer<typeof alertDocumentSchema>;

/** A move threshold: at least MIN_MOVE_PERCENT and at most MAX_MOVE_PERCENT per cent. */
export const movePercentSchema = z.number().check(z.gte(MIN_MOVE_PERCENT), z.lte(MAX_MOVE_PERCENT));

/**
 * A move alert as stored (alerts/moveRules.ts): no trigger price, but the threshold in per cent,
 * the lookback of the moving types and the direction of 'Change on the day'. The re-arm fields of
 * a level (rearmBelow, rearmAbove) are not used: a fired every-time move alert waits for its move
 * to fall back to `rearmMoveAt`.
 */
export const moveAlertDocumentSchema = z
  .object({
    ...alertBaseShape,
    alertType: z.enum(MOVE_ALERT_TYPES),
    movePercent: movePercentSchema,
    lookbackMinutes: z.optional(z.literal(MOVE_LOOKBACK_MINUTES)),
    direction: z.optional(z.enum(MOVE_DIRECTIONS)),
    /**
     * The evaluator's read it is found by ('up:15', 'down:day'): its direction and its lookback or
     * 'day', in one field so each read is one query on one index. Must agree with the fields above.
     */
    moveRead: z.enum(MOVE_READS),
    /** Server only, while disarmed: the move (per cent) at or under which it re-arms. */
    rearmMoveAt: z.optional(z.number()),
    /**
     * Server only: the move that fired it last (per cent), the price it was measured from and when
     * that was seen, for the row, the details and the history.
     */
    firedMove: z.optional(
      z.object({ percent: z.number(), from: z.number(), fromAt: z.number(), read: z.optional(z.enum(MOVE_READS)) }),
    ),
  })
  .check(
    z.refine(
      (a) => (a.alertType === 'Change on the day') === (a.direction !== undefined),
      'direction is for Change on the day alone, and it needs one',
    ),
    z.refine(
      (a) => (a.alertType === 'Change on the day') === (a.lookbackMinutes === undefined),
      'a lookback is for Moving up % and Moving down % alone, and they need one',
    ),
    z.refine((a) => a.moveRead === moveReadOf(a), 'moveRead must name the direction and the lookback or day'),
  );
export type MoveAlertDocument = z.infer<typeof moveAlertDocumentSchema>;

/** Any alert as stored: a level alert (the spec's three types) or a move alert. */
export const anyAlertDocumentSchema = z.union([alertDocumentSchema, moveAlertDocumentSchema]);
export type AnyAlertDocument = AlertDocument | MoveAlertDocument;

export const isMoveAlertDocument = (doc: AnyAlertDocument): doc is MoveAlertDocument => 'movePercent' in doc;

/** A level alert as listed, with its document id (the app's alerts of every type: appAlerts.ts). */
export const alertSchema = z.extend(alertDocumentSchema, { id: z.string().check(z.minLength(1)) });
export type LevelAlert = z.infer<typeof alertSchema>;

/**
 * users/{uid}/counters/alerts: how many alerts the account holds. Written only in the same batch as
 * an alert's create (+1) or delete (-1), naming that alert, so the rules can cap the count.
 */
export const alertCounterSchema = z.object({
  count: z.int().check(z.gte(0)),
  lastAlertId: z.string(),
});
export type AlertCounter = z.infer<typeof alertCounterSchema>;

/** Whether an account holding `count` alerts may create another. */
export function canCreateAlert(count: number): boolean {
  return count < MAX_ALERTS_PER_ACCOUNT;
}

export const FULL_NAME_MAX_LENGTH = 80;

export const profileSchema = z.object({
  fullName: z.optional(z.string().check(z.maxLength(FULL_NAME_MAX_LENGTH))),
  email: z.optional(z.string()),
  avatarUrl: z.optional(z.string()),
  avatarId: z.optional(
    z.int().check(z.refine((n) => (AVATAR_IDS as readonly number[]).includes(n), 'avatarId must be 1 to 6')),
  ),
  hasSetAvatar: z.optional(z.boolean()),
  pwaPromptDismissed: z.optional(z.boolean()),
  // Only an explicit false turns automatic push registration off (the spec's word on this profile field).
  notificationsEnabled: z.optional(z.boolean()),
  /**
   * Absent: off (see quietHours.ts for the defaults the settings screen starts from). Settings this
   * runtime cannot honour (a zone its Intl does not know yet) read as absent rather than spoil the
   * whole profile; the server then holds nothing and the screen offers the defaults again.
   */
  quietHours: z.catch(z.optional(quietHoursSchema), undefined),
  /**
   * The user's IANA zone, the device's they last signed in on: emails and pushes tell times in it
   * (timeZones.ts). One this runtime does not know reads as absent, like quiet hours above.
   */
  timeZone: profileTimeZoneSchema,
  /** The user's webhook (notify/webhooks.ts): written by the functions only, read here to show it. */
  webhook: z.catch(z.optional(webhookSettingsSchema), undefined),
  /** The linked Telegram chat, or why it was unlinked (notify/chatChannels.ts): the functions write it. */
  telegram: z.catch(z.optional(telegramProfileSchema), undefined),
  /** The Discord webhook's id, or why it was removed (notify/chatChannels.ts): the functions write it. */
  discord: z.catch(z.optional(discordProfileSchema), undefined),
});
export type Profile = z.infer<typeof profileSchema>;

export const livePriceSchema = z.object({
  ask: z.number(),
  bid: z.number(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
});
export type LivePrice = z.infer<typeof livePriceSchema>;

/** users/{uid}/pushTokens/{tokenId}: one per device; the id is derived from the token. */
export const pushTokenSchema = z.object({
  token: z.string().check(z.minLength(10), z.maxLength(4096)),
  updatedAt: z.optional(z.nullable(timestampLikeSchema)),
  userAgent: z.optional(z.string().check(z.maxLength(512))),
});
export type PushToken = z.infer<typeof pushTokenSchema>;

/**
 * pushDevices/{uid}: the ids of the user's push tokens in one document, server only, so that the
 * sender reads a page of users' devices in two calls (these, then the token documents they name)
 * instead of a query per user. Written by the registration's transaction; an id whose token was
 * deleted since is found missing and skipped.
 */
export const pushDevicesSchema = z.object({
  tokenIds: z.array(z.string().check(z.minLength(1))),
  updatedAt: z.optional(z.nullable(timestampLikeSchema)),
});
export type PushDevices = z.infer<typeof pushDevicesSchema>;

/** Where a side's latest price stands for moves: each lookback's low and high and when they were seen, and the day's open. */
const latestMovesSchema = z.partialRecord(
  z.enum(MOVE_REFERENCES),
  z.object({
    low: z.number().check(z.positive()),
    lowAt: z.number(),
    high: z.number().check(z.positive()),
    highAt: z.number(),
  }),
);

/**
 * prices/{symbol}: the latest price per pair, written by the ingest service, with where it stands
 * for moves (absent from services older than move alerts), so the scheduled check can judge a move
 * alert a lost message missed while its move is still there.
 */
export const priceDocumentSchema = z.extend(livePriceSchema, {
  pair: currencyPairSchema,
  moves: z.optional(
    z.object({
      ask: z.optional(latestMovesSchema),
      bid: z.optional(latestMovesSchema),
      mid: z.optional(latestMovesSchema),
    }),
  ),
});
export type PriceDocument = z.infer<typeof priceDocumentSchema>;
