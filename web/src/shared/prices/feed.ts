import type { CurrencyPair, LivePrice } from '@price-alerts/domain';
import { useStore } from 'jotai';
import toast from 'react-hot-toast';
import { openPriceSocket, priceFeedTarget } from '../../lib/priceSocket';
import { feedStatusAtom, livePricesAtom, priceTextAtom } from './atoms';
import { FeedClient, type FeedDeps } from './feedClient';

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
};

/**
 * The signed-in user's one price socket, writing into the given store. Ticks can arrive faster
 * than the screen paints; they are folded into one store update per frame.
 */
export function createPriceFeed(store: Store, deps: PriceFeedDeps = browserDeps): FeedClient {
  const pending = new Map<CurrencyPair, LivePrice>();
  let frame: number | undefined;
  const flush = () => {
    frame = undefined;
    const update = Object.fromEntries(pending);
    pending.clear();
    store.set(livePricesAtom, (prices) => ({ ...prices, ...update }));
    store.set(priceTextAtom, null);
  };
  return new FeedClient({
    open: deps.open,
    target: deps.target,
    events: {
      status: (status) => store.set(feedStatusAtom, status),
      tick(pair, price) {
        pending.set(pair, price);
        frame ??= deps.requestFrame(flush);
      },
      text(text) {
        // Ticks still waiting for a frame belong to the socket that just went away.
        if (frame !== undefined) deps.cancelFrame(frame);
        frame = undefined;
        pending.clear();
        store.set(priceTextAtom, text);
      },
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
