/**
 * Alerts as the app reads and edits them. A list holds every alert document with its id: a level
 * alert (the spec's three types), a move alert, or one of a type this version does not know, which
 * is still listed by its type's words rather than left out (a newer version may have stored it).
 */
import { z } from '../common/zod.ts';
import { ANY_ALERT_TYPES, MOVE_DIRECTIONS, MOVE_LOOKBACK_MINUTES, PRICE_SIDES } from '../common/constants.ts';
import { COOLDOWN_MINUTES, EXPIRY_CHOICES, REPEAT_MODES } from '../alerts/alertModel.ts';
import {
  alertBaseShape,
  anyAlertDocumentSchema,
  currencyPairSchema,
  notificationPreferencesSchema,
  type AnyAlertDocument,
  type LevelAlert,
  type MoveAlertDocument,
} from './schemas.ts';

const known = (type: string) => (ANY_ALERT_TYPES as readonly string[]).includes(type);

/** An alert of a type this version does not know: its common fields, and its type as words to show. */
export const otherAlertDocumentSchema = z.object({
  ...alertBaseShape,
  alertType: z.string().check(
    z.minLength(1),
    z.maxLength(80),
    z.refine((type) => !known(type), 'a known type must be a valid alert of that type'),
  ),
});
export type OtherAlertDocument = z.infer<typeof otherAlertDocumentSchema>;

/** What the app reads from an alert document: a level or a move alert as stored, else one of a type it does not know. */
export const appAlertDocumentSchema = z.union([anyAlertDocumentSchema, otherAlertDocumentSchema]);
export type AppAlertDocument = AnyAlertDocument | OtherAlertDocument;

export type MoveAlert = MoveAlertDocument & { id: string };
export type OtherAlert = OtherAlertDocument & { id: string };
/** An alert as listed, with its document id. */
export type Alert = LevelAlert | MoveAlert | OtherAlert;

/**
 * The create and edit screens' draft: the trigger price and the move threshold are the text typed.
 * A level type uses the trigger price; a move type the threshold, with the lookback of the moving
 * types or the direction of 'Change on the day'. Each keeps its own field, so switching the type
 * back and forth loses nothing typed.
 */
export const draftSchema = z.object({
  currencyPair: z.union([currencyPairSchema, z.literal('')]),
  alertType: z.union([z.enum(ANY_ALERT_TYPES), z.literal('')]),
  triggerPrice: z.string(),
  /** As typed, in per cent. */
  movePercent: z.string(),
  lookbackMinutes: z.literal(MOVE_LOOKBACK_MINUTES),
  direction: z.enum(MOVE_DIRECTIONS),
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
  storedExpiresAt: z.optional(z.number()),
});
export type Draft = z.infer<typeof draftSchema>;
