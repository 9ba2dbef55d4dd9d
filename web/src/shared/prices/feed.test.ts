import { TOP_PAIRS, encodeSubscribed, encodeTick, type FeedSession } from '@price-alerts/domain';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fakeSocket';
import { feedStatusAtom, livePricesAtom, priceTextAtom } from './atoms';
import { createPriceFeed } from './feed';

// The browser's socket and the ID token are the boundary: each test opens fake sockets instead.
vi.mock('../../lib/priceSocket', () => ({ openPriceSocket: vi.fn(), priceFeedTarget: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: { error: vi.fn() } }));

const session: FeedSession = {
  mapping: {},
  order: ['name', 'ask', 'bid', 'time'],
  startTime: 0,
  timeMult: 1,
  sessionUid: 's',
};
const tick = (pair: string, ask: number, time: number) =>
  encodeTick(session, pair.replace('/', ''), ask, ask - 0.0001, time);

let frames: (() => void)[];
let sockets: FakeSocket[];
let store: ReturnType<typeof createStore>;
let priceUpdates: number;

/** A feed on its own store, its frames painted only when the test says so. */
async function subscribedFeed() {
  const feed = createPriceFeed(store, {
    open: ({ url }) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    target: async () => ({ url: 'ws://relay/prices', protocols: [] }),
    requestFrame: (paint) => frames.push(paint),
    cancelFrame: (id) => {
      frames[id - 1] = () => {};
    },
  });
  await feed.connect(TOP_PAIRS);
  const socket = sockets[0] as FakeSocket;
  socket.serverOpens();
  socket.serverSends(encodeSubscribed(session));
  return { feed, socket };
}

const paint = () => frames.splice(0).forEach((draw) => draw());

beforeEach(() => {
  frames = [];
  sockets = [];
  store = createStore();
  priceUpdates = 0;
  store.sub(livePricesAtom, () => priceUpdates++);
});

describe('the app price feed writes into its own store', () => {
  it('folds the ticks of one frame into one update holding the latest price of each pair', async () => {
    const { socket } = await subscribedFeed();
    expect(store.get(feedStatusAtom)).toBe('subscribed');
    socket.serverSends(tick('EUR/USD', 1.1, 1));
    socket.serverSends(tick('EUR/USD', 1.2, 2));
    socket.serverSends(tick('BTC/USD', 65000, 3));
    expect(priceUpdates).toBe(0);
    expect(frames).toHaveLength(1);
    paint();
    expect(priceUpdates).toBe(1);
    expect(store.get(livePricesAtom)['EUR/USD']?.ask).toBe(1.2);
    expect(store.get(livePricesAtom)['BTC/USD']?.ask).toBe(65000);
    expect(store.get(priceTextAtom)).toBeNull();
  });

  it('drops ticks still waiting for a frame when their socket goes away', async () => {
    const { socket } = await subscribedFeed();
    socket.serverSends(tick('EUR/USD', 1.3, 1));
    expect(frames).toHaveLength(1);
    socket.serverCloses(1006);
    paint();
    expect(priceUpdates).toBe(0);
    expect(store.get(priceTextAtom)).toBe('Offline');
  });

  it('stops on a deliberate close: the socket closes normally and prices read -', async () => {
    const { feed, socket } = await subscribedFeed();
    feed.close();
    expect(socket.closedWith).toBe(1000);
    expect(store.get(priceTextAtom)).toBe('-');
  });
});
