/**
 * The messages the app tells a person in toasts and form errors, in one place: the spec's
 * error catalogue and validation texts, word for word and tested against the spec, and beside
 * them, marked, the product's own where the spec shows no wording. Labels and screen texts stay
 * with their screens.
 */
import { MAX_REARM_PERCENT, MIN_REARM_PERCENT } from '../alerts/alertModel.ts';
import { MAX_MOVE_PERCENT, MIN_MOVE_PERCENT, NOTE_MAX_LENGTH } from '../common/constants.ts';

/** Toasts of the product's error catalogue, word for word. */
export const TOAST = {
  activeAlertsFailed: 'Could not fetch active alerts in real-time.',
  previousAlertsFailed: 'Could not fetch previous alerts in real-time.',
  deleteFailed: 'Failed to delete alert. Please try again.',
  statusFailed: 'Failed to update alert status. Please try again.',
  createFailed: 'Error creating alert. Please try again.',
  websocketError: (error: string) => `WebSocket Error: ${error}`,
  websocketConnection: 'WebSocket connection error.',
  logoutError: (message: string) => `Logout Error: ${message}`,
  deleted: 'Alert deleted successfully!',
  paused: 'Alert paused successfully!',
  resumed: 'Alert resumed successfully!',
  created: 'Alert created successfully!',
  loggedOut: 'Logged out successfully!',
  // The product's own: the spec shows no wording for editing an alert.
  updated: 'Alert updated successfully!',
  updateFailed: 'Failed to update alert. Please try again.',
} as const;

/** The spec's validation texts, then the product's own. */
export const MSG_LOGIN_REQUIRED = 'Please log in to create alerts.';
export const MSG_FILL_ALL_FIELDS = 'Fill all fields';
export const MSG_CHOOSE_NOTIFICATION = 'Choose at least one notification type';
export const MSG_ALERT_MISSING = 'Alert information is missing.';
export const MSG_EDIT_MISSING = 'Alert information is missing for editing.';
/** The spec shows no bound; the store accepts only a finite price above zero, so say so up front. */
export const MSG_INVALID_PRICE = 'Enter a trigger price greater than 0';
/** Shown when the account already holds MAX_ALERTS_PER_ACCOUNT alerts. */
export const MSG_ALERT_LIMIT = 'You have reached the limit of 200 alerts. Delete some to add more.';
/** The details of an alert the server cancelled because firing it failed for good. */
export const MSG_ALERT_FIRE_FAILED =
  'This alert could not be fired and was cancelled. Create it again to keep watching.';

/** The note is longer than an alert keeps (the product's own). */
export const MSG_NOTE_TOO_LONG = `Keep the note to ${NOTE_MAX_LENGTH} characters.`;

/** Before saving, judged on the live price (the product's own). */
export const MSG_FIRES_AT_ONCE = (where: 'above' | 'below' | 'at', level: string) =>
  `The price is already ${where} ${level}: this alert will fire at the next price.`;
export const MSG_FAR_FROM_MARKET = (percent: number) =>
  `This level is ${percent}% away from the market price. Check it before saving.`;

/** A setting could not be saved (the product's own). */
export const MSG_SAVE_CHOICE_FAILED = 'Could not save your choice. Check your connection and try again.';

/** Push registration, from the spec's error catalogue; the permission and support texts are the product's own. */
export const PUSH_MESSAGES = {
  serviceWorker: 'Service worker issue. Could not initialize notifications. Please refresh or try again.',
  noActiveWorker: 'Subscription failed: No active Service Worker. Please ensure permissions are granted and try again.',
  messaging: (message: string) => `Firebase messaging error: ${message}`,
  token: 'Failed to get or send notification token.',
  notLoggedIn: 'User not logged in. Cannot register FCM token.',
  permissionDefault: 'Notifications are not allowed yet. Allow them when your browser asks to get push alerts.',
  permissionDenied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings to get push alerts.',
  unsupported:
    'This browser cannot show push notifications. On iPhone and iPad, add the app to your Home Screen first.',
  /** Where a browser asks only after a tap (Safari, Firefox, home-screen apps on iOS): the Notifications screen. */
  permissionOnTap: 'Notifications are not on for this device yet. Turn the switch on, then allow them when asked.',
  /** Under the unsupported note: the channels that still work. */
  otherChannels: 'Email alerts still reach you, and so does a webhook if you add one below.',
} as const;

/** The alert model's fields on the create and edit screens (the product's own). */
export const MSG_REARM_RANGE = `Enter a re-arm distance between ${MIN_REARM_PERCENT}% and ${MAX_REARM_PERCENT}%.`;
/** An every-time move alert's re-arm distance (points of per cent) must leave a move to fall back to. */
export const MSG_REARM_UNDER_MOVE = 'Keep the re-arm distance under the move, such as 0.1 for a move of 1.5.';
export const MSG_EXPIRY_IN_FUTURE = 'Choose an expiry date and time in the future.';
export const MSG_EXPIRY_TOO_FAR = 'Choose an expiry within a year.';
/** A move type's threshold is not a number from MIN_MOVE_PERCENT to MAX_MOVE_PERCENT. */
export const MSG_MOVE_PERCENT = `Enter a move from ${MIN_MOVE_PERCENT}% to ${MAX_MOVE_PERCENT}%, such as 1.5.`;
/**
 * Under a move type's fields: which prices can fire it (moveRules.ts). The low, high or open it is
 * measured from may lie before the alert was saved; the price that fires it may not.
 */
export const MOVE_SINCE_NOTE = (day: boolean) =>
  day
    ? 'Only prices after you save can fire it; the day’s open it is measured from may come before.'
    : 'Only prices after you save can fire it; the low or high it is measured from may come from before, within the time chosen.';
/** Before saving a move alert: the market has already moved that far (the product's own). */
export const MSG_MOVE_FIRES_AT_ONCE = (moved: string) =>
  `The price is already ${moved}: this alert will fire at the next price.`;
/** The typed offset of the level from the live price could not be read. */
export const MSG_LEVEL_PERCENT = 'Type a percentage above -100, such as 0.5 or -1.';
