import { NOTE_MAX_LENGTH, isCurrencyPair, type AlertType, type CurrencyPair } from './constants.ts';
import {
  MSG_ALERT_LIMIT,
  MSG_CHOOSE_NOTIFICATION,
  MSG_FILL_ALL_FIELDS,
  MSG_INVALID_PRICE,
  MSG_LOGIN_REQUIRED,
  MSG_NOTE_TOO_LONG,
} from './messages.ts';
import { alertTypeSchema, type Draft, type NotificationPreferences } from './schemas.ts';

/** Creating an alert was refused because the account holds the most it may. */
export class AlertLimitError extends Error {
  constructor() {
    super(MSG_ALERT_LIMIT);
    this.name = 'AlertLimitError';
  }
}

export interface ValidAlertInput {
  currencyPair: CurrencyPair;
  alertType: AlertType;
  triggerPrice: number;
  notificationPreferences: NotificationPreferences;
  /** Trimmed; absent when the user wrote none. */
  note?: string;
}

export type DraftValidation = { ok: true; value: ValidAlertInput } | { ok: false; message: string };

/** Parses the typed price: plain decimal notation only, so '1e3', '0x10' or '12abc' are refused. */
export function parseTriggerPrice(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The create and edit screens' checks, in the order the spec lists them. */
export function validateDraft(draft: Draft, signedIn: boolean): DraftValidation {
  if (!signedIn) return { ok: false, message: MSG_LOGIN_REQUIRED };
  if (!draft.currencyPair || !draft.alertType || draft.triggerPrice.trim() === '') {
    return { ok: false, message: MSG_FILL_ALL_FIELDS };
  }
  const { email, push } = draft.notificationPreferences;
  if (!email && !push) return { ok: false, message: MSG_CHOOSE_NOTIFICATION };
  const triggerPrice = parseTriggerPrice(draft.triggerPrice);
  if (triggerPrice === undefined) return { ok: false, message: MSG_INVALID_PRICE };
  if (!isCurrencyPair(draft.currencyPair) || !alertTypeSchema.safeParse(draft.alertType).success) {
    return { ok: false, message: MSG_FILL_ALL_FIELDS };
  }
  const note = draft.note.trim();
  if (note.length > NOTE_MAX_LENGTH) return { ok: false, message: MSG_NOTE_TOO_LONG };
  return {
    ok: true,
    value: {
      currencyPair: draft.currencyPair,
      alertType: draft.alertType,
      triggerPrice,
      notificationPreferences: { email, push },
      ...(note ? { note } : {}),
    },
  };
}
