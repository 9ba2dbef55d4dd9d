/**
 * What makes a price feel alive beyond the latest tick: each pair's open of the trading
 * day, for its change in %, and its recent minute closes, for a sparkline of the last hour. Kept by
 * the ingest service from every tick it sees and sent by the relay to a client as it subscribes;
 * the app then folds its own ticks in with the same function, so both ends agree without a read
 * anywhere per tick.
 *
 * The trading day: FX and metals roll at 17:00 New York (the FX convention, and the hour their week
 * opens and closes, marketHours.ts); crypto, which never closes, at 00:00 UTC. The day's open is the
 * first ask seen at or after the day's start: the Sunday open's first price on a Monday, and, after an
 * ingest restart in the middle of a day, the first price after the restart (`openAt` says when).
 * A closed market keeps the day of its last tick, so at the weekend FX shows Friday's change.
 * Every value is the ask, the price the top cards show.
 */
import { marketKind, sessionHourAtOrBefore } from './marketHours.ts';
import type { CurrencyPair } from '../common/constants.ts';

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How far ahead of the folding clock a tick may be dated: further is a bad clock, not a price. */
export const FUTURE_TICK_MS = 60_000;
/** Minute closes kept: the last hour, the current minute included. */
export const SPARK_MINUTES = 60;
/**
 * The least price the relays' messages carry (a day, a chart's candles, their brief forms): thousands of
 * times below any price the pairs trade at (the lowest are FX rates above 0.5), and far above where a %
 * change from it overflows: an open of 5e-324 would read '+Infinity%'. A chart's candles fold no price below
 * it (candles.ts): one would make every message that carries them fail to parse.
 */
export const MIN_WIRE_PRICE = 0.0001;

export interface MinuteClose {
  /** The minute's start, ms since the epoch. */
  minute: number;
  /** The last ask seen in that minute (for the current minute, the latest so far). */
  ask: number;
}

export interface PairDay {
  /** When the trading day began, ms since the epoch. */
  dayStart: number;
  /** The day's first ask and its time. */
  open: number;
  openAt: number;
  /** Oldest first, at most SPARK_MINUTES, covering the hour up to the latest tick; minutes without a tick are absent. */
  closes: MinuteClose[];
}

/** When the trading day holding `at` began: 17:00 New York for FX and metals, 00:00 UTC for crypto. */
export function tradingDayStart(pair: CurrencyPair, at: number): number {
  return marketKind(pair) === 'crypto' ? Math.floor(at / DAY_MS) * DAY_MS : sessionHourAtOrBefore(at);
}

/**
 * The day after a tick. A tick older than what is kept (from before the day or the latest minute,
 * which a reordering upstream could send) changes nothing; a tick in a later day starts that day.
 * A tick dated more than FUTURE_TICK_MS after `now` (the caller's clock) changes nothing either:
 * folded, it would start a day no true tick could reach, and every later tick, older than it,
 * would be ignored until that time came. Minute closes span days: the last hour is the last hour.
 */
export function foldTick(
  day: PairDay | undefined,
  pair: CurrencyPair,
  ask: number,
  at: number,
  now: number,
): PairDay | undefined {
  // A price below the least the wire carries is no price: folded, it would spoil the day's message for a day.
  if (at > now + FUTURE_TICK_MS || !(ask >= MIN_WIRE_PRICE)) return day;
  const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  const last = day?.closes.at(-1);
  if (day && (at < day.dayStart || (last && minute < last.minute))) return day;
  const dayStart = tradingDayStart(pair, at);
  const newDay = !day || dayStart > day.dayStart;
  const oldest = minute - (SPARK_MINUTES - 1) * MINUTE_MS;
  const kept = (day?.closes ?? []).filter((c) => c.minute >= oldest && c.minute !== minute);
  return {
    dayStart,
    open: newDay ? ask : day.open,
    openAt: newDay ? at : day.openAt,
    closes: [...kept, { minute, ask }],
  };
}

export type Direction = 'up' | 'down' | 'flat';

export interface DayChange {
  percent: number;
  direction: Direction;
  /** '+0.12%', '−0.08%' or '0.00%', with a true minus sign. */
  text: string;
  /** The same in words, so the direction is never told by colour alone: 'Up 0.12% since the day's open'. */
  spoken: string;
}

/** A day's change beyond this many per cent is a bad open or price, not a market: nothing is said. */
export const MAX_DAY_CHANGE_PERCENT = 1000;

/**
 * The change of `ask` since the day's open, to two decimals of a per cent; undefined when it is not
 * a finite number within MAX_DAY_CHANGE_PERCENT, so no screen reads '+Infinity%' or '+1e+300%'.
 */
export function dayChange(day: Pick<PairDay, 'open'>, ask: number): DayChange | undefined {
  const percent = ((ask - day.open) / day.open) * 100;
  if (!Number.isFinite(percent) || Math.abs(percent) > MAX_DAY_CHANGE_PERCENT) return undefined;
  const rounded = Math.abs(percent).toFixed(2);
  const direction: Direction = rounded === '0.00' ? 'flat' : percent > 0 ? 'up' : 'down';
  const sign = direction === 'up' ? '+' : direction === 'down' ? '\u2212' : '';
  const words = { up: `Up ${rounded}%`, down: `Down ${rounded}%`, flat: 'Unchanged' }[direction];
  return { percent, direction, text: `${sign}${rounded}%`, spoken: `${words} since the day's open` };
}
