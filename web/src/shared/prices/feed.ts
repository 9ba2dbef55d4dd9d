import { type CurrencyPair } from '@price-alerts/domain/common';
import { foldTick, type PairDay } from '@price-alerts/domain/prices';
import { type LivePrice } from '@price-alerts/domain/store';
import { useStore } from 'jotai';
import toast from 'react-hot-toast';
import { openPriceSocket, priceFeedTarget } from '../../lib/priceSocket';
import { isOnline } from '../useOnline';
import { candlesAtom, chartKey, feedStateAtom, livePricesAtom, pairDaysAtom } from './atoms';
import { FeedClient } from './feedClient';
import type { FeedDeps, FeedState } from './feedTypes';

type Store = ReturnType<typeof useStore>;

export interface PriceFeedDeps extends Omit<FeedDeps, 'events'> {
  /** One call per painted frame; the browser's by default. */
  requestFrame: (paint: () => void) => number;
  cancelFrame: (id: number) => void;
}

const browserDeps: PriceFeedDeps = {
  open: openPriceSocket,
  target: priceFeedTarget,
  requestFrame: (paint) => requestAnimationFrame(paint),
  cancelFrame: (id) => cancelAnimationFrame(id),
  isOnline,
};

/**
 * Each pair's day with the frame's ticks folded in, as the relay folded every tick before; a tick
 * dated well after the device's clock is left out, as the relay leaves it out (pairDay.ts).
 */
function foldDays(days: Partial<Record<CurrencyPair, PairDay>>, ticks: Map<CurrencyPair, LivePrice>, now: number) {
  const next = { ...days };
  for (const [pair, price] of ticks) {
    const day = next[pair];
    // Without the relay's day a pair has no open to measure from: it waits for one.
    if (day) next[pair] = foldTick(day, pair, price.ask, price.timestamp, now) ?? day;
  }
  return next;
}

/**
 * The signed-in user's one price socket, writing into the given store. Ticks can arrive faster
 * than the screen paints; they are folded into one store update per frame, and the state that
 * shows them (text cleared) lands in the same frame, so no cell shows an old price in between.
 */
export function createPriceFeed(store: Store, deps: PriceFeedDeps = browserDeps): FeedClient {
  const pending = new Map<CurrencyPair, LivePrice>();
  let pendingState: FeedState | undefined;
  let frame: number | undefined;
  const flush = () => {
    frame = undefined;
    if (pending.size) {
      const update = Object.fromEntries(pending);
      store.set(livePricesAtom, (prices) => ({ ...prices, ...update }));
      store.set(pairDaysAtom, (days) => foldDays(days, pending, Date.now()));
      pending.clear();
    }
    if (pendingState) store.set(feedStateAtom, pendingState);
    pendingState = undefined;
  };
  return new FeedClient({
    open: deps.open,
    target: deps.target,
    isOnline: deps.isOnline,
    events: {
      state(state) {
        if (state.text === null) {
          pendingState = state;
          frame ??= deps.requestFrame(flush);
          return;
        }
        // Ticks still waiting for a frame belong to a socket that just went away or failed.
        if (frame !== undefined) deps.cancelFrame(frame);
        frame = undefined;
        pending.clear();
        pendingState = undefined;
        store.set(feedStateAtom, state);
      },
      tick(pair, price) {
        pending.set(pair, price);
        frame ??= deps.requestFrame(flush);
      },
      day: (pair, day) => store.set(pairDaysAtom, (days) => ({ ...days, [pair]: day })),
      candles: (pair, message) =>
        store.set(candlesAtom, (all) => ({ ...all, [chartKey(pair, message.side, message.range)]: message.candles })),
      toast: (message) => toast.error(message, { id: message }),
    },
  });
}

const feeds = new WeakMap<Store, FeedClient>();

/** The price feed of the store this component renders under: one socket per app. */
export function usePriceFeedClient(): FeedClient {
  const store = useStore();
  let feed = feeds.get(store);
  if (!feed) {
    feed = createPriceFeed(store);
    feeds.set(store, feed);
  }
  return feed;
}
