import { CURRENCY_PAIRS, type CurrencyPair } from '@price-alerts/domain/common';
import { instrument, round } from './instruments.ts';

/** mulberry32: small, fast and deterministic, so a seed replays the same prices. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Quote {
  ask: number;
  bid: number;
}

/** A random walk per pair with its own volatility, spread and decimals; prices can be forced. */
export class PriceEngine {
  readonly #random: () => number;
  readonly #mid = new Map<CurrencyPair, number>();

  constructor(seed = 1) {
    this.#random = seededRandom(seed);
    for (const pair of CURRENCY_PAIRS) this.#mid.set(pair, instrument(pair).mid);
  }

  /** Moves the pair one tick (a normal-ish step from the sum of uniforms) and returns the quote. */
  step(pair: CurrencyPair): Quote {
    const { vol } = instrument(pair);
    const noise = (this.#random() + this.#random() + this.#random() - 1.5) * 2;
    const mid = Math.max(this.mid(pair) + noise * vol, vol);
    this.#mid.set(pair, mid);
    return this.quote(pair);
  }

  quote(pair: CurrencyPair): Quote {
    const { spread, decimals } = instrument(pair);
    const mid = this.mid(pair);
    return { ask: round(mid + spread / 2, decimals), bid: round(mid - spread / 2, decimals) };
  }

  /** Sets the price so that the ask is exactly `ask`. */
  forceAsk(pair: CurrencyPair, ask: number): Quote {
    this.#mid.set(pair, ask - instrument(pair).spread / 2);
    return this.quote(pair);
  }

  /** Moves the pair by a percentage in one go (a gap between two ticks). */
  jump(pair: CurrencyPair, percent: number): Quote {
    this.#mid.set(pair, this.mid(pair) * (1 + percent / 100));
    return this.quote(pair);
  }

  /**
   * The move at a market's open after a close: a seeded random size between half of `maxPercent`
   * and all of it, up or down, so the gap always stands out from the ticks' noise yet replays from
   * the seed.
   */
  gap(pair: CurrencyPair, maxPercent: number): Quote {
    const size = maxPercent * (0.5 + this.#random() / 2);
    return this.jump(pair, this.#random() < 0.5 ? -size : size);
  }

  mid(pair: CurrencyPair): number {
    return this.#mid.get(pair) ?? instrument(pair).mid;
  }
}
