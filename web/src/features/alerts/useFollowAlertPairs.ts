import { TOP_PAIRS, isCurrencyPair, type Alert } from '@price-alerts/domain';
import { useEffect } from 'react';
import { usePriceFeedClient } from '../../shared/prices/feed';

/**
 * The feed follows the top pairs; ACTIVE rows show their own pair's live price, so while the list
 * is on screen the feed follows those pairs too (the relay sends each one's latest tick at once).
 */
export function useFollowAlertPairs(alerts: readonly Alert[]): void {
  const feed = usePriceFeedClient();
  // A string, so a new snapshot of the same pairs does not subscribe again.
  const others = alerts.map((a) => a.currencyPair).filter((p) => !(TOP_PAIRS as readonly string[]).includes(p));
  const key = [...new Set(others)].sort().join(',');
  useEffect(() => {
    const pairs = key.split(',').filter(isCurrencyPair);
    if (pairs.length === 0) return;
    feed.setPairs([...TOP_PAIRS, ...pairs]);
    return () => feed.setPairs(TOP_PAIRS);
  }, [key, feed]);
}
