// What the tests of the charts' history between the ingest and the relays share: the feed's key, whole
// hours back from now (a live tick folds into later buckets only), and cleanups run after each test.
import { RELAY_FEED_PATH, encodeCandlesRequest, relayProtocols, type Candle } from '@price-alerts/domain/prices';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';
import { afterEach, vi } from 'vitest';
import { RelayService } from '../relay/relayService.ts';
import { recordingLogger } from '../shared/log.ts';
import { verifyToken } from './testRelay.ts';

export const FEED_TEST_KEY = 'relay-feed-test-key-0123456789';
const HOUR = 3_600_000;
export const hoursAgo = (n: number) => Math.floor(Date.now() / HOUR) * HOUR - n * HOUR;

/** Registers the per-test cleanup and a timeout for socket flows; push what a test starts. */
export function cleanupsAfterEach(): (() => unknown)[] {
  vi.setConfig({ testTimeout: 20_000 });
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/** A relay fed from this port, with its log recorded; it is closed with the test's cleanups. */
export async function startRelay(cleanups: (() => unknown)[], feedPort: number) {
  const log = recordingLogger();
  const relay = await RelayService.start(
    {
      feedUrl: `ws://127.0.0.1:${feedPort}${RELAY_FEED_PATH}`,
      feedKey: FEED_TEST_KEY,
      port: 0,
      host: '127.0.0.1',
      heartbeatMs: 60_000,
      relay: { flushMs: 10 },
      feedGraceMs: 60_000,
      initialBackoffMs: 20,
      maxBackoffMs: 100,
    },
    verifyToken,
    log,
  );
  cleanups.push(() => relay.close());
  return Object.assign(relay, { log });
}

/** How many of a relay's log lines say this. */
export const said = (relay: { log: ReturnType<typeof recordingLogger> }, message: string) =>
  relay.log.lines.filter((line) => line.message === message).length;

/** The relay's answer to a week's ask candles of a pair (XAU/USD), up to an hour ago (the live ticks come later). */
export async function weekOf(relay: RelayService, symbol = 'XAUUSD'): Promise<Candle[]> {
  const app = await recordingClient(
    `ws://127.0.0.1:${relay.port}/prices`,
    undefined,
    undefined,
    relayProtocols('good-chart'),
  );
  app.socket.send(encodeCandlesRequest({ symbol, side: 'ask', range: '1w' }));
  const answer = await app.next('candles');
  app.socket.close();
  return answer.candles.candles.filter((c) => c.t <= hoursAgo(1));
}

/** An hour's candle that never moved from `price`. */
export const hourly = (ago: number, price: number): Candle => ({
  t: hoursAgo(ago),
  o: price,
  h: price,
  l: price,
  c: price,
});
