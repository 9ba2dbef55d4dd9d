import type { CurrencyPair } from '../common/constants.ts';

/**
 * When a pair's market trades.
 *
 * The rule: FX and metals trade from Sunday 17:00 to Friday 17:00 New York time; crypto trades all
 * the time. 17:00 New York is 22:00 UTC in winter (EST) and 21:00 UTC in summer (EDT), so the spec's
 * "Sunday 22:00 UTC to Friday 22:00 UTC" holds as written from November to March and one hour earlier
 * from March to November.
 *
 * Why New York and not a fixed 22:00 UTC: the FX week is anchored to the New York close and real
 * providers stop and start their feeds at it. With a fixed UTC rule, for half the year a live upstream
 * would go quiet at 21:00 UTC on Friday while we still called the market open (shown as a stale or
 * live-looking price, the dishonesty this module exists to prevent), and tick on Sunday from 21:00 while
 * we called it closed. The switch follows the US dates (second Sunday of March, first Sunday of
 * November), not Europe's, so the weeks in between are where a UTC or London rule would be wrong.
 * New York's offset comes from Intl ('America/New_York'), so no time-zone table is shipped.
 */
export type MarketKind = 'fx' | 'metal' | 'crypto';

/** A Record, so a new pair cannot be added without saying which market it trades in. */
const KINDS: Record<CurrencyPair, MarketKind> = {
  'EUR/USD': 'fx',
  'USD/JPY': 'fx',
  'GBP/USD': 'fx',
  'USD/CHF': 'fx',
  'AUD/USD': 'fx',
  'USD/CAD': 'fx',
  'NZD/USD': 'fx',
  'EUR/GBP': 'fx',
  'XAU/USD': 'metal',
  'XAU/EUR': 'metal',
  'XAU/GBP': 'metal',
  'XAU/JPY': 'metal',
  'BTC/USD': 'crypto',
  'ETH/USD': 'crypto',
  'LTC/USD': 'crypto',
};

export const MARKET_TIME_ZONE = 'America/New_York';
/** The local hour, in MARKET_TIME_ZONE, of the Friday close and the Sunday open. */
export const MARKET_SESSION_HOUR = 17;
const SUNDAY = 0;
const FRIDAY = 5;
const HOUR_MS = 3_600_000;

export function marketKind(pair: CurrencyPair): MarketKind {
  return KINDS[pair];
}

/** Whether the pair's market ever closes: false for crypto. */
export function hasMarketHours(pair: CurrencyPair): boolean {
  return KINDS[pair] !== 'crypto';
}

// One formatter, built on first use: building one per call would cost more than the rest of the work,
// and the simulator asks for every pair on every tick.
let formatter: Intl.DateTimeFormat | undefined;
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

interface LocalTime {
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // 0 = Sunday
  /** Milliseconds since local midnight. */
  msOfDay: number;
}

/**
 * The wall-clock time in New York at an instant. formatToParts costs about 10 µs, and screens ask
 * for the same second many times over (every row, every tick), so each second's date and time of
 * day are kept, a bounded number of seconds at a time; only the milliseconds differ within one.
 */
function newYorkTime(at: number): LocalTime {
  const second = Math.floor(at / 1000);
  const ms = at - second * 1000;
  let kept = seconds.get(second);
  if (!kept) {
    kept = newYorkSecond(second * 1000);
    if (seconds.size >= KEPT_SECONDS) seconds.clear();
    seconds.set(second, kept);
  }
  return { ...kept, msOfDay: kept.msOfDay + ms };
}

const KEPT_SECONDS = 256;
const seconds = new Map<number, LocalTime>();

/** newYorkTime at a whole second, from the formatter. */
function newYorkSecond(at: number): LocalTime {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: MARKET_TIME_ZONE,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
    msOfDay: ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000,
  };
}

/** The New York UTC offset (local minus UTC, in ms) at an instant. */
function newYorkOffset(at: number): number {
  const t = newYorkTime(at);
  return Date.UTC(t.year, t.month - 1, t.day) + t.msOfDay - at;
}

/**
 * The instant of MARKET_SESSION_HOUR in New York on the local date `days` after `t`'s. The hour is
 * never within a daylight-saving switch (those happen at 02:00), so the offset at the result is exact.
 */
function sessionInstant(t: LocalTime, days: number): number {
  const wall = Date.UTC(t.year, t.month - 1, t.day + days, MARKET_SESSION_HOUR);
  const guess = wall - newYorkOffset(wall);
  return wall - newYorkOffset(guess);
}

const SESSION_MS = MARKET_SESSION_HOUR * HOUR_MS;

/** Closed from the Friday close up to the Sunday open, New York time. */
function weekendClosed(t: LocalTime): boolean {
  if (t.weekday === FRIDAY) return t.msOfDay >= SESSION_MS;
  if (t.weekday === SUNDAY) return t.msOfDay < SESSION_MS;
  return t.weekday === 6;
}

export function isMarketOpen(pair: CurrencyPair, at: number): boolean {
  return !hasMarketHours(pair) || !weekendClosed(newYorkTime(at));
}

/** When a closed market next opens; undefined while it is open, and for a market that never closes. */
export function nextOpen(pair: CurrencyPair, at: number): number | undefined {
  if (isMarketOpen(pair, at)) return undefined;
  const t = newYorkTime(at);
  return sessionInstant(t, (SUNDAY - t.weekday + 7) % 7);
}

/** When an open market next closes; undefined while it is closed, and for a market that never closes. */
export function nextClose(pair: CurrencyPair, at: number): number | undefined {
  if (!hasMarketHours(pair) || !isMarketOpen(pair, at)) return undefined;
  const t = newYorkTime(at);
  return sessionInstant(t, (FRIDAY - t.weekday + 7) % 7);
}

/**
 * The latest close at or before `at` (the time a closed market's last price dates from, at the
 * latest); undefined for a market that never closes.
 */
export function previousClose(pair: CurrencyPair, at: number): number | undefined {
  if (!hasMarketHours(pair)) return undefined;
  const t = newYorkTime(at);
  const back = (t.weekday - FRIDAY + 7) % 7;
  const sameDay = sessionInstant(t, -back);
  return sameDay <= at ? sameDay : sessionInstant(t, -back - 7);
}

/**
 * The latest open at or before `at` (the Sunday open a market is in, or the last one it had); undefined
 * for a market that never closes. The app uses it to tell a market still waiting for its first price
 * after the open from one whose feed has stopped.
 */
export function previousOpen(pair: CurrencyPair, at: number): number | undefined {
  if (!hasMarketHours(pair)) return undefined;
  const t = newYorkTime(at);
  const back = (t.weekday - SUNDAY + 7) % 7;
  const sameDay = sessionInstant(t, -back);
  return sameDay <= at ? sameDay : sessionInstant(t, -back - 7);
}

/**
 * The latest 17:00 New York at or before `at`, any day of the week: where an FX or metals trading day
 * begins (pairDay.ts).
 */
export function sessionHourAtOrBefore(at: number): number {
  const t = newYorkTime(at);
  const today = sessionInstant(t, 0);
  return today <= at ? today : sessionInstant(t, -1);
}
