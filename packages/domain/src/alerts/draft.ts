import { DEFAULT_COOLDOWN_MINUTES, DEFAULT_REARM_PERCENT, DEFAULT_REPEAT } from './alertModel.ts';
import {
  DEFAULT_MOVE_DIRECTION,
  DEFAULT_MOVE_LOOKBACK,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PRICE_SIDE,
} from '../common/constants.ts';
import type { Draft } from '../store/appAlerts.ts';

// Apart from schemas.ts: the app's entry resets the draft on sign-out, and a module that builds
// zod schemas as it loads would bring zod into every route's first download.

/** The create screen's draft before anything is chosen. */
export function emptyDraft(): Draft {
  return {
    currencyPair: '',
    alertType: '',
    triggerPrice: '',
    movePercent: '',
    lookbackMinutes: DEFAULT_MOVE_LOOKBACK,
    direction: DEFAULT_MOVE_DIRECTION,
    status: 'active',
    notificationPreferences: { ...DEFAULT_NOTIFICATION_PREFERENCES },
    note: '',
    priceSide: DEFAULT_PRICE_SIDE,
    repeat: DEFAULT_REPEAT,
    cooldownMinutes: DEFAULT_COOLDOWN_MINUTES,
    rearmPercent: String(DEFAULT_REARM_PERCENT),
    expiry: 'never',
    expiryDate: '',
  };
}
