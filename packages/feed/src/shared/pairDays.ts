/**
 * Each pair's trading day and last hour of minute closes (domain pairDay.ts), folded from every tick
 * the ingest service sees, in memory: the relay sends them to a client as it subscribes, so a card's
 * change and sparkline cost no read anywhere. A restart starts them afresh (docs/ingest-service.md).
 */
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { encodePairDay, foldTick, type PairDay } from '@price-alerts/domain/prices';
import type { PricedTick } from './pricedTick.ts';

export class PairDays {
  readonly #days = new Map<CurrencyPair, PairDay>();
  /** Each pair's type 3 message, encoded once until its next tick: a resync sends it to every client. */
  readonly #encoded = new Map<CurrencyPair, string>();
  /** Counts each pair's changes, so a socket can tell whether the day it holds is still this one. */
  readonly #revisions = new Map<CurrencyPair, number>();

  /** `now` is this server's clock: a tick dated well after it is not folded (pairDay.ts). */
  add(tick: PricedTick, now = Date.now()): void {
    const day = foldTick(this.#days.get(tick.pair), tick.pair, tick.ask, tick.timestamp, now);
    if (!day || day === this.#days.get(tick.pair)) return;
    this.#days.set(tick.pair, day);
    this.#changed(tick.pair);
  }

  /** A day folded elsewhere: a relay takes the ingest service's days as it connects. */
  set(pair: CurrencyPair, day: PairDay): void {
    this.#days.set(pair, day);
    this.#changed(pair);
  }

  #changed(pair: CurrencyPair): void {
    this.#encoded.delete(pair);
    this.#revisions.set(pair, (this.#revisions.get(pair) ?? 0) + 1);
  }

  /** The pair's revision: it moves with each change of its day (0 before the first). */
  revision(pair: CurrencyPair): number {
    return this.#revisions.get(pair) ?? 0;
  }

  get(pair: CurrencyPair): PairDay | undefined {
    return this.#days.get(pair);
  }

  /** The pair's type 3 message, or undefined before its first tick. */
  message(pair: CurrencyPair): string | undefined {
    const day = this.#days.get(pair);
    if (!day) return undefined;
    let message = this.#encoded.get(pair);
    if (message === undefined) {
      message = encodePairDay(pairToSymbol(pair), day);
      this.#encoded.set(pair, message);
    }
    return message;
  }
}
