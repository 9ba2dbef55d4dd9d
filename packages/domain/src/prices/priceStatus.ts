import type { CurrencyPair } from '../common/constants.ts';
import { formatAge, formatDuration, formatWeekdayTime } from '../common/dates.ts';
import { isMarketOpen, nextOpen, previousClose, previousOpen } from './marketHours.ts';
import type { LivePrice } from '../store/schemas.ts';
import { STALE_AFTER_MS } from './staleness.ts';

/**
 * What the app may honestly say about a pair's latest price: that it is live, that it
 * is late ('Delayed · 45 s ago'), that the market is closed and this is its last price, or nothing
 * yet. Judged on the device's clock against the tick's own timestamp, the same age the relay's
 * /health and the scheduled check use (staleness.ts), so the three agree on what 'stale' means.
 */
export type PriceStatus =
  | { kind: 'none' }
  | { kind: 'live'; price: LivePrice }
  | { kind: 'delayed'; price: LivePrice; ageMs: number }
  /** `opensAt`: the open the market is waiting for (in the first 30 s after it, already past). */
  | { kind: 'closed'; price: LivePrice; opensAt: number };

export const MARKET_CLOSED_TEXT = 'Market closed';

/**
 * The rules, in order:
 * 1. A tick at most STALE_AFTER_MS old is live, whatever the schedule says, if the feed stamped it
 *    while it was trading: a price that arrives beats the calendar (a provider trading a holiday
 *    session, the simulator with market hours off at a weekend, CI running on a Saturday). Only a tick
 *    from before the latest close does not count: at the close a frozen price is 'closed' at once,
 *    not 'live' for another 30 s.
 * 2. Market closed by the hours: 'closed', with the last price and the next open.
 * 3. Market open, tick older than 30 s: 'delayed', except in the first 30 s after the open while the
 *    last tick is from before it: the provider has not sent its first price yet, which is the market
 *    still opening, not a fault.
 * Crypto never closes, so it is only ever live or delayed.
 */
export function priceStatus(pair: CurrencyPair, price: LivePrice | undefined, now: number): PriceStatus {
  if (!price) return { kind: 'none' };
  const ageMs = now - price.timestamp;
  const fresh = ageMs <= STALE_AFTER_MS;
  if (!isMarketOpen(pair, now)) {
    const closedAt = previousClose(pair, now) ?? Number.NEGATIVE_INFINITY;
    if (fresh && price.timestamp >= closedAt) return { kind: 'live', price };
    return { kind: 'closed', price, opensAt: nextOpen(pair, now) ?? now };
  }
  if (fresh) return { kind: 'live', price };
  const openedAt = previousOpen(pair, now);
  if (openedAt !== undefined && price.timestamp < openedAt && now - openedAt <= STALE_AFTER_MS) {
    return { kind: 'closed', price, opensAt: openedAt };
  }
  return { kind: 'delayed', price, ageMs };
}

export interface PriceStatusWords {
  /** 'Market closed' or 'Delayed'. */
  flag: string;
  /** The closed market's last price time ('Fri 21:59', local), or the delay ('45 s ago'). */
  detail: string;
}

/**
 * What the screens say of a price that is not live, in two parts so each screen can lay them out
 * (and keep the detail whole when a line wraps): 'Market closed' · 'Fri 21:59', 'Delayed' · '45 s ago'.
 * Null for a live price or none.
 */
export function priceStatusWords(status: PriceStatus, now: number, timeZone?: string): PriceStatusWords | null {
  if (status.kind === 'closed') {
    return { flag: MARKET_CLOSED_TEXT, detail: formatWeekdayTime(status.price.timestamp, now, timeZone) };
  }
  if (status.kind === 'delayed') return { flag: 'Delayed', detail: formatAge(status.ageMs) };
  return null;
}

/**
 * The create and edit form's word on a closed market: when the alert is first judged. Local time,
 * with how long until then; once the open has passed (the first 30 s, waiting for a price) it says
 * the first price will judge it.
 */
export function nextJudgedText(opensAt: number, now: number, timeZone?: string): string {
  if (opensAt <= now) return 'The market is opening. This alert will first be judged on its first price.';
  const when = formatWeekdayTime(opensAt, now, timeZone);
  return `The market is closed. This alert will first be judged when it opens, ${when} (in ${formatDuration(opensAt - now)}).`;
}
