/**
 * Each pair's chart candles (domain candles.ts), folded from every tick in memory, as pairDays.ts keeps
 * its day: the relay answers a chart's request (type 4) from here at once, so opening a chart costs no
 * read anywhere. The ingest service's book goes to each relay in the feed's hello and to Firestore on a
 * graceful stop; a relay sends back what of its own the hello lacked (`beyond`), once a connection.
 * Whoever receives candles merges them into its own (mergeCandles: its own open and close, the higher
 * high and the lower low) (docs/ingest-service.md).
 */
import { PRICE_SIDES, pairToSymbol, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import {
  CHART_RANGES,
  FUTURE_TICK_MS,
  candlesBeyond,
  emptyPairCandles,
  encodeCandles,
  foldPairTick,
  mergeCandles,
  pairCandlesFromSnapshot,
  snapshotPairCandles,
  type Candle,
  type ChartRange,
  type PairCandles,
  type PairCandlesSnapshot,
  type PairHistory,
} from '@price-alerts/domain/prices';
import type { PricedTick } from './pricedTick.ts';

export class CandleBook {
  readonly #books = new Map<CurrencyPair, PairCandles>();
  /**
   * Each pair's type 4 messages by side and range, encoded once until the pair's next change: every
   * chart opened on the pair in between is sent the same string.
   */
  readonly #encoded = new Map<CurrencyPair, Map<string, string>>();

  /** `now` is this server's clock: a tick dated well after it is not folded (candles.ts). */
  add(tick: PricedTick, now = Date.now()): void {
    if (foldPairTick(this.#book(tick.pair), tick.ask, tick.bid, tick.timestamp, now)) this.#encoded.delete(tick.pair);
  }

  #book(pair: CurrencyPair): PairCandles {
    let book = this.#books.get(pair);
    if (!book) this.#books.set(pair, (book = emptyPairCandles()));
    return book;
  }

  /** The pair's candles of one side and range, oldest first (empty before its first tick). */
  candles(pair: CurrencyPair, side: PriceSide, range: ChartRange): readonly Candle[] {
    return this.#books.get(pair)?.[side][range] ?? [];
  }

  /** The type 4 answer to a chart's request: an empty array of candles before the pair's first tick. */
  message(pair: CurrencyPair, side: PriceSide, range: ChartRange): string {
    let encoded = this.#encoded.get(pair);
    if (!encoded) this.#encoded.set(pair, (encoded = new Map()));
    const key = `${side}:${range}`;
    let message = encoded.get(key);
    if (message === undefined) {
      const candles = this.#books.get(pair)?.[side][range] ?? [];
      message = encodeCandles({ symbol: pairToSymbol(pair), side, range, candles });
      encoded.set(key, message);
    }
    return message;
  }

  /** Every pair that holds a candle, in brief: the feed's hello and the stored history. */
  snapshot(): PairHistory[] {
    const histories: PairHistory[] = [];
    for (const [pair, book] of this.#books) {
      const candles = snapshotPairCandles(book);
      if (Object.keys(candles).length) histories.push({ pair, candles });
    }
    return histories;
  }

  /**
   * What of ours a book kept elsewhere lacks, given that book in brief (a hello's candles): per pair, the
   * candles a merge there would change (candlesBeyond), in brief; nothing when it holds all we do.
   */
  beyond(theirs: readonly PairHistory[]): PairHistory[] {
    const books = new Map(theirs.map(({ pair, candles }) => [pair, pairCandlesFromSnapshot(candles)]));
    const histories: PairHistory[] = [];
    for (const [pair, book] of this.#books) {
      const other = books.get(pair) ?? emptyPairCandles();
      const lacking = emptyPairCandles();
      for (const side of PRICE_SIDES)
        for (const range of CHART_RANGES) lacking[side][range] = candlesBeyond(book[side][range], other[side][range]);
      const candles = snapshotPairCandles(lacking);
      if (Object.keys(candles).length) histories.push({ pair, candles });
    }
    return histories;
  }

  /**
   * Joins candles kept elsewhere with ours (mergeCandles: where both hold a bucket, our open and close
   * with the higher high and the lower low). A candle dated past what a tick could be folded into now is
   * left out: the next true tick would otherwise count as late, and the chart stop moving.
   */
  merge(pair: CurrencyPair, snapshot: PairCandlesSnapshot, now = Date.now()): void {
    const theirs = pairCandlesFromSnapshot(snapshot);
    const book = this.#book(pair);
    let changed = false;
    for (const side of PRICE_SIDES)
      for (const range of CHART_RANGES) {
        const usable = theirs[side][range].filter((candle) => candle.t <= now + FUTURE_TICK_MS);
        if (!usable.length) continue;
        book[side][range] = mergeCandles(book[side][range], usable, range);
        changed = true;
      }
    if (changed) this.#encoded.delete(pair);
  }
}
