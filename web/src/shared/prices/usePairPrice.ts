import { type CurrencyPair } from '@price-alerts/domain/common';
import { priceStatus, type PriceStatus } from '@price-alerts/domain/prices';
import { useAtomValue } from 'jotai';
import { useNow } from '../useNow';
import { pairPriceAtom, priceTextAtom } from './atoms';
import type { PriceText } from './feedTypes';

export interface PairPrice {
  /** The feed-wide text ('Loading...', 'Error', 'Offline', '-'): when set, it wins over everything. */
  text: PriceText | null;
  /** What may honestly be said of the pair's latest price, on the device's clock (priceStatus.ts). */
  status: PriceStatus;
  now: number;
}

/** A pair's price as the screens show it; re-renders with each tick and once a second for the ages. */
export function usePairPrice(pair: CurrencyPair): PairPrice {
  const text = useAtomValue(priceTextAtom);
  const price = useAtomValue(pairPriceAtom(pair));
  const now = useNow();
  return { text, status: priceStatus(pair, price, now), now };
}
