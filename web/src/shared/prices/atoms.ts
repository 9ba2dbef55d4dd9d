import type { CurrencyPair, PriceSide } from '@price-alerts/domain/common';
import type { Candle, ChartRange, PairDay } from '@price-alerts/domain/prices';
import type { LivePrice } from '@price-alerts/domain/store';
import { atom, type Atom } from 'jotai';
import type { FeedState, FeedStatus, PriceText } from './feedTypes';

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
/** A chart's key: its pair, side and range. */
export type ChartKey = `${CurrencyPair}|${PriceSide}|${ChartRange}`;
export const chartKey = (pair: CurrencyPair, side: PriceSide, range: ChartRange): ChartKey =>
  `${pair}|${side}|${range}`;
/** The relay's latest answer for each chart asked for (FeedClient.watchCandles); the chart folds live ticks on top. */
export const candlesAtom = atom<Partial<Record<ChartKey, readonly Candle[]>>>({});

/**
 * One pair's entry of a per-pair record, as an atom of its own: a tick changes the record, but only the
 * screens showing the pairs that ticked re-render (a pair left alone keeps its object). One atom per
 * pair and record, made on first use; the pairs are a fixed list.
 */
function perPair<T>(record: Atom<Partial<Record<CurrencyPair, T>>>) {
  const atoms = new Map<CurrencyPair, Atom<T | undefined>>();
  return (pair: CurrencyPair): Atom<T | undefined> => {
    let one = atoms.get(pair);
    if (!one) {
      one = atom((get) => get(record)[pair]);
      atoms.set(pair, one);
    }
    return one;
  };
}

export const pairPriceAtom = perPair(livePricesAtom);
export const pairDayAtom = perPair(pairDaysAtom);
