// The FeedClient's reconnects the user must not see (a relay's planned close) and those it must (no network).
import { RELAY_RECONNECT_REASON, TOAST, encodeSubscribed, encodeTick } from '@price-alerts/domain';
import { describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../test/fakeSocket';
import { feedClientHarness, session } from '../../test/feedClientHarness';

const feed = feedClientHarness();

describe('FeedClient: planned closes and a lost network', () => {
  it('reconnects at once and shows nothing when a relay closes for a planned reason', async () => {
    const socket = await feed.connected();
    socket.serverSends(encodeTick(session, 'EURUSD', 1.0851, 1.085, 2_000));
    await vi.advanceTimersByTimeAsync(40 * 60_000);
    feed.log = [];
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.sockets).toHaveLength(2);
    const next = feed.sockets[1] as FakeSocket;
    next.serverOpens();
    expect(next.sent).toEqual(['{"pairs":["EURUSD","BTCUSD"]}']);
    next.serverSends(encodeSubscribed(session));
    next.serverSends(encodeTick(session, 'EURUSD', 1.0852, 1.0851, 3_000));
    // No 'Loading...', no '-', no 'Offline', no toast: only the next tick.
    expect(feed.log).toEqual(['tick:EUR/USD:1.0852:3000']);
  });

  it('shows Offline when the reconnect after a planned close fails', async () => {
    const socket = await feed.connected();
    await vi.advanceTimersByTimeAsync(60_000);
    feed.log = [];
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    const next = feed.sockets[1] as FakeSocket;
    next.serverErrors();
    next.serverCloses(1006);
    expect(feed.log).toEqual(['state:error:Error', `toast:${TOAST.websocketConnection}`, 'state:disconnected:Offline']);
  });

  it('takes a planned close within 30 s of opening as trouble: Offline, and a retry with backoff, not a loop', async () => {
    const socket = await feed.connected();
    feed.log = [];
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.log).toEqual(['state:disconnected:Offline']);
    expect(feed.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(feed.sockets).toHaveLength(2);
  });

  it('shows Loading... again on the next connect after a planned close found the user signed out', async () => {
    const socket = await feed.connected();
    await vi.advanceTimersByTimeAsync(60_000);
    feed.signedIn = false;
    socket.serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    feed.signedIn = true;
    feed.log = [];
    await feed.client.connect();
    expect(feed.log).toEqual(['state:connecting:Loading...']);
  });
});

describe('FeedClient without a network (defect 3)', () => {
  it('says Offline, opens no socket and toasts nothing, then connects when asked once online', async () => {
    feed.online = false;
    await feed.client.connect(['EUR/USD']);
    expect([feed.log, feed.sockets.length]).toEqual([['state:disconnected:Offline'], 0]);
    feed.online = true;
    await feed.client.connect();
    expect(feed.sockets).toHaveLength(1);
  });

  it('takes a socket error and close after the network went as Offline, with no toast and no retry', async () => {
    const socket = await feed.connected();
    feed.log = [];
    feed.online = false;
    socket.serverErrors();
    socket.serverCloses(1006);
    expect(feed.log).toEqual(['state:disconnected:Offline']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.sockets).toHaveLength(1);
  });
});
