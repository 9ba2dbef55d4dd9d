// A relay's candles on the ingest's side of the feed, over real sockets: the hello says the ingest takes
// them; one message a connection is merged into the ingest's book; anything else a relay sends changes
// nothing, is logged once a connection, and closes nothing but an oversized frame's own socket.
import { CURRENCY_PAIRS } from '@price-alerts/domain/common';
import {
  MAX_FEED_CANDLES_BYTES,
  RELAY_FEED_PATH,
  parseRelayFeed,
  relayFeedProtocols,
  type PairHistory,
} from '@price-alerts/domain/prices';
import { describe, expect, it } from 'vitest';
import { FEED_TEST_KEY, cleanupsAfterEach, hoursAgo } from '../testing/candleTests.ts';
import { WebSocket } from 'ws';
import type { IngestService } from './ingest.ts';
import { CandleBook } from '../shared/pairCandles.ts';
import { recordingLogger } from '../shared/log.ts';
import { startTestIngest } from '../testing/testIngest.ts';
import { sleep } from '../testing/testRelay.ts';

const KEY = FEED_TEST_KEY;
const cleanups = cleanupsAfterEach();

/** An ingest whose upstream is nowhere, holding BTC/USD at 100 five hours ago. */
async function startIngest() {
  const log = recordingLogger();
  const ingest = await startTestIngest(
    'ws://127.0.0.1:9/none',
    { feedKey: KEY, initialBackoffMs: 60_000, maxBackoffMs: 60_000, silentMs: 60_000 },
    log,
  );
  cleanups.push(() => ingest.close());
  ingest.relay.candles.add({ pair: 'BTC/USD', symbol: '', ask: 100, bid: 99, timestamp: hoursAgo(5) });
  return { ingest, log };
}

/** A relay's feed socket, played by the test: its hello, and everything it gets after. */
async function relaySocket(ingest: IngestService) {
  const ws = new WebSocket(`ws://127.0.0.1:${ingest.port}${RELAY_FEED_PATH}`, relayFeedProtocols(KEY));
  const frames: string[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('error', () => {});
  ws.on('message', (data) => frames.push(String(data)));
  cleanups.push(() => ws.close());
  await expect.poll(() => frames.length, { timeout: 5_000 }).toBeGreaterThan(0);
  const hello = parseRelayFeed(frames[0] ?? '');
  if (!hello.ok || hello.message.type !== 'hello') throw new Error('no hello');
  return { ws, frames, closed, hello: hello.message };
}

/** BTC/USD's candles folded from [ask, hours ago] ticks, in brief. */
function history(ticks: [number, number][]): PairHistory[] {
  const book = new CandleBook();
  for (const [ask, ago] of ticks)
    book.add({ pair: 'BTC/USD', symbol: '', ask, bid: ask - 1, timestamp: hoursAgo(ago) });
  return book.snapshot();
}

const week = (ingest: IngestService) => ingest.relay.candles.candles('BTC/USD', 'ask', '1w').map((c) => [c.l, c.h]);

describe('a relay’s candles at the ingest', () => {
  it('are merged once a connection: the hello says the ingest takes them', async () => {
    const { ingest, log } = await startIngest();
    const relay = await relaySocket(ingest);
    expect(relay.hello.takesCandles).toBe(true);
    relay.ws.send(
      JSON.stringify({
        type: 'candles',
        candles: history([
          [90, 5],
          [110, 3],
        ]),
      }),
    );
    await expect
      .poll(() => week(ingest), { timeout: 5_000 })
      .toEqual([
        [90, 100],
        [110, 110],
      ]);
    // A second on the same connection changes nothing.
    relay.ws.send(JSON.stringify({ type: 'candles', candles: history([[120, 2]]) }));
    await expect.poll(() => ingest.feed?.badFrames, { timeout: 5_000 }).toBe(1);
    expect(week(ingest)).toHaveLength(2);
    expect(ingest.feed?.candlesMerged).toBe(1);
    expect(log.lines.filter((l) => l.message === 'Merged a relay’s candles')).toHaveLength(1);
    // Nothing was sent back for it: the relay has its hello and nothing else.
    await sleep(100);
    expect(relay.frames).toHaveLength(1);
  });

  it('change nothing when malformed, are logged once, and the relay is served on', async () => {
    const { ingest, log } = await startIngest();
    const before = ingest.relay.candles.snapshot();
    const relay = await relaySocket(ingest);
    const bad = [
      'not json',
      '{"type":"candles"}',
      JSON.stringify({
        type: 'candles',
        candles: [...CURRENCY_PAIRS, 'BTC/USD'].map((pair) => ({ pair, candles: {} })),
      }),
      JSON.stringify({ type: 'hello', ticks: [], days: [], outage: null, candles: history([[90, 4]]) }),
      'null',
    ];
    for (const text of bad) relay.ws.send(text);
    relay.ws.send(Buffer.from(JSON.stringify({ type: 'candles', candles: history([[90, 4]]) })), { binary: true });
    await expect.poll(() => ingest.feed?.badFrames, { timeout: 5_000 }).toBe(bad.length + 1);
    expect(ingest.relay.candles.snapshot()).toEqual(before);
    expect(ingest.feed?.candlesMerged).toBe(0);
    expect(log.lines.filter((l) => l.message === 'Relay feed ignored a relay’s message')).toHaveLength(1);
    // The socket is open and fed.
    expect(relay.ws.readyState).toBe(WebSocket.OPEN);
    ingest.feed?.publish({ pair: 'EUR/USD', symbol: 'EURUSD', ask: 1.1, bid: 1.0999, timestamp: Date.now() });
    await expect.poll(() => relay.frames.some((f) => f.startsWith('{"type":"ticks"')), { timeout: 5_000 }).toBe(true);
    // And a true message after them is still taken.
    relay.ws.send(JSON.stringify({ type: 'candles', candles: history([[90, 4]]) }));
    await expect.poll(() => ingest.feed?.candlesMerged, { timeout: 5_000 }).toBe(1);
  });

  it.each([
    [
      'a price below the least the messages carry',
      { pair: 'ETH/USD', candles: { ask: { '1w': [0, [[1, 1, 5e-5, 1]]] } } },
    ],
    ['a run that starts off its buckets', { pair: 'ETH/USD', candles: { ask: { '1w': [1, [[1, 1, 1, 1]]] } } }],
    ['a pair it does not know', { pair: 'EUR/XYZ', candles: {} }],
    ['a pair given twice', { pair: 'BTC/USD', candles: {} }],
  ])('skip a pair with %s alone, logged, and merge the rest', async (_name, bad) => {
    const { ingest, log } = await startIngest();
    const relay = await relaySocket(ingest);
    relay.ws.send(JSON.stringify({ type: 'candles', candles: [...history([[90, 4]]), bad] }));
    await expect.poll(() => ingest.feed?.candlesMerged, { timeout: 5_000 }).toBe(1);
    expect(week(ingest)).toEqual([
      [100, 100],
      [90, 90],
    ]);
    expect(ingest.relay.candles.candles('ETH/USD', 'ask', '1w')).toEqual([]);
    expect(ingest.feed?.badFrames).toBe(0);
    expect(log.lines.filter((l) => l.message === 'Relay feed skipped pairs of a relay’s candles')).toEqual([
      {
        severity: 'warn',
        message: 'Relay feed skipped pairs of a relay’s candles',
        fields: { skipped: [{ pair: bad.pair, reason: expect.any(String) as unknown }] },
      },
    ]);
  });

  it('close, in a frame over the bound, that relay’s socket alone; the others are served on', async () => {
    const { ingest } = await startIngest();
    const other = await relaySocket(ingest);
    const relay = await relaySocket(ingest);
    relay.ws.send('x'.repeat(MAX_FEED_CANDLES_BYTES + 1));
    expect(await relay.closed).toBe(1009);
    await expect.poll(() => ingest.feed?.relayCount, { timeout: 5_000 }).toBe(1);
    ingest.feed?.publish({ pair: 'EUR/USD', symbol: 'EURUSD', ask: 1.1, bid: 1.0999, timestamp: Date.now() });
    await expect.poll(() => other.frames.some((f) => f.startsWith('{"type":"ticks"')), { timeout: 5_000 }).toBe(true);
    // A relay that connects again is merged as any.
    const again = await relaySocket(ingest);
    again.ws.send(JSON.stringify({ type: 'candles', candles: history([[80, 6]]) }));
    await expect.poll(() => week(ingest)[0], { timeout: 5_000 }).toEqual([80, 80]);
  });

  it('are heard only from a relay that offered the key', async () => {
    const { ingest } = await startIngest();
    const bare = new WebSocket(`ws://127.0.0.1:${ingest.port}${RELAY_FEED_PATH}`, relayFeedProtocols('x'.repeat(30)));
    const refused = await new Promise<string>((resolve) => bare.on('error', (e) => resolve(e.message)));
    expect(refused).toMatch(/401/);
    expect(ingest.feed?.relayCount).toBe(0);
  });
});
