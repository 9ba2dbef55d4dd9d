/**
 * Which pairs' prices are stale: the last tick is older than `staleMs` while the pair's market is
 * open. A closed market (FX and metals at the weekend) is quiet by design, so its old price is
 * closed, not stale; crypto never closes. A pair never seen counts from `since` (the service's
 * start), so a pair the upstream has stopped sending at all is reported too.
 */
import { CURRENCY_PAIRS, type CurrencyPair } from '@price-alerts/domain/common';
import { isMarketOpen } from '@price-alerts/domain/prices';

export const STALE_MS = 30_000;

export function stalePairs(
  lastTickAt: ReadonlyMap<CurrencyPair, number>,
  now: number,
  since: number,
  staleMs = STALE_MS,
): CurrencyPair[] {
  return CURRENCY_PAIRS.filter((pair) => isMarketOpen(pair, now) && now - (lastTickAt.get(pair) ?? since) > staleMs);
}
