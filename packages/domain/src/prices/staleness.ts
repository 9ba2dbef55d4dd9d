import { z } from '../common/zod.ts';
import type { CurrencyPair } from '../common/constants.ts';
import { isMarketOpen } from './marketHours.ts';

/** A pair's price is stale when its last tick is older than this while its market is open. */
export const STALE_AFTER_MS = 30_000;

export interface StaleTransitions {
  /** Pairs that went stale since the last look, with the time of their last price. */
  started: { pair: CurrencyPair; lastAt: number }[];
  /** Pairs that were stale and are fresh again (or whose market closed). */
  ended: CurrencyPair[];
  /** What to remember for the next look: each stale pair and the time of its last price. */
  stale: Partial<Record<CurrencyPair, number>>;
}

/**
 * Compares the latest price times with the outages already known, so a caller that looks every
 * minute reports each outage once when it starts and once when it ends, never once per look.
 */
export function staleTransitions(
  latest: readonly { pair: CurrencyPair; timestamp: number }[],
  known: Partial<Record<CurrencyPair, number>>,
  now: number,
): StaleTransitions {
  const stale: Partial<Record<CurrencyPair, number>> = {};
  const started: StaleTransitions['started'] = [];
  for (const { pair, timestamp } of latest) {
    if (now - timestamp <= STALE_AFTER_MS || !isMarketOpen(pair, now)) continue;
    stale[pair] = timestamp;
    if (known[pair] === undefined) started.push({ pair, lastAt: timestamp });
  }
  const ended = (Object.keys(known) as CurrencyPair[]).filter((pair) => stale[pair] === undefined);
  return { started, ended, stale };
}

/** evaluator/staleness: the pairs the scheduled check found stale, by symbol, with their last price time. */
export const evaluatorStalenessSchema = z.object({
  pairs: z._default(z.record(z.string(), z.number()), {}),
});
