import type { CurrencyPair, LivePrice, PairDay } from '@price-alerts/domain';
import { atom } from 'jotai';
import type { FeedState, FeedStatus, PriceText } from './feedClient';

/** The feed's one state: every screen reads its status and its text from here (feedClient.ts). */
export const feedStateAtom = atom<FeedState>({ status: 'disconnected', text: '-' });
export const feedStatusAtom = atom(
  (get) => get(feedStateAtom).status,
  (get, set, status: FeedStatus) => set(feedStateAtom, { ...get(feedStateAtom), status }),
);
/** When set, every pair shows this text instead of its price (connecting, error, offline, closed). */
export const priceTextAtom = atom(
  (get) => get(feedStateAtom).text,
  (get, set, text: PriceText | null) => set(feedStateAtom, { ...get(feedStateAtom), text }),
);
export const livePricesAtom = atom<Partial<Record<CurrencyPair, LivePrice>>>({});
/** Each followed pair's trading day and last hour (pairDay.ts): from the relay, then the app's own ticks. */
export const pairDaysAtom = atom<Partial<Record<CurrencyPair, PairDay>>>({});
