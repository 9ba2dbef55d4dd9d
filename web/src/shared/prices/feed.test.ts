import { TOP_PAIRS } from '@price-alerts/domain/common';
import {
  encodeError,
  encodePairDay,
  encodeSubscribed,
  encodeTick,
  type FeedSession,
} from '@price-alerts/domain/prices';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fakeSocket';
import { feedStatusAtom, livePricesAtom, pairDaysAtom, priceTextAtom } from './atoms';
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

  it('leaves Error for prices in the frame that paints the first tick after it, for every screen at once', async () => {
    const { socket } = await subscribedFeed();
    socket.serverSends(encodeError('7', 'Quota exceeded'));
    expect([store.get(feedStatusAtom), store.get(priceTextAtom)]).toEqual(['error', 'Error']);
    socket.serverSends(tick('EUR/USD', 1.4, 5));
    // Until the frame paints, nothing changes: no screen shows an old price in between.
    expect([store.get(feedStatusAtom), store.get(priceTextAtom)]).toEqual(['error', 'Error']);
    paint();
    expect([store.get(feedStatusAtom), store.get(priceTextAtom), store.get(livePricesAtom)['EUR/USD']?.ask]).toEqual([
      'subscribed',
      null,
      1.4,
    ]);
  });

  it('keeps each pair’s day from the relay and folds the ticks that follow into it', async () => {
    const { socket } = await subscribedFeed();
    const day = { dayStart: 0, open: 100, openAt: 0, closes: [{ minute: 0, ask: 100 }] };
    socket.serverSends(encodePairDay('BTCUSD', day));
    socket.serverSends(tick('BTC/USD', 103, 60_500));
    paint();
    expect(store.get(pairDaysAtom)['BTC/USD']).toEqual({
      ...day,
      closes: [
        { minute: 0, ask: 100 },
        { minute: 60_000, ask: 103 },
      ],
    });
    // A pair the relay sent no day for has none: its change waits for one.
    expect(store.get(pairDaysAtom)['EUR/USD']).toBeUndefined();
  });

  it('leaves a pair’s day as it was for a tick dated over a minute after the device’s clock, and folds the true ones after it', async () => {
    const now = Date.now();
    const dayStart = Math.floor(now / 86_400_000) * 86_400_000;
    const minute = Math.floor(now / 60_000) * 60_000;
    const { socket } = await subscribedFeed();
    const day = { dayStart, open: 100, openAt: dayStart, closes: [{ minute: dayStart, ask: 100 }] };
    socket.serverSends(encodePairDay('BTCUSD', day));
    socket.serverSends(tick('BTC/USD', 999, now + 2 * 86_400_000));
    paint();
    expect(store.get(pairDaysAtom)['BTC/USD']).toEqual(day);
    socket.serverSends(tick('BTC/USD', 101, now));
    paint();
    expect(store.get(pairDaysAtom)['BTC/USD']?.closes.at(-1)).toEqual({ minute, ask: 101 });
  });
});
