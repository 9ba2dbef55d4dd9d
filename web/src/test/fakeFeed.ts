import type { CurrencyPair } from '@price-alerts/domain/common';

/**
 * A stand-in for the app's FeedClient where a component only follows pairs (useFollowPairs) or
 * asks for a reconnect: `followed()` is what the feed would be subscribed to beyond its top pairs.
 */
export function fakeFeed() {
  const sets = new Set<CurrencyPair[]>();
  let follows = 0;
  return {
    follow(pairs: readonly CurrencyPair[]) {
      const entry = [...pairs];
      sets.add(entry);
      follows += 1;
      return () => void sets.delete(entry);
    },
    reconnect() {},
    /** The pairs followed now, sorted and unique. */
    followed: () => [...new Set([...sets].flat())].sort(),
    /** How many times a component started following. */
    get follows() {
      return follows;
    },
  };
}
