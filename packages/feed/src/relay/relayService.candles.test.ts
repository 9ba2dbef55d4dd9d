// The charts' history between the ingest service and a relay, over real sockets: the feed's hello
// carries the ingest's candles, and a relay merges them into its own on every hello, its own winning,
// so a new relay gets the history and one that kept running through an ingest restart keeps it.
import type { CurrencyPair } from '@price-alerts/domain/common';
import { RELAY_FEED_PATH, encodeCandlesRequest, relayProtocols, type Candle } from '@price-alerts/domain/prices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IngestService } from '../ingest/ingest.ts';
import { recordingLogger } from '../shared/log.ts';
import { startTestIngest } from '../testing/testIngest.ts';
import { verifyToken } from '../testing/testRelay.ts';
import { RelayService } from './relayService.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';

const KEY = 'relay-feed-test-key-0123456789';
const HOUR = 3_600_000;
/** Whole hours before the current one: the simulator's live ticks fold into later buckets only. */
const hoursAgo = (n: number) => Math.floor(Date.now() / HOUR) * HOUR - n * HOUR;
vi.setConfig({ testTimeout: 20_000 });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSim() {
  // Ticks at subscribe and then rarely: the history is what the test folds.
  const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 60_000 });
  cleanups.push(() => sim.close());
  return sim;
}

async function startIngest(upstreamUrl: string, history: [number, number][], port = 0) {
  const ingest = await startTestIngest(upstreamUrl, { port, feedKey: KEY });
  cleanups.push(() => ingest.close());
  fold(ingest, history);
  return ingest;
}

/** Folds XAU/USD ticks [ask, hours ago] into the ingest's book, as its upstream's ticks would be. */
function fold(ingest: IngestService, history: [number, number][], pair: CurrencyPair = 'XAU/USD') {
  for (const [ask, ago] of history)
    ingest.relay.candles.add({ pair, symbol: '', ask, bid: ask - 1, timestamp: hoursAgo(ago) + 60_000 });
}

async function startRelay(feedPort: number) {
  const relay = await RelayService.start(
    {
      feedUrl: `ws://127.0.0.1:${feedPort}${RELAY_FEED_PATH}`,
      feedKey: KEY,
      port: 0,
      host: '127.0.0.1',
      heartbeatMs: 60_000,
      relay: { flushMs: 10 },
      feedGraceMs: 60_000,
      initialBackoffMs: 20,
      maxBackoffMs: 100,
    },
    verifyToken,
    recordingLogger(),
  );
  cleanups.push(() => relay.close());
  return relay;
}

/** The relay's answer to a week's ask candles of XAU/USD, up to an hour ago (the live ticks come later). */
async function weekOf(relay: RelayService): Promise<Candle[]> {
  const app = await recordingClient(
    `ws://127.0.0.1:${relay.port}/prices`,
    undefined,
    undefined,
    relayProtocols('good-chart'),
  );
  app.socket.send(encodeCandlesRequest({ symbol: 'XAUUSD', side: 'ask', range: '1w' }));
  const answer = await app.next('candles');
  app.socket.close();
  return answer.candles.candles.filter((c) => c.t <= hoursAgo(1));
}

const hourly = (ago: number, price: number): Candle => ({ t: hoursAgo(ago), o: price, h: price, l: price, c: price });

describe('the charts’ history on the relay feed', () => {
  it('reaches a relay in the hello it connects with', async () => {
    const sim = await startSim();
    const ingest = await startIngest(sim.url(), [
      [2700, 50],
      [2710, 3],
      [2720, 2],
    ]);
    const relay = await startRelay(ingest.port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    expect(await weekOf(relay)).toEqual([hourly(50, 2700), hourly(3, 2710), hourly(2, 2720)]);
  });

  it('is kept by a relay whose new ingest’s hello has less, the relay’s own buckets winning', async () => {
    const sim = await startSim();
    const first = await startIngest(sim.url(), [
      [2700, 5],
      [2710, 4],
      [2720, 3],
    ]);
    const port = first.port;
    const relay = await startRelay(port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    await first.close();
    // A new ingest that holds less (it crashed; nothing was stored): an older hour, and another
    // price for an hour the relay holds.
    const second = await startIngest(
      sim.url(),
      [
        [2600, 9],
        [9999, 4],
      ],
      port,
    );
    await expect.poll(() => second.feed?.relayCount, { timeout: 5_000 }).toBe(1);
    await expect
      .poll(() => weekOf(relay), { timeout: 5_000 })
      .toEqual([hourly(9, 2600), hourly(5, 2700), hourly(4, 2710), hourly(3, 2720)]);
  });
});
