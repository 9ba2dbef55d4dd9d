// The FeedClient's reconnects the user must not see (a relay's planned close) and those it must (no network).
import { RELAY_DISPLACED_REASON, RELAY_RECONNECT_REASON } from '@price-alerts/domain/common';
import { encodeSubscribed, encodeTick } from '@price-alerts/domain/prices';
import { TOAST } from '@price-alerts/domain/copy';
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

  it('shows - when another page of the account takes its place, and connects again only when looked at', async () => {
    const socket = await feed.connected();
    feed.log = [];
    socket.serverCloses(1000, RELAY_DISPLACED_REASON);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(feed.log).toEqual(['state:disconnected:-']);
    expect(feed.sockets).toHaveLength(1);
    feed.client.resumeIfDisplaced();
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.sockets).toHaveLength(2);
    // Once back, a page that was not displaced has nothing to resume.
    feed.client.resumeIfDisplaced();
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.sockets).toHaveLength(2);
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

  it('follows two quick planned closes in a row quietly (relays going one after another), not a third', async () => {
    await feed.connected();
    feed.log = [];
    // A socket closed the planned way within seconds of opening: a relay shutting down.
    for (let quick = 1; quick <= 2; quick++) {
      (feed.sockets.at(-1) as FakeSocket).serverCloses(1000, RELAY_RECONNECT_REASON);
      await vi.advanceTimersByTimeAsync(400);
      expect(feed.sockets).toHaveLength(quick);
      await vi.advanceTimersByTimeAsync(100);
      expect(feed.sockets).toHaveLength(quick + 1);
      (feed.sockets.at(-1) as FakeSocket).serverOpens();
      (feed.sockets.at(-1) as FakeSocket).serverSends(encodeSubscribed(session));
    }
    expect(feed.log).toEqual([]);
    // The third in a row is trouble: Offline, and a retry with backoff, not a loop.
    (feed.sockets.at(-1) as FakeSocket).serverCloses(1000, RELAY_RECONNECT_REASON);
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.log).toEqual(['state:disconnected:Offline']);
    await vi.advanceTimersByTimeAsync(999);
    expect(feed.sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(feed.sockets).toHaveLength(4);
  });

  it('counts quick planned closes afresh after a socket that lived', async () => {
    await feed.connected();
    for (const lived of [0, 60_000, 0, 0]) {
      await vi.advanceTimersByTimeAsync(lived);
      (feed.sockets.at(-1) as FakeSocket).serverCloses(1000, RELAY_RECONNECT_REASON);
      await vi.advanceTimersByTimeAsync(500);
      (feed.sockets.at(-1) as FakeSocket).serverOpens();
      (feed.sockets.at(-1) as FakeSocket).serverSends(encodeSubscribed(session));
    }
    expect(feed.sockets).toHaveLength(5);
    expect(feed.log.filter((line) => line.includes('Offline'))).toEqual([]);
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

describe('FeedClient without a network', () => {
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
