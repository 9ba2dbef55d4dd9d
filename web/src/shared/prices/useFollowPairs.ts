import type { CurrencyPair } from '@price-alerts/domain/common';
import { useEffect } from 'react';
import { usePriceFeedClient } from './feed';

/** Follows these pairs while the calling component is on screen (FeedClient.follow). */
export function useFollowPairs(pairs: readonly CurrencyPair[]): void {
  const feed = usePriceFeedClient();
  // The pairs' value, not the array's identity, decides when to follow anew.
  const key = pairs.join();
  useEffect(() => {
    if (!key) return;
    return feed.follow(key.split(',') as CurrencyPair[]);
  }, [feed, key]);
}
