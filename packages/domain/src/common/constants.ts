/** The spec's business constants and limits; every other package reads them from here. */

export const CURRENCY_PAIRS = [
  'EUR/USD',
  'USD/JPY',
  'GBP/USD',
  'USD/CHF',
  'AUD/USD',
  'USD/CAD',
  'NZD/USD',
  'EUR/GBP',
  'XAU/USD',
  'XAU/EUR',
  'XAU/GBP',
  'XAU/JPY',
  'BTC/USD',
  'ETH/USD',
  'LTC/USD',
] as const;
export type CurrencyPair = (typeof CURRENCY_PAIRS)[number];

export const ALERT_TYPES = ['Price reaching', 'Price rising above', 'Price dropping below'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * Alerts on moves rather than levels (alerts/moveRules.ts), beside the spec's three: a rise or fall
 * of at least a per cent within a lookback, or a change of at least a per cent since the trading
 * day's open. Stored in `alertType` as these words, like the spec's.
 */
export const MOVE_ALERT_TYPES = ['Moving up %', 'Moving down %', 'Change on the day'] as const;
export type MoveAlertType = (typeof MOVE_ALERT_TYPES)[number];
/** Every type the screens offer: the spec's three first, as the spec words them, then the moves. */
export const ANY_ALERT_TYPES = [...ALERT_TYPES, ...MOVE_ALERT_TYPES] as const;
export type AnyAlertType = (typeof ANY_ALERT_TYPES)[number];
export const MOVE_LOOKBACK_MINUTES = [5, 15, 60, 1440] as const;
export type MoveLookback = (typeof MOVE_LOOKBACK_MINUTES)[number];
export const DEFAULT_MOVE_LOOKBACK: MoveLookback = 15;
export const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];
export const DEFAULT_MOVE_DIRECTION: MoveDirection = 'up';
/** What a move is measured from: a lookback, in minutes, or the trading day's open. */
export const MOVE_REFERENCES = ['5', '15', '60', '1440', 'day'] as const;
export type MoveReference = (typeof MOVE_REFERENCES)[number];
/** A move alert's read: its direction and reference ('up:15', 'down:day'). */
export const MOVE_READS = MOVE_DIRECTIONS.flatMap((d) => MOVE_REFERENCES.map((r) => `${d}:${r}` as const));
export type MoveRead = (typeof MOVE_READS)[number];
/**
 * A move threshold lies in [0.01, 50] per cent: beyond half the price is a bad price, not a market;
 * below a hundredth of a per cent a flat market's rounding would fire it.
 */
export const MIN_MOVE_PERCENT = 0.01;
export const MAX_MOVE_PERCENT = 50;

/**
 * The price an alert is judged on, stored on the alert: ask (the default, the price the app shows
 * and pre-fills), bid, or mid (their average). A missing field on an old document means ask.
 */
export const PRICE_SIDES = ['ask', 'bid', 'mid'] as const;
export type PriceSide = (typeof PRICE_SIDES)[number];
export const DEFAULT_PRICE_SIDE: PriceSide = 'ask';

export const ALERT_STATUSES = ['active', 'paused', 'triggered', 'cancelled'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Statuses shown in the ACTIVE tab and in the PREVIOUS tab of the dashboard. */
export const ACTIVE_LIST_STATUSES = ['active', 'paused'] as const satisfies readonly AlertStatus[];
export const PREVIOUS_LIST_STATUSES = ['triggered', 'cancelled'] as const satisfies readonly AlertStatus[];

export const TOP_PAIRS = ['EUR/USD', 'GBP/USD', 'AUD/USD', 'BTC/USD'] as const satisfies readonly CurrencyPair[];

export const ACTIVE_ALERTS_LIMIT = 10;
/** Alerts one account may hold in all statuses (what large brokers allow); firestore.rules repeats it. */
export const MAX_ALERTS_PER_ACCOUNT = 200;
/** Devices one account may register for push; registering another drops the oldest. */
export const MAX_PUSH_TOKENS_PER_ACCOUNT = 10;
/** An alert's optional note: the user's own reminder, shown with the alert and in its notifications. */
export const NOTE_MAX_LENGTH = 140;
export const PREVIOUS_ALERTS_LIMIT = 5;

export const DEFAULT_NOTIFICATION_PREFERENCES = Object.freeze({ email: true, push: false });

export const AVATAR_IDS = [1, 2, 3, 4, 5, 6] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

export const NORMAL_CLOSE_CODE = 1000;
/**
 * A price relay closing an app's socket on purpose (before Cloud Run's request timeout, for a
 * redeploy or a scale-in) closes it normally with this reason: the app reconnects at once, to any
 * relay, and nothing on screen changes. Any other normal close shows '-'; any other code 'Offline'.
 */
export const RELAY_RECONNECT_REASON = 'reconnect';
/**
 * A relay holds at most this many sockets of one account: a person's phone, tablet and a computer
 * with a few tabs. A newer one closes the oldest normally with RELAY_DISPLACED_REASON; that page shows
 * '-' and connects again only when it is looked at again, so two pages never take turns for ever.
 */
export const MAX_RELAY_SOCKETS_PER_USER = 6;
export const RELAY_DISPLACED_REASON = 'another device of yours took this price stream';
export const RECONNECT_DELAY_MS = 100;
export const TOAST_DURATION_MS = 5000;
export const SHEET_ANIMATION_MS = 300;
export const SERVICE_WORKER_TIMEOUT_MS = 10_000;

/** Feed symbols are the pair names without the slash, as the live-price protocol names them. */
export function pairToSymbol(pair: CurrencyPair): string {
  return pair.replace('/', '');
}

const SYMBOL_TO_PAIR = new Map<string, CurrencyPair>(CURRENCY_PAIRS.map((p) => [pairToSymbol(p), p]));

export function symbolToPair(symbol: string): CurrencyPair | undefined {
  return SYMBOL_TO_PAIR.get(symbol);
}

export function isCurrencyPair(value: unknown): value is CurrencyPair {
  return typeof value === 'string' && (CURRENCY_PAIRS as readonly string[]).includes(value);
}

/** Decimals a price of the pair is quoted with: 3 for JPY crosses, 2 for metals and crypto, else 5. */
export function pairDecimals(pair: CurrencyPair): number {
  if (pair.startsWith('XAU/') || ['BTC/USD', 'ETH/USD', 'LTC/USD'].includes(pair)) return 2;
  if (pair.endsWith('/JPY')) return 3;
  return 5;
}

const priceFormats = new Map<number, Intl.NumberFormat>();

/** A price with the pair's decimals and thousands separators: 1.08512, 150.123, 90,123.45. */
export function formatPrice(pair: CurrencyPair, value: number): string {
  const decimals = pairDecimals(pair);
  let format = priceFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    priceFormats.set(decimals, format);
  }
  return format.format(value);
}

/**
 * The channels a user chooses per alert. Quiet hours hold push and Telegram (and email when asked), and
 * the digest reaches them; Discord posts to a server's channel, which quiet hours do not hold.
 */
export const DELIVERY_CHANNELS = ['email', 'push', 'telegram', 'discord'] as const;
/** The channels quiet hours can hold, and a digest reaches. */
export const HELD_CHANNELS = ['email', 'push', 'telegram'] as const;
export type HeldChannel = (typeof HELD_CHANNELS)[number];
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** Every channel a delivery keeps a state for: the alert's own and the user's webhook. */
export const SEND_CHANNELS = ['email', 'push', 'telegram', 'discord', 'webhook'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];
