import { isCurrencyPair, type AlertType, type CurrencyPair } from './constants.ts';
import { alertTypeSchema, type Draft, type NotificationPreferences } from './schemas.ts';

export const MSG_LOGIN_REQUIRED = 'Please log in to create alerts.';
export const MSG_FILL_ALL_FIELDS = 'Fill all fields';
export const MSG_CHOOSE_NOTIFICATION = 'Choose at least one notification type';
/** The spec shows no bound; the store accepts only a finite price above zero, so say so up front. */
export const MSG_INVALID_PRICE = 'Enter a trigger price greater than 0';
/** Shown when the account already holds MAX_ALERTS_PER_ACCOUNT alerts (issue 11). */
export const MSG_ALERT_LIMIT = 'You have reached the limit of 200 alerts. Delete some to add more.';

/** The details of an alert the server cancelled because firing it failed for good (not a spec text). */
export const MSG_ALERT_FIRE_FAILED =
  'This alert could not be fired and was cancelled. Create it again to keep watching.';

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
  return {
    ok: true,
    value: {
      currencyPair: draft.currencyPair,
      alertType: draft.alertType,
      triggerPrice,
      notificationPreferences: { email, push },
    },
  };
}
