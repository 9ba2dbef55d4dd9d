import type { CurrencyPair, LivePrice } from '@price-alerts/domain';
import { atom } from 'jotai';
import type { FeedStatus, PriceText } from './feedClient';

export const feedStatusAtom = atom<FeedStatus>('disconnected');
/** When set, every pair shows this text instead of its price (connecting, error, offline, closed). */
export const priceTextAtom = atom<PriceText | null>('-');
export const livePricesAtom = atom<Partial<Record<CurrencyPair, LivePrice>>>({});
