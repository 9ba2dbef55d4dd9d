import { CURRENCY_PAIRS, type CurrencyPair } from '@price-alerts/domain/common';
import { isMarketOpen, previousClose } from '@price-alerts/domain/prices';

export interface ClockSetting {
  /** Make market time this instant now; it then runs on at the wall clock's pace. */
  at?: number;
  /** Or: market time is the wall clock plus this. */
  offsetMs?: number;
  marketHours?: boolean;
}

export interface ClockState {
  /** Market time now (ms). */
  now: number;
  offsetMs: number;
  marketHours: boolean;
  /** Pairs closed at market time now. */
  closed: CurrencyPair[];
}

export type MarketStatus = 'open' | 'closed' | 'reopened';

/**
 * The simulator's clock and market hours. Two times: the wall clock (`wall`, injectable, Date.now by
 * default) stamps ticks, and market time (the wall clock plus an offset the control route sets) says
 * which markets trade. Ticks stay on the wall clock because the ingest service windows prices by their
 * timestamps: a jump back to last Friday would otherwise make every later tick "late" and lose it.
 *
 * With market hours off (the default) every pair always trades, as before this existed.
 */
export class MarketClock {
  readonly #wall: () => number;
  #offsetMs = 0;
  #marketHours: boolean;
  /** Market time of each pair's last trading tick: a close after it means the next tick opens with a gap. */
  readonly #lastTradedAt = new Map<CurrencyPair, number>();

  constructor(wall: () => number, marketHours: boolean) {
    this.#wall = wall;
    this.#marketHours = marketHours;
    this.#settle();
  }

  wallNow(): number {
    return this.#wall();
  }

  now(): number {
    return this.#wall() + this.#offsetMs;
  }

  isOpen(pair: CurrencyPair, at = this.now()): boolean {
    return !this.#marketHours || isMarketOpen(pair, at);
  }

  set(setting: ClockSetting): ClockState {
    if (setting.at !== undefined) this.#offsetMs = setting.at - this.#wall();
    else if (setting.offsetMs !== undefined) this.#offsetMs = setting.offsetMs;
    if (setting.marketHours !== undefined) this.#marketHours = setting.marketHours;
    this.#settle();
    return this.state();
  }

  state(): ClockState {
    const at = this.now();
    return {
      now: at,
      offsetMs: this.#offsetMs,
      marketHours: this.#marketHours,
      closed: CURRENCY_PAIRS.filter((pair) => !this.isOpen(pair, at)),
    };
  }

  /**
   * One tick's view of every pair: closed, open, or open for the first time since a close (the
   * caller moves the price by the opening gap). Also catches a clock jumped over a whole weekend.
   */
  advance(): Map<CurrencyPair, MarketStatus> {
    const at = this.now();
    const status = new Map<CurrencyPair, MarketStatus>();
    for (const pair of CURRENCY_PAIRS) {
      if (!this.isOpen(pair, at)) {
        status.set(pair, 'closed');
        continue;
      }
      const last = this.#lastTradedAt.get(pair);
      const close = this.#marketHours ? previousClose(pair, at) : undefined;
      const reopened = last !== undefined && close !== undefined && close > last;
      status.set(pair, reopened ? 'reopened' : 'open');
      this.#lastTradedAt.set(pair, at);
    }
    return status;
  }

  /**
   * The wall-clock stamp of a closed pair's last price: its last tick, or just before the close when
   * it has not ticked since (never later than now, whatever the clock did since).
   */
  lastPriceStamp(pair: CurrencyPair): number {
    const last = this.#lastTradedAt.get(pair) ?? this.now();
    return Math.min(this.#wall(), last - this.#offsetMs);
  }

  /**
   * After a start or a clock change, a pair closed at the new time last traded before its close (so it
   * opens with a gap), whatever the old clock said; an open pair keeps its last trade, so a jump over a
   * weekend still gaps and a jump back does not.
   */
  #settle(): void {
    const at = this.now();
    for (const pair of CURRENCY_PAIRS) {
      const close = previousClose(pair, at);
      if (this.isOpen(pair, at) || close === undefined) {
        if (!this.#lastTradedAt.has(pair)) this.#lastTradedAt.set(pair, at);
        continue;
      }
      this.#lastTradedAt.set(pair, Math.min(this.#lastTradedAt.get(pair) ?? Infinity, close - 1));
    }
  }
}
