import {
  COOLDOWN_MINUTES,
  DEFAULT_COOLDOWN_MINUTES,
  DEFAULT_REARM_PERCENT,
  DEFAULT_REPEAT,
  MAX_REARM_PERCENT,
  MIN_REARM_PERCENT,
  REPEAT_MODES,
  expiryMillis,
  type CooldownMinutes,
  type RepeatMode,
} from './alertModel.ts';
import {
  DEFAULT_MOVE_DIRECTION,
  DEFAULT_MOVE_LOOKBACK,
  DEFAULT_PRICE_SIDE,
  MAX_MOVE_PERCENT,
  MIN_MOVE_PERCENT,
  MOVE_DIRECTIONS,
  MOVE_LOOKBACK_MINUTES,
  NOTE_MAX_LENGTH,
  PRICE_SIDES,
  isCurrencyPair,
  type AlertType,
  type CurrencyPair,
  type PriceSide,
} from '../common/constants.ts';
import {
  MSG_ALERT_LIMIT,
  MSG_CHOOSE_NOTIFICATION,
  MSG_EXPIRY_IN_FUTURE,
  MSG_EXPIRY_TOO_FAR,
  MSG_FILL_ALL_FIELDS,
  MSG_INVALID_PRICE,
  MSG_LOGIN_REQUIRED,
  MSG_MOVE_PERCENT,
  MSG_NOTE_TOO_LONG,
  MSG_REARM_RANGE,
  MSG_REARM_UNDER_MOVE,
} from '../copy/messages.ts';
import { alertTypeSchema, type LevelAlert, type NotificationPreferences } from '../store/schemas.ts';
import type { Draft, MoveAlert } from '../store/appAlerts.ts';
import { isMoveAlertType, type MoveCondition, type MoveShape } from './moveRules.ts';

/** Creating an alert was refused because the account holds the most it may. */
export class AlertLimitError extends Error {
  constructor() {
    super(MSG_ALERT_LIMIT);
    this.name = 'AlertLimitError';
  }
}

/**
 * How far ahead an expiry may be. The rules refuse more than 400 days (a typo of a year); the
 * screens stop at a year, so the user sees why rather than the generic save failure.
 */
export const MAX_EXPIRY_MS = 365 * 24 * 60 * 60_000;

/** What fires a level alert: the spec's three types and a trigger price. */
export interface LevelCondition {
  alertType: AlertType;
  triggerPrice: number;
}

/** The fields every alert has, whatever fires it. */
export interface ValidAlertFields {
  currencyPair: CurrencyPair;
  priceSide: PriceSide;
  notificationPreferences: NotificationPreferences;
  /** Trimmed; absent when the user wrote none. */
  note?: string;
  /**
   * Present, with its cooldown and re-arm distance, only for an every-time alert: a once alert
   * is stored without them, as alerts were before repeating existed.
   */
  repeat?: RepeatMode;
  cooldownMinutes?: CooldownMinutes;
  rearmPercent?: number;
  /** Ms since the epoch; absent when the alert never expires. */
  expiresAt?: number;
}

/** A checked draft: its fields, and a level or a move (moveRules.ts) that fires it. */
export type ValidAlertInput = ValidAlertFields & (LevelCondition | MoveCondition);

export const isMoveInput = (input: ValidAlertInput): input is ValidAlertFields & MoveCondition =>
  isMoveAlertType(input.alertType);

export type DraftValidation = { ok: true; value: ValidAlertInput } | { ok: false; message: string };

const PLAIN_DECIMAL = /^\d+(\.\d+)?$|^\.\d+$/;

/** The rules store trigger prices below this (validPrice in firestore.rules); no pair comes near it. */
export const MAX_TRIGGER_PRICE = 1_000_000_000;

/** Parses the typed price: plain decimal notation only, so '1e3', '0x10' or '12abc' are refused. */
export function parseTriggerPrice(text: string): number | undefined {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value > 0 && value < MAX_TRIGGER_PRICE ? value : undefined;
}

/** Parses the typed re-arm distance like the price, then holds it to the range the rules accept. */
export function parseRearmPercent(text: string): number | undefined {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= MIN_REARM_PERCENT && value <= MAX_REARM_PERCENT ? value : undefined;
}

/**
 * Parses a typed offset of the level from the live price: a signed plain decimal above -100 (at
 * -100% or below the level would be zero or negative, which no price can be).
 */
export function parseLevelPercent(text: string): number | undefined {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const digits = trimmed.replace(/^[+-]/, '');
  if (!PLAIN_DECIMAL.test(digits)) return undefined;
  const value = sign * Number(digits);
  // Enough digits overflow to Infinity, which would fill the price field with 'Infinity'.
  return Number.isFinite(value) && value > -100 ? value : undefined;
}

/**
 * Parses the typed move threshold like the price (a trailing '%' allowed, and a decimal comma, as
 * a keyboard set to many languages types it), then holds it to the range the rules accept: 0, a
 * negative, more than 50 or not a number is refused.
 */
export function parseMovePercent(text: string): number | undefined {
  const trimmed = text
    .trim()
    .replace(/\s*%$/, '')
    .replace(/^(\d*),(\d+)$/, '$1.$2');
  if (!PLAIN_DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= MIN_MOVE_PERCENT && value <= MAX_MOVE_PERCENT ? value : undefined;
}

const oneOf = <T>(choices: readonly T[], value: unknown): value is T => choices.includes(value as T);

/** The repeat fields as stored: nothing for once, all three for every time; or the message refusing them. */
function repeatFields(draft: Draft): Pick<ValidAlertInput, 'repeat' | 'cooldownMinutes' | 'rearmPercent'> | string {
  if (!oneOf(REPEAT_MODES, draft.repeat)) return MSG_FILL_ALL_FIELDS;
  if (draft.repeat === 'once') return {};
  if (!oneOf(COOLDOWN_MINUTES, draft.cooldownMinutes)) return MSG_FILL_ALL_FIELDS;
  const rearmPercent = parseRearmPercent(draft.rearmPercent);
  if (rearmPercent === undefined) return MSG_REARM_RANGE;
  return { repeat: 'every', cooldownMinutes: draft.cooldownMinutes, rearmPercent };
}

/** The expiry as stored (absent for never), or the message refusing it. */
function expiryField(draft: Draft, now: Date): Pick<ValidAlertInput, 'expiresAt'> | string {
  const stored = draft.storedExpiresAt;
  if (draft.expiry === 'date' && stored !== undefined && draft.expiryDate === localDateTimeValue(stored)) {
    return { expiresAt: stored };
  }
  const expiresAt = expiryMillis(draft.expiry, now, draft.expiryDate);
  if (expiresAt === undefined) return {};
  if (!Number.isFinite(expiresAt) || expiresAt <= now.getTime()) return MSG_EXPIRY_IN_FUTURE;
  if (expiresAt > now.getTime() + MAX_EXPIRY_MS) return MSG_EXPIRY_TOO_FAR;
  return { expiresAt };
}

/** The level or move the draft asks for, or the message refusing it (its fields are filled). */
function conditionOf(draft: Draft): LevelCondition | MoveCondition | string {
  const type = draft.alertType;
  if (isMoveAlertType(type)) {
    const movePercent = parseMovePercent(draft.movePercent);
    if (movePercent === undefined) return MSG_MOVE_PERCENT;
    if (type === 'Change on the day') {
      return oneOf(MOVE_DIRECTIONS, draft.direction)
        ? { alertType: type, movePercent, direction: draft.direction }
        : MSG_FILL_ALL_FIELDS;
    }
    return oneOf(MOVE_LOOKBACK_MINUTES, draft.lookbackMinutes)
      ? { alertType: type, movePercent, lookbackMinutes: draft.lookbackMinutes }
      : MSG_FILL_ALL_FIELDS;
  }
  const triggerPrice = parseTriggerPrice(draft.triggerPrice);
  if (triggerPrice === undefined) return MSG_INVALID_PRICE;
  if (!alertTypeSchema.safeParse(type).success) return MSG_FILL_ALL_FIELDS;
  return { alertType: type as AlertType, triggerPrice };
}

/**
 * The move a draft of a move type asks for so far, for the live panel and the warning: its shape,
 * and its threshold once the field holds a valid one. Null for a level type or none.
 */
export function draftMove(draft: Draft): (MoveShape & { movePercent?: number }) | null {
  const type = draft.alertType;
  if (!isMoveAlertType(type)) return null;
  const movePercent = parseMovePercent(draft.movePercent);
  const shape: MoveShape =
    type === 'Change on the day'
      ? { alertType: type, direction: draft.direction }
      : { alertType: type, lookbackMinutes: draft.lookbackMinutes };
  return movePercent === undefined ? shape : { ...shape, movePercent };
}

/** The field a move type fills instead of the trigger price. */
export const amountOf = (draft: Draft): string =>
  isMoveAlertType(draft.alertType) ? draft.movePercent : draft.triggerPrice;

/**
 * The create and edit screens' checks: first those the spec lists, in its order, then the alert
 * model's (side, repeat, expiry). A move type's threshold stands where the spec has the trigger
 * price. `now` is when the expiry is judged from (a parameter for tests).
 */
export function validateDraft(draft: Draft, signedIn: boolean, now: Date = new Date()): DraftValidation {
  if (!signedIn) return { ok: false, message: MSG_LOGIN_REQUIRED };
  if (!draft.currencyPair || !draft.alertType || amountOf(draft).trim() === '') {
    return { ok: false, message: MSG_FILL_ALL_FIELDS };
  }
  const { email, push, telegram, discord } = draft.notificationPreferences;
  if (!email && !push && !telegram && !discord) return { ok: false, message: MSG_CHOOSE_NOTIFICATION };
  const condition = conditionOf(draft);
  if (typeof condition === 'string') return { ok: false, message: condition };
  if (!isCurrencyPair(draft.currencyPair)) return { ok: false, message: MSG_FILL_ALL_FIELDS };
  const note = draft.note.trim();
  if (note.length > NOTE_MAX_LENGTH) return { ok: false, message: MSG_NOTE_TOO_LONG };
  if (!oneOf(PRICE_SIDES, draft.priceSide)) return { ok: false, message: MSG_FILL_ALL_FIELDS };
  const repeat = repeatFields(draft);
  if (typeof repeat === 'string') return { ok: false, message: repeat };
  // A move re-arms once it falls back by the distance, in points: at or past zero it never would.
  if ('movePercent' in condition && repeat.rearmPercent !== undefined && repeat.rearmPercent >= condition.movePercent)
    return { ok: false, message: MSG_REARM_UNDER_MOVE };
  const expiry = expiryField(draft, now);
  if (typeof expiry === 'string') return { ok: false, message: expiry };
  return {
    ok: true,
    value: {
      currencyPair: draft.currencyPair,
      ...condition,
      priceSide: draft.priceSide,
      // Telegram and Discord are stored only when chosen, so an alert that uses neither reads as the spec's.
      notificationPreferences: { email, push, ...(telegram ? { telegram } : {}), ...(discord ? { discord } : {}) },
      ...(note ? { note } : {}),
      ...repeat,
      ...expiry,
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a datetime-local input holds it: the device's local time, to the minute. */
export function localDateTimeValue(at: Date | number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The edit screen's draft of a stored alert: every field as the form holds it, a missing one as
 * its default. A stored expiry reads as 'On a date' with that time (to the minute, as the input
 * shows it), so saving unchanged keeps it within the same minute.
 */
export function draftFromAlert(alert: LevelAlert | MoveAlert): Draft {
  const move = 'movePercent' in alert;
  return {
    currencyPair: alert.currencyPair,
    alertType: alert.alertType,
    triggerPrice: move ? '' : String(alert.triggerPrice),
    movePercent: move ? String(alert.movePercent) : '',
    lookbackMinutes: (move && alert.lookbackMinutes) || DEFAULT_MOVE_LOOKBACK,
    direction: (move && alert.direction) || DEFAULT_MOVE_DIRECTION,
    status: 'active',
    notificationPreferences: { ...alert.notificationPreferences },
    note: alert.note ?? '',
    priceSide: alert.priceSide ?? DEFAULT_PRICE_SIDE,
    repeat: alert.repeat ?? DEFAULT_REPEAT,
    cooldownMinutes: alert.cooldownMinutes ?? DEFAULT_COOLDOWN_MINUTES,
    rearmPercent: String(alert.rearmPercent ?? DEFAULT_REARM_PERCENT),
    expiry: alert.expiresAt === undefined ? 'never' : 'date',
    expiryDate: alert.expiresAt === undefined ? '' : localDateTimeValue(alert.expiresAt),
    ...(alert.expiresAt !== undefined ? { storedExpiresAt: alert.expiresAt } : {}),
  };
}
