// One FeedClient over fake sockets, fresh for each test, for the FeedClient tests split by concern.
import { encodeSubscribed, type FeedSession } from '@price-alerts/domain/prices';
import { afterEach, beforeEach, vi } from 'vitest';
import { FeedClient } from '../shared/prices/feedClient';
import type { FeedEvents } from '../shared/prices/feedTypes';
import { FakeSocket } from './fakeSocket';

export const session: FeedSession = {
  mapping: {},
  order: ['name', 'ask', 'bid', 'time'],
  startTime: 1_000,
  timeMult: 1,
  sessionUid: 's',
};

export interface FeedClientHarness {
  client: FeedClient;
  /** Every socket opened, the latest last. */
  sockets: FakeSocket[];
  /** What the client told the app, one line per event. */
  log: string[];
  online: boolean;
  signedIn: boolean;
  /** The events the client reports into `log`, for a test that builds a FeedClient of its own. */
  events: FeedEvents;
  /** Connects to EUR/USD and BTC/USD, and the server opens and answers with type 0. */
  connected(): Promise<FakeSocket>;
}

/** Registers the per-test setup (fake timers included) and returns the harness it refills. */
export function feedClientHarness(): FeedClientHarness {
  const feed = {} as FeedClientHarness;
  const events: FeedEvents = (feed.events = {
    state: (s) => feed.log.push(`state:${s.status}:${s.text}`),
    tick: (pair, p) => feed.log.push(`tick:${pair}:${p.ask}:${p.timestamp}`),
    day: (pair, d) => feed.log.push(`day:${pair}:${d.open}`),
    candles: (pair, m) => feed.log.push(`candles:${pair}:${m.side}:${m.range}:${m.candles.length}`),
    toast: (m) => feed.log.push(`toast:${m}`),
  });
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(feed, { sockets: [], log: [], online: true, signedIn: true });
    feed.client = new FeedClient({
      open: ({ url }) => {
        const socket = new FakeSocket(url);
        feed.sockets.push(socket);
        return socket;
      },
      target: async () =>
        feed.signedIn ? { url: 'ws://relay/prices', protocols: ['price-alerts.v1', 'bearer.t'] } : null,
      events,
      retryDelay: () => 1_000,
      isOnline: () => feed.online,
    });
    feed.connected = async () => {
      await feed.client.connect(['EUR/USD', 'BTC/USD']);
      const socket = feed.sockets.at(-1) as FakeSocket;
      socket.serverOpens();
      socket.serverSends(encodeSubscribed(session));
      return socket;
    };
  });
  afterEach(() => vi.useRealTimers());
  return feed;
}
