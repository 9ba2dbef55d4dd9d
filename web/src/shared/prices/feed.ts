import type { CurrencyPair, LivePrice } from '@price-alerts/domain';
import { getDefaultStore } from 'jotai';
import toast from 'react-hot-toast';
import { openPriceSocket, priceFeedTarget } from '../../lib/priceSocket';
import { feedStatusAtom, livePricesAtom, priceTextAtom } from './atoms';
import { FeedClient } from './feedClient';

const store = getDefaultStore();
const pending = new Map<CurrencyPair, LivePrice>();
let frame: number | undefined;

/** Ticks can arrive faster than the screen paints; they are folded into one update per frame. */
function flush(): void {
  frame = undefined;
  const update = Object.fromEntries(pending);
  pending.clear();
  store.set(livePricesAtom, (prices) => ({ ...prices, ...update }));
  store.set(priceTextAtom, null);
}

/** The signed-in user's one price socket. */
export const feed = new FeedClient({
  open: openPriceSocket,
  target: priceFeedTarget,
  events: {
    status: (status) => store.set(feedStatusAtom, status),
    tick(pair, price) {
      pending.set(pair, price);
      frame ??= requestAnimationFrame(flush);
    },
    text(text) {
      // Ticks still waiting for a frame belong to the socket that just went away.
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
      pending.clear();
      store.set(priceTextAtom, text);
    },
    toast: (message) => toast.error(message, { id: message }),
  },
});
