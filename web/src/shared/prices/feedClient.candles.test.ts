import { encodeCandles, encodeError, encodeSubscribed } from '@price-alerts/domain/prices';
import { describe, expect, it, vi } from 'vitest';
import { feedClientHarness, session } from '../../test/feedClientHarness';

const feed = feedClientHarness();
const request = { symbol: 'EURUSD', side: 'mid', range: '1d' } as const;
const asked = '{"candles":{"symbol":"EURUSD","side":"mid","range":"1d"}}';

describe('FeedClient: a chart’s history', () => {
  it('asks once the relay has answered, passes the answer on, and stops asking when let go', async () => {
    await feed.client.connect(['EUR/USD']);
    const [socket] = feed.sockets;
    if (!socket) throw new Error('no socket opened');
    const stop = feed.client.watchCandles(request);
    socket.serverOpens();
    expect(socket.sent).toEqual(['{"pairs":["EURUSD"]}']);
    socket.serverSends(encodeSubscribed(session));
    expect(socket.sent.at(-1)).toBe(asked);
    socket.serverSends(encodeCandles({ ...request, candles: [{ t: 900_000, o: 1.1, h: 1.2, l: 1.0, c: 1.15 }] }));
    expect(feed.log.at(-1)).toBe('candles:EUR/USD:mid:1d:1');
    stop();
    socket.serverCloses(1006);
    await feed.client.connect();
    const next = feed.sockets[1];
    next?.serverOpens();
    next?.serverSends(encodeSubscribed(session));
    expect(next?.sent).toEqual(['{"pairs":["EURUSD"]}']);
  });

  it('asks at once on a socket already answered, and again with each answer: a resync, a relay fed at last', async () => {
    const socket = await feed.connected();
    feed.client.watchCandles(request);
    expect(socket.sent.filter((m) => m === asked)).toHaveLength(1);
    feed.client.follow(['XAU/USD']);
    socket.serverSends(encodeSubscribed(session));
    expect(socket.sent.filter((m) => m === asked)).toHaveLength(2);
    socket.serverSends(encodeError('7', 'Live prices unavailable'));
    socket.serverSends(encodeSubscribed(session));
    expect(socket.sent.filter((m) => m === asked)).toHaveLength(3);
  });

  it('asks again on the socket a reconnect opens', async () => {
    const socket = await feed.connected();
    feed.client.watchCandles(request);
    // A planned close soon after the socket opened is followed after half a second.
    socket.serverCloses(1000, 'reconnect');
    await vi.advanceTimersByTimeAsync(500);
    const next = feed.sockets.at(-1);
    expect(next).not.toBe(socket);
    next?.serverOpens();
    next?.serverSends(encodeSubscribed(session));
    expect(next?.sent).toContain(asked);
  });
});
