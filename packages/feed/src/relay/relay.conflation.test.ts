// The relay's fan-out under load, over real sockets on loopback: ticks are conflated into one frame
// per client per flush, and a client that stops reading skips ticks instead of having them queued.
// Tokens are checked by a stand-in (as in relay.test.ts).
import { CURRENCY_PAIRS, type CurrencyPair } from '@price-alerts/domain/common';
import { encodeSubscribe, parseFeedFrame, relayProtocols, type FeedSession } from '@price-alerts/domain/prices';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { recordingLogger } from '../shared/log.ts';
import { Relay, type RelayOptions, type VerifiedToken } from './relay.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function verifyToken(token: string): Promise<VerifiedToken> {
  if (token.startsWith('good-')) return { uid: token.slice(5), exp: Math.floor(Date.now() / 1000) + 3600 };
  throw new Error('Invalid token');
}

let server: Server | undefined;
let relay: Relay | undefined;
const sockets: WebSocket[] = [];

async function startRelay(options: Partial<RelayOptions> = {}) {
  server = createServer();
  relay = new Relay({ verifyToken, heartbeatMs: 60_000, log: recordingLogger(), ...options });
  relay.attach(server);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { relay, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/prices` };
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await relay?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  relay = undefined;
  server = undefined;
});

const tick = (pair: CurrencyPair, ask: number) => ({ pair, ask, bid: ask / 2, timestamp: Date.now(), symbol: '' });

type Asks = Partial<Record<CurrencyPair, number[]>>;

/** A signed-in client that keeps each frame's ticks together: one entry per WebSocket frame. */
async function frameClient(url: string, uid: string) {
  const socket = new WebSocket(url, relayProtocols(`good-${uid}`));
  sockets.push(socket);
  let session: FeedSession | null = null;
  const frames: Asks[] = [];
  socket.on('message', (data) => {
    const asks: Asks = {};
    let ticks = 0;
    for (const m of parseFeedFrame(data.toString(), session)) {
      if (m.type === 'subscribed') session = m.session;
      if (m.type === 'tick' && m.tick.pair) {
        (asks[m.tick.pair] ??= []).push(m.tick.ask);
        ticks += 1;
      }
    }
    if (ticks > 0) frames.push(asks);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Waits for a frame that holds exactly these asks. */
  const frameWith = (wanted: Partial<Record<CurrencyPair, number>>) =>
    expect
      .poll(() => frames.some((f) => Object.entries(wanted).every(([p, ask]) => f[p as CurrencyPair]?.[0] === ask)))
      .toBe(true);
  return { socket, frames, frameWith, subscribed: () => expect.poll(() => session !== null).toBe(true) };
}

describe('relay: conflation', () => {
  it('sends a burst within one interval as one frame holding the newest tick of each followed pair', async () => {
    const flushMs = 100;
    const { url, relay: current } = await startRelay({ flushMs });
    const client = await frameClient(url, 'burst');
    client.socket.send(encodeSubscribe(['EUR/USD', 'GBP/USD']));
    await client.subscribed();

    for (let round = 1; round <= 3; round++) {
      const before = client.frames.length;
      // One synchronous burst: no flush can run in the middle of it.
      for (let i = 1; i <= 50; i++) {
        current.publish(tick('EUR/USD', round * 1000 + i));
        current.publish(tick('GBP/USD', round * 2000 + i));
        current.publish(tick('USD/JPY', round * 3000 + i));
      }
      await client.frameWith({ 'EUR/USD': round * 1000 + 50 });
      await sleep(3 * flushMs);
      expect(client.frames.slice(before)).toEqual([{ 'EUR/USD': [round * 1000 + 50], 'GBP/USD': [round * 2000 + 50] }]);
    }
  });

  it('sends a stream faster than the interval as at most one frame per interval, ending on the latest prices', async () => {
    const flushMs = 50;
    const { url, relay: current } = await startRelay({ flushMs });
    const client = await frameClient(url, 'stream');
    client.socket.send(encodeSubscribe(['EUR/USD', 'GBP/USD']));
    await client.subscribed();

    // A tick of each pair every millisecond or so, for 500 ms: about ten per interval.
    let n = 0;
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        n += 1;
        current.publish(tick('EUR/USD', n));
        current.publish(tick('GBP/USD', 10_000 + n));
        if (Date.now() - started >= 500) {
          clearInterval(timer);
          resolve();
        }
      }, 1);
    });
    const elapsed = Date.now() - started;
    await client.frameWith({ 'EUR/USD': n, 'GBP/USD': 10_000 + n });
    await sleep(3 * flushMs);

    const { frames } = client;
    expect(n).toBeGreaterThan(3 * frames.length);
    // One flush per interval while ticks came in, and one more for the ticks after the last of those.
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(elapsed / flushMs) + 2);
    for (const frame of frames) {
      expect(Object.keys(frame).sort()).toEqual(['EUR/USD', 'GBP/USD']);
      expect(frame['EUR/USD']).toHaveLength(1);
      expect(frame['GBP/USD']).toHaveLength(1);
    }
    expect(frames.at(-1)).toEqual({ 'EUR/USD': [n], 'GBP/USD': [10_000 + n] });
  });
});

describe('relay: a client that does not read', () => {
  it('skips its ticks past the queued-bytes bound while a reading client gets every frame', async () => {
    const { url, relay: current } = await startRelay({
      flushMs: 20,
      messageBurst: 1e9,
      messagesPerSecond: 1e9,
      maxBufferedBytes: 64 * 1024,
      // Well past what the backlog below queues: this client is skipped, never closed.
      maxQueuedBytes: 1 << 30,
      stallMs: 60_000,
    });
    const filler = CURRENCY_PAIRS.filter((p) => p !== 'EUR/USD' && p !== 'GBP/USD');
    for (const pair of [...CURRENCY_PAIRS]) current.publish(tick(pair, 1));

    const reader = await frameClient(url, 'reader');
    reader.socket.send(encodeSubscribe(['EUR/USD', 'GBP/USD']));
    await reader.subscribed();

    // The slow client stops reading, then asks for the other 13 pairs 20,000 times: each answer
    // (session and 13 latest ticks, about 700 bytes) is queued to it, some 14 MB, more than the
    // kernel's socket buffers hold. Its last message switches it to the pairs the test moves.
    const slow = await frameClient(url, 'slow');
    slow.socket.pause();
    const fill = encodeSubscribe(filler);
    for (let i = 0; i < 20_000; i++) slow.socket.send(fill);
    slow.socket.send(encodeSubscribe(['EUR/USD', 'GBP/USD']));
    // A flush skips it only once it follows EUR/USD, so after the relay has answered all of the above.
    let probe = 1;
    await expect
      .poll(
        () => {
          probe += 0.001;
          current.publish(tick('EUR/USD', probe));
          return current.skippedForBackpressure;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    // The last probe's flush is over once the reader has it.
    await reader.frameWith({ 'EUR/USD': probe });

    const skippedBefore = current.skippedForBackpressure;
    const framesBefore = reader.frames.length;
    const rounds = 20;
    for (let k = 1; k <= rounds; k++) {
      current.publish(tick('EUR/USD', 100 + k));
      current.publish(tick('GBP/USD', 200 + k));
      await reader.frameWith({ 'EUR/USD': 100 + k, 'GBP/USD': 200 + k });
    }
    expect(reader.frames.slice(framesBefore)).toEqual(
      Array.from({ length: rounds }, (_, i) => ({ 'EUR/USD': [101 + i], 'GBP/USD': [201 + i] })),
    );
    expect(current.skippedForBackpressure - skippedBefore).toBe(rounds);
    expect([current.clientCount, current.closedForBackpressure]).toEqual([2, 0]);

    // Reading again, it drains what was queued before it fell behind and then gets fresh prices,
    // but none of the ticks it was behind for: they were skipped, not queued.
    slow.socket.resume();
    await expect
      .poll(
        () => {
          current.publish(tick('EUR/USD', 999));
          return slow.frames.some((f) => f['EUR/USD']?.includes(999));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const slowEurAsks = slow.frames.flatMap((f) => f['EUR/USD'] ?? []);
    const slowGbpAsks = slow.frames.flatMap((f) => f['GBP/USD'] ?? []);
    expect(slowEurAsks.filter((ask) => ask > 100 && ask <= 100 + rounds)).toEqual([]);
    expect(slowGbpAsks.filter((ask) => ask > 200 && ask <= 200 + rounds)).toEqual([]);
  }, 60_000);
});
