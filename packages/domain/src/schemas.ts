import { z } from 'zod';
import { quietHoursSchema } from './quietHours.ts';
import { profileTimeZoneSchema } from './timeZones.ts';
import {
  ALERT_STATUSES,
  ALERT_TYPES,
  AVATAR_IDS,
  CURRENCY_PAIRS,
  MAX_ALERTS_PER_ACCOUNT,
  NOTE_MAX_LENGTH,
  PRICE_SIDES,
} from './constants.ts';
import { COOLDOWN_MINUTES, EXPIRY_CHOICES, MAX_REARM_PERCENT, MIN_REARM_PERCENT, REPEAT_MODES } from './alertModel.ts';

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

export const notificationPreferencesSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const triggerPriceSchema = z.number().finite().positive();

/** The alert document as stored (the id is the document id, added when read). */
export const alertDocumentSchema = z.object({
  userId: z.string().min(1),
  currencyPair: currencyPairSchema,
  alertType: alertTypeSchema,
  triggerPrice: triggerPriceSchema,
  /** Absent on alerts stored before sides existed: read as ask. */
  priceSide: z.enum(PRICE_SIDES).optional(),
  status: alertStatusSchema,
  notificationPreferences: notificationPreferencesSchema,
  /** The user's own text (absent when none): escaped wherever it is shown. */
  note: z.string().max(NOTE_MAX_LENGTH).optional(),
  // A pending server timestamp reads as null until the server confirms the write.
  createdAt: timestampLikeSchema.nullable().optional(),
  /** Server time of the last pause, resume or edit: a resumed alert is judged on prices from then on. */
  updatedAt: timestampLikeSchema.nullable().optional(),
  triggeredAt: timestampLikeSchema.nullable().optional(),
  triggeredPrice: z.number().finite().optional(),
  /** 'every': stays active after firing, under the re-arm distance, cooldown and runaway guard. Absent: once. */
  repeat: z.enum(REPEAT_MODES).optional(),
  cooldownMinutes: z.literal(COOLDOWN_MINUTES).optional(),
  /** Re-arm distance in percent of the trigger price (every-time alerts; absent: DEFAULT_REARM_PERCENT). */
  rearmPercent: z.number().min(MIN_REARM_PERCENT).max(MAX_REARM_PERCENT).optional(),
  /** When the alert ends if it has not fired (ms since the epoch); absent: never. */
  expiresAt: z.number().optional(),
  /**
   * Whether the evaluators' firing query may read it. Written true on create and edit; the server
   * sets it false when an every-time alert fires, and true again once it re-arms.
   */
  armed: z.boolean().optional(),
  /** Server only, while disarmed: the price that re-arms it (at or below, at or above). */
  rearmBelow: z.number().optional(),
  rearmAbove: z.number().optional(),
  /** Server only: re-armed by the price during its cooldown; armed for good at this time (ms). */
  armAt: z.number().optional(),
  /** Server only: when it last re-armed (ms); it is judged on prices from then on. */
  armedAt: z.number().optional(),
  /** Server only, every-time alerts: how many times it fired, the last firing, and recent firing times (ms). */
  fireCount: z.number().int().min(0).optional(),
  lastFiredAt: z.number().optional(),
  lastFiredPrice: z.number().finite().optional(),
  recentFirings: z.array(z.number()).optional(),
  /** Server only: the runaway guard paused it (cleared when the user resumes it). */
  pauseReason: z.enum(['runaway']).optional(),
  /** Server only: why the server cancelled the alert ('error': firing it failed for good; 'expired'). */
  cancelReason: z.enum(['error', 'expired']).optional(),
  /** Server only: the permanent failure that cancelled it, recorded once. */
  failure: z.object({ message: z.string(), at: timestampLikeSchema }).optional(),
});
export type AlertDocument = z.infer<typeof alertDocumentSchema>;

export const alertSchema = alertDocumentSchema.extend({ id: z.string().min(1) });
export type Alert = z.infer<typeof alertSchema>;

/**
 * users/{uid}/counters/alerts: how many alerts the account holds. Written only in the same batch as
 * an alert's create (+1) or delete (-1), naming that alert, so the rules can cap the count.
 */
export const alertCounterSchema = z.object({
  count: z.number().int().min(0),
  lastAlertId: z.string(),
});
export type AlertCounter = z.infer<typeof alertCounterSchema>;

/** Whether an account holding `count` alerts may create another. */
export function canCreateAlert(count: number): boolean {
  return count < MAX_ALERTS_PER_ACCOUNT;
}

export const FULL_NAME_MAX_LENGTH = 80;

export const profileSchema = z.object({
  fullName: z.string().max(FULL_NAME_MAX_LENGTH).optional(),
  email: z.string().optional(),
  avatarUrl: z.string().optional(),
  avatarId: z
    .number()
    .int()
    .refine((n) => (AVATAR_IDS as readonly number[]).includes(n), 'avatarId must be 1 to 6')
    .optional(),
  hasSetAvatar: z.boolean().optional(),
  pwaPromptDismissed: z.boolean().optional(),
  // Only an explicit false turns automatic push registration off (spec section 3).
  notificationsEnabled: z.boolean().optional(),
  /**
   * Absent: off (see quietHours.ts for the defaults the settings screen starts from). Settings this
   * runtime cannot honour (a zone its Intl does not know yet) read as absent rather than spoil the
   * whole profile; the server then holds nothing and the screen offers the defaults again.
   */
  quietHours: quietHoursSchema.optional().catch(undefined),
  /**
   * The user's IANA zone, the device's they last signed in on: emails and pushes tell times in it
   * (timeZones.ts). One this runtime does not know reads as absent, like quiet hours above.
   */
  timeZone: profileTimeZoneSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** The new-alert draft the create screen edits; the trigger price is still the text typed. */
export const draftSchema = z.object({
  currencyPair: z.union([currencyPairSchema, z.literal('')]),
  alertType: z.union([alertTypeSchema, z.literal('')]),
  triggerPrice: z.string(),
  status: z.literal('active'),
  notificationPreferences: notificationPreferencesSchema,
  note: z.string(),
  priceSide: z.enum(PRICE_SIDES),
  repeat: z.enum(REPEAT_MODES),
  cooldownMinutes: z.literal(COOLDOWN_MINUTES),
  /** As typed, in percent. */
  rearmPercent: z.string(),
  expiry: z.enum(EXPIRY_CHOICES),
  /** A datetime-local value, used when expiry is 'date'; when editing, the stored expiry as one. */
  expiryDate: z.string(),
  /**
   * When editing: the stored expiry (ms). The input holds it to the minute only, so while the date is
   * left as loaded the stored time is kept exactly, even when it is already due.
   */
  storedExpiresAt: z.number().optional(),
});
export type Draft = z.infer<typeof draftSchema>;

export const livePriceSchema = z.object({
  ask: z.number().finite(),
  bid: z.number().finite(),
  /** Milliseconds since the epoch. */
  timestamp: z.number().finite(),
});
export type LivePrice = z.infer<typeof livePriceSchema>;

/** users/{uid}/pushTokens/{tokenId}: one per device; the id is derived from the token. */
export const pushTokenSchema = z.object({
  token: z.string().min(10).max(4096),
  updatedAt: timestampLikeSchema.nullable().optional(),
  userAgent: z.string().max(512).optional(),
});
export type PushToken = z.infer<typeof pushTokenSchema>;

/** prices/{symbol}: the latest price per pair, written by the ingest service. */
export const priceDocumentSchema = livePriceSchema.extend({ pair: currencyPairSchema });
export type PriceDocument = z.infer<typeof priceDocumentSchema>;
