import { encodeError, encodePairDay, encodeSubscribed, encodeTick } from '@price-alerts/domain/prices';
import { describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../test/fakeSocket';
import { FeedClient } from './feedClient';
import { feedClientHarness, session } from '../../test/feedClientHarness';

const feed = feedClientHarness();

describe('FeedClient', () => {
  it('shows Loading... while connecting, subscribes on open, then passes ticks on', async () => {
    const socket = await feed.connected();
    socket.serverSends(encodeTick(session, 'EURUSD', 1.0851, 1.085, 2_000));
    expect(feed.log).toEqual([
      'state:connecting:Loading...',
      'state:connected:Loading...',
      'state:subscribed:Loading...',
      'state:subscribed:null',
      'tick:EUR/USD:1.0851:2000',
    ]);
    expect(socket.sent).toEqual(['{"pairs":["EURUSD","BTCUSD"]}']);
  });

  it.each(['7', '9'] as const)('shows Error for every pair and toasts a type %s message', async (code) => {
    const socket = await feed.connected();
    feed.log = [];
    socket.serverSends(encodeError(code, 'Quota exceeded'));
    expect(feed.log).toEqual(['state:error:Error', 'toast:WebSocket Error: Quota exceeded']);
  });

  it('tells one outage once: each new follow’s answer repeats the error without a toast, until a tick ends it', async () => {
    const socket = await feed.connected();
    const outage = encodeError('7', 'Price provider unavailable');
    socket.serverSends(outage);
    // Every follow re-subscribes, and while the upstream is down the relay answers type 0 then the error.
    for (const pairs of [['XAU/JPY'], ['LTC/USD']] as const) {
      feed.client.follow(pairs);
      socket.serverSends(`${encodeSubscribed(session)}\n${outage}`);
    }
    const toasts = () => feed.log.filter((l) => l.startsWith('toast:'));
    expect(toasts()).toEqual(['toast:WebSocket Error: Price provider unavailable']);
    expect(feed.log.at(-1)).toBe('state:error:Error');
    // Recovered: the same outage later is news again.
    socket.serverSends(encodeTick(session, 'EURUSD', 1.0851, 1.085, 2_000));
    socket.serverSends(outage);
    expect(toasts()).toHaveLength(2);
  });

  it('shows Error and toasts on a socket error', async () => {
    const socket = await feed.connected();
    feed.log = [];
    socket.serverErrors();
    expect(feed.log).toEqual(['state:error:Error', 'toast:WebSocket connection error.']);
  });

  it('shows Offline after an abnormal close and tries again', async () => {
    const socket = await feed.connected();
    feed.log = [];
    socket.serverCloses(1006);
    expect(feed.log).toEqual(['state:disconnected:Offline']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(feed.sockets).toHaveLength(2);
  });

  it('shows - for a normal close with any other reason', async () => {
    const socket = await feed.connected();
    feed.log = [];
    socket.serverCloses(1000, 'bye');
    expect(feed.log).toEqual(['state:disconnected:-']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.sockets).toHaveLength(1);
  });

  it('shows - after a deliberate close and stays closed', async () => {
    const socket = await feed.connected();
    feed.log = [];
    feed.client.close();
    socket.serverCloses(1000);
    expect(socket.closedWith).toBe(1000);
    expect(feed.log).toEqual(['state:disconnected:-']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.sockets).toHaveLength(1);
  });

  it('shows Offline when the device loses its network, and reconnects only when asked', async () => {
    const socket = await feed.connected();
    feed.log = [];
    feed.client.offline();
    expect(socket.closedWith).toBe(1000);
    expect(feed.log).toEqual(['state:disconnected:Offline']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.sockets).toHaveLength(1);
    await feed.client.connect();
    expect(feed.sockets).toHaveLength(2);
  });

  it('toasts nothing when it closes a socket that is still connecting (sign-out, Refresh)', async () => {
    await feed.client.connect(['EUR/USD']);
    feed.log = [];
    feed.client.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.log).toEqual(['state:disconnected:-']);
    expect(feed.sockets[0]?.closedWith).toBe(1000);
    await feed.client.connect();
    feed.log = [];
    feed.client.reconnect();
    await vi.advanceTimersByTimeAsync(100);
    expect(feed.log).toEqual(['state:disconnected:-', 'state:connecting:Loading...']);
    expect(feed.sockets[1]?.closedWith).toBe(1000);
    expect(feed.sockets).toHaveLength(3);
  });

  it('toasts nothing when it is closed while its token is being fetched and that fails (sign-out)', async () => {
    let refuse = (_error: Error) => {};
    const signingOut = new FeedClient({
      open: () => {
        throw new Error('no socket without a target');
      },
      target: () => new Promise((_resolve, reject) => (refuse = reject)),
      events: feed.events,
      isOnline: () => true,
    });
    const connecting = signingOut.connect(['EUR/USD']);
    feed.log = [];
    signingOut.close();
    refuse(new Error('auth/no-current-user'));
    await connecting;
    expect(feed.log).toEqual(['state:disconnected:-']);
  });

  it('toasts nothing when the user is signed out before the feed is closed', async () => {
    // Sign-out ends the session first; the screens close the feed when React next renders.
    const signedOut = new FeedClient({
      open: () => {
        throw new Error('no socket without a target');
      },
      target: async () => null,
      events: feed.events,
      isOnline: () => true,
    });
    await signedOut.connect(['EUR/USD']);
    expect(feed.log).toEqual(['state:connecting:Loading...', 'state:disconnected:-']);
  });

  it('reconnects by closing and reopening after 100 ms', async () => {
    const first = await feed.connected();
    feed.client.reconnect();
    expect(first.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(99);
    expect(feed.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(feed.sockets).toHaveLength(2);
  });

  it('never opens a second socket while one is open or connecting', async () => {
    await feed.client.connect(['EUR/USD']);
    await feed.client.connect(['EUR/USD']);
    expect(feed.sockets).toHaveLength(1);
    feed.sockets[0]?.serverOpens();
    await feed.client.connect(['EUR/USD', 'XAU/USD']);
    expect(feed.sockets).toHaveLength(1);
    expect(feed.sockets[0]?.sent.at(-1)).toBe('{"pairs":["EURUSD","XAUUSD"]}');
  });

  it('opens one socket when connect is called twice before the first has its target', async () => {
    // Both calls are in flight at once, each waiting for the relay target (the ID token).
    await Promise.all([feed.client.connect(['EUR/USD']), feed.client.connect(['EUR/USD', 'BTC/USD'])]);
    expect(feed.sockets).toHaveLength(1);
    const socket = feed.sockets[0] as FakeSocket;
    socket.serverOpens();
    expect(socket.sent).toEqual(['{"pairs":["EURUSD","BTCUSD"]}']);
    // The one socket is the client's: a deliberate close closes it, and nothing reopens.
    feed.client.close();
    expect(socket.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.sockets).toHaveLength(1);
  });

  it('skips a malformed frame and keeps the ticks around it', async () => {
    const socket = await feed.connected();
    feed.log = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    socket.serverSends(['1EURUSD|x|1|1', encodeTick(session, 'EURUSD', 1.09, 1.089, 3_000)].join('\n'));
    expect(feed.log).toEqual(['state:subscribed:null', 'tick:EUR/USD:1.09:3000']);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('ends an error at the next tick, without waiting for a type 0', async () => {
    const socket = await feed.connected();
    socket.serverSends(encodeError('7', 'Quota exceeded'));
    feed.log = [];
    socket.serverSends(encodeTick(session, 'EURUSD', 1.09, 1.089, 3_000));
    expect(feed.log).toEqual(['state:subscribed:null', 'tick:EUR/USD:1.09:3000']);
  });

  it('after an error, a type 0 waits for the tick that follows it (Loading...)', async () => {
    const socket = await feed.connected();
    socket.serverSends(encodeError('7', 'Live prices unavailable'));
    feed.log = [];
    socket.serverSends(encodeSubscribed(session));
    socket.serverSends(encodeTick(session, 'EURUSD', 1.09, 1.089, 3_000));
    expect(feed.log).toEqual(['state:subscribed:Loading...', 'state:subscribed:null', 'tick:EUR/USD:1.09:3000']);
  });

  it('passes each pair’s day on, and skips a malformed one', async () => {
    const socket = await feed.connected();
    feed.log = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const day = { dayStart: 0, open: 65_000, openAt: 0, closes: [{ minute: 0, ask: 65_000 }] };
    socket.serverSends([encodePairDay('BTCUSD', day), '3{"symbol":"EURUSD","open":-1}'].join('\n'));
    expect(feed.log).toEqual(['day:BTC/USD:65000']);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('FeedClient.follow', () => {
  it('subscribes to the union of the base pairs and every followed set, whatever order they leave in', async () => {
    const socket = await feed.connected();
    const panel = feed.client.follow(['XAU/USD']);
    const picker = feed.client.follow(['XAU/USD', 'ETH/USD']);
    expect(socket.sent.at(-1)).toBe('{"pairs":["EURUSD","BTCUSD","XAUUSD","ETHUSD"]}');
    panel();
    // XAU/USD is still followed by the picker: nothing to send.
    expect(socket.sent).toHaveLength(3);
    picker();
    expect(socket.sent.at(-1)).toBe('{"pairs":["EURUSD","BTCUSD"]}');
  });
});
