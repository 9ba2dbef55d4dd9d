import type { CurrencyPair } from '@price-alerts/domain/common';
import type { CandlesRequest } from '@price-alerts/domain/prices';

/**
 * A stand-in for the app's FeedClient where a component only follows pairs (useFollowPairs) or
 * asks for a reconnect: `followed()` is what the feed would be subscribed to beyond its top pairs, and
 * `charts()` the charts' histories it would be asking for.
 */
export function fakeFeed() {
  const sets = new Set<CurrencyPair[]>();
  const charts = new Set<CandlesRequest>();
  let follows = 0;
  return {
    follow(pairs: readonly CurrencyPair[]) {
      const entry = [...pairs];
      sets.add(entry);
      follows += 1;
      return () => void sets.delete(entry);
    },
    watchCandles(request: CandlesRequest) {
      const entry = { ...request };
      charts.add(entry);
      return () => void charts.delete(entry);
    },
    charts: () => [...charts],
    reconnect() {},
    /** The pairs followed now, sorted and unique. */
    followed: () => [...new Set([...sets].flat())].sort(),
    /** How many times a component started following. */
    get follows() {
      return follows;
    },
  };
}
