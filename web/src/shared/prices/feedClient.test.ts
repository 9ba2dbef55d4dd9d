import {
  RELAY_RECONNECT_REASON,
  TOAST,
  encodeError,
  encodePairDay,
  encodeSubscribed,
  encodeTick,
  type FeedSession,
} from '@price-alerts/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fakeSocket';
import { FeedClient, type FeedEvents } from './feedClient';

const session: FeedSession = {
  mapping: {},
  order: ['name', 'ask', 'bid', 'time'],
  startTime: 1_000,
  timeMult: 1,
  sessionUid: 's',
};
let sockets: FakeSocket[];
let log: string[];
let client: FeedClient;
let online: boolean;
let signedIn: boolean;

const events: FeedEvents = {
  state: (s) => log.push(`state:${s.status}:${s.text}`),
  tick: (pair, p) => log.push(`tick:${pair}:${p.ask}:${p.timestamp}`),
  day: (pair, d) => log.push(`day:${pair}:${d.open}`),
  toast: (m) => log.push(`toast:${m}`),
};

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  log = [];
  online = true;
  signedIn = true;
  client = new FeedClient({
    open: ({ url }) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    target: async () => (signedIn ? { url: 'ws://relay/prices', protocols: ['price-alerts.v1', 'bearer.t'] } : null),
    events,
    retryDelay: () => 1_000,
    isOnline: () => online,
  });
});
afterEach(() => vi.useRealTimers());

async function connected(): Promise<FakeSocket> {
  await client.connect(['EUR/USD', 'BTC/USD']);
  const socket = sockets.at(-1) as FakeSocket;
  socket.serverOpens();
  socket.serverSends(encodeSubscribed(session));
  return socket;
}

describe('FeedClient', () => {
  it('shows Loading... while connecting, subscribes on open, then passes ticks on', async () => {
    const socket = await connected();
    socket.serverSends(encodeTick(session, 'EURUSD', 1.0851, 1.085, 2_000));
    expect(log).toEqual([
      'state:connecting:Loading...',
      'state:connected:Loading...',
      'state:subscribed:Loading...',
      'state:subscribed:null',
      'tick:EUR/USD:1.0851:2000',
    ]);
    expect(socket.sent).toEqual(['{"pairs":["EURUSD","BTCUSD"]}']);
  });

  it.each(['7', '9'] as const)('shows Error for every pair and toasts a type %s message', async (code) => {
    const socket = await connected();
    log = [];
    socket.serverSends(encodeError(code, 'Quota exceeded'));
    expect(log).toEqual(['state:error:Error', 'toast:WebSocket Error: Quota exceeded']);
  });

  it('tells one outage once: each new follow’s answer repeats the error without a toast, until a tick ends it', async () => {
    const socket = await connected();
    const outage = encodeError('7', 'Price provider unavailable');
    socket.serverSends(outage);
    // Every follow re-subscribes, and while the upstream is down the relay answers type 0 then the error.
    for (const pairs of [['XAU/JPY'], ['LTC/USD']] as const) {
      client.follow(pairs);
      socket.serverSends(`${encodeSubscribed(session)}\n${outage}`);
    }
    const toasts = () => log.filter((l) => l.startsWith('toast:'));
    expect(toasts()).toEqual(['toast:WebSocket Error: Price provider unavailable']);
    expect(log.at(-1)).toBe('state:error:Error');
    // Recovered: the same outage later is news again.
    socket.serverSends(encodeTick(session, 'EURUSD', 1.0851, 1.085, 2_000));
    socket.serverSends(outage);
    expect(toasts()).toHaveLength(2);
  });

  it('shows Error and toasts on a socket error', async () => {
    const socket = await connected();
    log = [];
    socket.serverErrors();
    expect(log).toEqual(['state:error:Error', 'toast:WebSocket connection error.']);
  });

  it('shows Offline after an abnormal close and tries again', async () => {
    const socket = await connected();
    log = [];
    socket.serverCloses(1006);
    expect(log).toEqual(['state:disconnected:Offline']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects at once and shows nothing when a relay closes for a planned reason', async () => {
    const socket = await connected();
    socket.serverSends(encodeTick(session, 'EURUSD', 1.0851, 1.085, 2_000));
    await vi.advanceTimersByTimeAsync(40 * 60_000);
    log = [];
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    const next = sockets[1] as FakeSocket;
    next.serverOpens();
    expect(next.sent).toEqual(['{"pairs":["EURUSD","BTCUSD"]}']);
    next.serverSends(encodeSubscribed(session));
    next.serverSends(encodeTick(session, 'EURUSD', 1.0852, 1.0851, 3_000));
    // No 'Loading...', no '-', no 'Offline', no toast: only the next tick.
    expect(log).toEqual(['tick:EUR/USD:1.0852:3000']);
  });

  it('shows Offline when the reconnect after a planned close fails', async () => {
    const socket = await connected();
    await vi.advanceTimersByTimeAsync(60_000);
    log = [];
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    const next = sockets[1] as FakeSocket;
    next.serverErrors();
    next.serverCloses(1006);
    expect(log).toEqual(['state:error:Error', `toast:${TOAST.websocketConnection}`, 'state:disconnected:Offline']);
  });

  it('takes a planned close within 30 s of opening as trouble: Offline, and a retry with backoff, not a loop', async () => {
    const socket = await connected();
    log = [];
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['state:disconnected:Offline']);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('shows Loading... again on the next connect after a planned close found the user signed out', async () => {
    const socket = await connected();
    await vi.advanceTimersByTimeAsync(60_000);
    signedIn = false;
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    signedIn = true;
    log = [];
    await client.connect();
    expect(log).toEqual(['state:connecting:Loading...']);
  });

  it('shows - for a normal close with any other reason', async () => {
    const socket = await connected();
    log = [];
    socket.serverCloses(1000, 'bye');
    expect(log).toEqual(['state:disconnected:-']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('shows - after a deliberate close and stays closed', async () => {
    const socket = await connected();
    log = [];
    client.close();
    socket.serverCloses(1000);
    expect(socket.closedWith).toBe(1000);
    expect(log).toEqual(['state:disconnected:-']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('shows Offline when the device loses its network, and reconnects only when asked', async () => {
    const socket = await connected();
    log = [];
    client.offline();
    expect(socket.closedWith).toBe(1000);
    expect(log).toEqual(['state:disconnected:Offline']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    await client.connect();
    expect(sockets).toHaveLength(2);
  });

  it('toasts nothing when it closes a socket that is still connecting (sign-out, Refresh)', async () => {
    await client.connect(['EUR/USD']);
    log = [];
    client.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log).toEqual(['state:disconnected:-']);
    expect(sockets[0]?.closedWith).toBe(1000);
    await client.connect();
    log = [];
    client.reconnect();
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual(['state:disconnected:-', 'state:connecting:Loading...']);
    expect(sockets[1]?.closedWith).toBe(1000);
    expect(sockets).toHaveLength(3);
  });

  it('toasts nothing when it is closed while its token is being fetched and that fails (sign-out)', async () => {
    let refuse = (_error: Error) => {};
    const signingOut = new FeedClient({
      open: () => {
        throw new Error('no socket without a target');
      },
      target: () => new Promise((_resolve, reject) => (refuse = reject)),
      events,
      isOnline: () => true,
    });
    const connecting = signingOut.connect(['EUR/USD']);
    log = [];
    signingOut.close();
    refuse(new Error('auth/no-current-user'));
    await connecting;
    expect(log).toEqual(['state:disconnected:-']);
  });

  it('toasts nothing when the user is signed out before the feed is closed', async () => {
    // Sign-out ends the session first; the screens close the feed when React next renders.
    const signedOut = new FeedClient({
      open: () => {
        throw new Error('no socket without a target');
      },
      target: async () => null,
      events,
      isOnline: () => true,
    });
    await signedOut.connect(['EUR/USD']);
    expect(log).toEqual(['state:connecting:Loading...', 'state:disconnected:-']);
  });

  it('reconnects by closing and reopening after 100 ms', async () => {
    const first = await connected();
    client.reconnect();
    expect(first.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(99);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
  });

  it('never opens a second socket while one is open or connecting', async () => {
    await client.connect(['EUR/USD']);
    await client.connect(['EUR/USD']);
    expect(sockets).toHaveLength(1);
    sockets[0]?.serverOpens();
    await client.connect(['EUR/USD', 'XAU/USD']);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.sent.at(-1)).toBe('{"pairs":["EURUSD","XAUUSD"]}');
  });

  it('opens one socket when connect is called twice before the first has its target', async () => {
    // Both calls are in flight at once, each waiting for the relay target (the ID token).
    await Promise.all([client.connect(['EUR/USD']), client.connect(['EUR/USD', 'BTC/USD'])]);
    expect(sockets).toHaveLength(1);
    const socket = sockets[0] as FakeSocket;
    socket.serverOpens();
    expect(socket.sent).toEqual(['{"pairs":["EURUSD","BTCUSD"]}']);
    // The one socket is the client's: a deliberate close closes it, and nothing reopens.
    client.close();
    expect(socket.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('skips a malformed frame and keeps the ticks around it', async () => {
    const socket = await connected();
    log = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    socket.serverSends(['1EURUSD|x|1|1', encodeTick(session, 'EURUSD', 1.09, 1.089, 3_000)].join('\n'));
    expect(log).toEqual(['state:subscribed:null', 'tick:EUR/USD:1.09:3000']);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('ends an error at the next tick, without waiting for a type 0 (defect 4)', async () => {
    const socket = await connected();
    socket.serverSends(encodeError('7', 'Quota exceeded'));
    log = [];
    socket.serverSends(encodeTick(session, 'EURUSD', 1.09, 1.089, 3_000));
    expect(log).toEqual(['state:subscribed:null', 'tick:EUR/USD:1.09:3000']);
  });

  it('after an error, a type 0 waits for the tick that follows it (Loading...)', async () => {
    const socket = await connected();
    socket.serverSends(encodeError('7', 'Live prices unavailable'));
    log = [];
    socket.serverSends(encodeSubscribed(session));
    socket.serverSends(encodeTick(session, 'EURUSD', 1.09, 1.089, 3_000));
    expect(log).toEqual(['state:subscribed:Loading...', 'state:subscribed:null', 'tick:EUR/USD:1.09:3000']);
  });

  it('passes each pair’s day on, and skips a malformed one', async () => {
    const socket = await connected();
    log = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const day = { dayStart: 0, open: 65_000, openAt: 0, closes: [{ minute: 0, ask: 65_000 }] };
    socket.serverSends([encodePairDay('BTCUSD', day), '3{"symbol":"EURUSD","open":-1}'].join('\n'));
    expect(log).toEqual(['day:BTC/USD:65000']);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('FeedClient.follow', () => {
  it('subscribes to the union of the base pairs and every followed set, whatever order they leave in', async () => {
    const socket = await connected();
    const panel = client.follow(['XAU/USD']);
    const picker = client.follow(['XAU/USD', 'ETH/USD']);
    expect(socket.sent.at(-1)).toBe('{"pairs":["EURUSD","BTCUSD","XAUUSD","ETHUSD"]}');
    panel();
    // XAU/USD is still followed by the picker: nothing to send.
    expect(socket.sent).toHaveLength(3);
    picker();
    expect(socket.sent.at(-1)).toBe('{"pairs":["EURUSD","BTCUSD"]}');
  });
});

describe('FeedClient without a network (defect 3)', () => {
  it('says Offline, opens no socket and toasts nothing, then connects when asked once online', async () => {
    online = false;
    await client.connect(['EUR/USD']);
    expect([log, sockets.length]).toEqual([['state:disconnected:Offline'], 0]);
    online = true;
    await client.connect();
    expect(sockets).toHaveLength(1);
  });

  it('takes a socket error and close after the network went as Offline, with no toast and no retry', async () => {
    const socket = await connected();
    log = [];
    online = false;
    socket.serverErrors();
    socket.serverCloses(1006);
    expect(log).toEqual(['state:disconnected:Offline']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});
