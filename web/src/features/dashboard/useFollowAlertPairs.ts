import { isCurrencyPair } from '@price-alerts/domain/common';
import { type Alert } from '@price-alerts/domain/store';
import { useFollowPairs } from '../../shared/prices/useFollowPairs';

/**
 * The feed follows the top pairs; ACTIVE rows show their own pair's live price, so while the list
 * is on screen the feed follows those pairs too (the relay sends each one's latest tick at once).
 */
export function useFollowAlertPairs(alerts: readonly Alert[]): void {
  // Sorted and unique, so a new snapshot of the same pairs does not subscribe again.
  useFollowPairs([...new Set(alerts.map((a) => a.currencyPair).filter(isCurrencyPair))].sort());
}
