// The charts' history between the ingest service and a relay, over real sockets: the feed's hello
// carries the ingest's candles, and a relay merges them into its own on every hello (its own opens and
// closes, the higher high and the lower low), so a new relay gets the history and one that kept running
// through an ingest restart keeps it. In turn the relay sends the ingest, once a connection, what of its
// own the hello lacked, so a restarted ingest has the history again for the relays that come after.
import type { CurrencyPair } from '@price-alerts/domain/common';
import {
  RELAY_FEED_PATH,
  encodeCandlesRequest,
  parseRelayCandles,
  readPairHistories,
  relayProtocols,
  type Candle,
  type PairHistory,
} from '@price-alerts/domain/prices';
import { describe, expect, it } from 'vitest';
import { FEED_TEST_KEY, cleanupsAfterEach, hoursAgo } from '../testing/candleTests.ts';
import { WebSocketServer, type WebSocket } from 'ws';
import type { IngestService } from '../ingest/ingest.ts';
import { recordingLogger } from '../shared/log.ts';
import { startTestIngest } from '../testing/testIngest.ts';
import { sleep, verifyToken } from '../testing/testRelay.ts';
import { CandleBook } from '../shared/pairCandles.ts';
import { RelayService } from './relayService.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';

const KEY = FEED_TEST_KEY;
const cleanups = cleanupsAfterEach();

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
  const log = recordingLogger();
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
    log,
  );
  cleanups.push(() => relay.close());
  return Object.assign(relay, { log });
}

/** How many of a relay's log lines say this. */
const said = (relay: { log: ReturnType<typeof recordingLogger> }, message: string) =>
  relay.log.lines.filter((line) => line.message === message).length;

/** The ingest's week of ask candles of XAU/USD, up to an hour ago (the live ticks come later). */
const ingestWeek = (ingest: IngestService) =>
  ingest.relay.candles.candles('XAU/USD', 'ask', '1w').filter((c) => c.t <= hoursAgo(1));

/** The relay's answer to a week's ask candles of a pair (XAU/USD), up to an hour ago (the live ticks come later). */
async function weekOf(relay: RelayService, symbol = 'XAUUSD'): Promise<Candle[]> {
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

const hourly = (ago: number, price: number): Candle => ({ t: hoursAgo(ago), o: price, h: price, l: price, c: price });
const candleOf = (ago: number, o: number, h: number, l: number, c: number): Candle => ({
  t: hoursAgo(ago),
  o,
  h,
  l,
  c,
});

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

  it('is kept by a relay whose new ingest’s hello has less, with the wider of their highs and lows', async () => {
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
        [2715, 4],
      ],
      port,
    );
    await expect.poll(() => second.feed?.relayCount, { timeout: 5_000 }).toBe(1);
    await expect
      .poll(() => weekOf(relay), { timeout: 5_000 })
      .toEqual([hourly(9, 2600), hourly(5, 2700), candleOf(4, 2710, 2715, 2710, 2710), hourly(3, 2720)]);
  });

  it('is given back by a relay that kept running to an ingest that restarted, and reaches the relays after', async () => {
    const sim = await startSim();
    const first = await startIngest(sim.url(), [
      [2600, 9],
      [2700, 5],
      [2710, 4],
      [2720, 3],
    ]);
    const port = first.port;
    const kept = await startRelay(port);
    await expect.poll(() => kept.connected, { timeout: 5_000 }).toBe(true);
    // It held nothing the first hello lacked: it sent nothing.
    expect(said(kept, 'Relay sent the ingest its candles')).toBe(0);
    await first.close();
    // The new ingest started from an older stored history (a redeploy's overlap, a crash): only the
    // ninth hour back, and its own first price in the fourth.
    const second = await startIngest(
      sim.url(),
      [
        [2600, 9],
        [2730, 4],
      ],
      port,
    );
    // The relay's hours fill the gaps, its low widens the fourth hour; the ingest's open and close stay.
    const full = [hourly(9, 2600), hourly(5, 2700), candleOf(4, 2730, 2730, 2710, 2730), hourly(3, 2720)];
    await expect.poll(() => ingestWeek(second), { timeout: 5_000 }).toEqual(full);
    expect(second.feed?.candlesMerged).toBe(1);
    expect(said(kept, 'Relay sent the ingest its candles')).toBe(1);

    const later = await startRelay(port);
    await expect.poll(() => later.connected, { timeout: 5_000 }).toBe(true);
    expect(await weekOf(later)).toEqual(full);
    // The relay that kept running has the same hours, highs and lows, its own opens and closes.
    expect(await weekOf(kept)).toEqual([
      hourly(9, 2600),
      hourly(5, 2700),
      candleOf(4, 2710, 2730, 2710, 2710),
      hourly(3, 2720),
    ]);
    // Nothing loops: one hello each on this ingest, the one message merged, none sent by the new relay.
    await sleep(300);
    expect(second.feed?.candlesMerged).toBe(1);
    expect(said(kept, 'Relay connected to the ingest feed')).toBe(2);
    expect(said(later, 'Relay connected to the ingest feed')).toBe(1);
    expect(said(later, 'Relay sent the ingest its candles')).toBe(0);
    expect(second.feed?.badFrames).toBe(0);
  });
});

/** A stand-in ingest: sends the hellos the test asks for, and records what each relay connection sends. */
async function fakeFeed() {
  const fake = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'price-alerts-feed.v1' });
  await new Promise((resolve) => fake.once('listening', resolve));
  cleanups.push(() => new Promise((r) => fake.close(r)));
  const connections: { ws: WebSocket; received: string[] }[] = [];
  fake.on('connection', (ws) => {
    const connection = { ws, received: [] as string[] };
    ws.on('message', (data) => connection.received.push(String(data)));
    connections.push(connection);
  });
  return { port: (fake.address() as { port: number }).port, connections };
}

const hello = (candles: PairHistory[], takesCandles?: boolean) =>
  JSON.stringify({ type: 'hello', ticks: [], days: [], outage: null, candles, takesCandles });

/** A relay's message to the ingest, as the ingest reads it: its XAU/USD week of ask candles. */
function sentWeek(text: string | undefined): readonly Candle[] {
  const parsed = parseRelayCandles(text ?? '');
  if (!parsed.ok) throw new Error(parsed.reason);
  const book = new CandleBook();
  for (const { pair, candles } of readPairHistories(parsed.message.candles).histories) book.merge(pair, candles);
  return book.candles('XAU/USD', 'ask', '1w');
}

describe('a relay’s candles sent up the feed', () => {
  it('go once a connection, only what the hello lacked, and only to an ingest that takes them', async () => {
    const feed = await fakeFeed();
    const relay = await startRelay(feed.port);
    await expect.poll(() => feed.connections.length, { timeout: 5_000 }).toBe(1);
    for (const [ask, ago] of [
      [2700, 5],
      [2710, 4],
      [2720, 3],
    ] as const)
      relay.relay.candles.add({ pair: 'XAU/USD', symbol: '', ask, bid: ask - 1, timestamp: hoursAgo(ago) + 60_000 });
    const ingestHolds = (history: [number, number][]) => {
      const book = new CandleBook();
      for (const [ask, ago] of history)
        book.add({ pair: 'XAU/USD', symbol: '', ask, bid: ask - 1, timestamp: hoursAgo(ago) + 60_000 });
      return book.snapshot();
    };

    // An ingest that does not say it takes them (an older one) gets nothing.
    const [first] = feed.connections;
    first?.ws.send(hello(ingestHolds([[2700, 5]])));
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    await sleep(200);
    expect(first?.received).toEqual([]);
    first?.ws.terminate();

    // One that does gets one message: the hours it lacks.
    await expect.poll(() => feed.connections.length, { timeout: 5_000 }).toBe(2);
    const second = feed.connections[1];
    second?.ws.send(hello(ingestHolds([[2710, 4]]), true));
    await expect.poll(() => second?.received.length, { timeout: 5_000 }).toBe(1);
    expect(sentWeek(second?.received[0])).toEqual([hourly(5, 2700), hourly(3, 2720)]);
    // A second hello on the same connection draws nothing more.
    second?.ws.send(hello([], true));
    await sleep(200);
    expect(second?.received).toHaveLength(1);
    second?.ws.terminate();

    // The next connection, to an ingest that holds it all, draws nothing either.
    await expect.poll(() => feed.connections.length, { timeout: 5_000 }).toBe(3);
    const third = feed.connections[2];
    third?.ws.send(hello(relay.relay.candles.snapshot(), true));
    await sleep(200);
    expect(third?.received).toEqual([]);
  });
});

/** A pair's candles in brief holding these [ask, hours ago] ticks, as a server that folds them sends them. */
function historyOf(pair: CurrencyPair, ticks: [number, number][]): PairHistory {
  const book = new CandleBook();
  for (const [ask, ago] of ticks) book.add({ pair, symbol: '', ask, bid: ask - 1, timestamp: hoursAgo(ago) + 60_000 });
  const [history] = book.snapshot();
  if (!history) throw new Error('no history');
  return history;
}

/**
 * EUR/USD's week with one hour's low below the least price the messages carry, as a server that folded
 * it before it refused such prices would send it.
 */
function poisoned(): PairHistory {
  const history = historyOf('EUR/USD', [
    [1.08, 5],
    [1.09, 4],
  ]);
  const run = history.candles.ask?.['1w'];
  const slot = run?.[1][0];
  if (!slot) throw new Error('no candle');
  slot[2] = 0.00005;
  return history;
}

describe('a pair of the hello’s candles that does not parse', () => {
  it('is skipped alone: the relay takes the rest and is fed', async () => {
    const feed = await fakeFeed();
    const relay = await startRelay(feed.port);
    await expect.poll(() => feed.connections.length, { timeout: 5_000 }).toBe(1);
    const gold = historyOf('XAU/USD', [
      [2700, 5],
      [2710, 4],
    ]);
    feed.connections[0]?.ws.send(hello([poisoned(), gold], true));
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    expect((await fetch(`http://127.0.0.1:${relay.port}/health`)).status).toBe(200);
    expect(await weekOf(relay)).toEqual([hourly(5, 2700), hourly(4, 2710)]);
    expect(await weekOf(relay, 'EURUSD')).toEqual([]);
    expect(relay.badFrames).toBe(0);
    const skipped = relay.log.lines.filter((line) => line.message === 'Relay skipped pairs of the feed’s candles');
    expect(skipped).toEqual([
      {
        severity: 'warn',
        message: 'Relay skipped pairs of the feed’s candles',
        fields: { skipped: [{ pair: 'EUR/USD', reason: expect.stringContaining('0.0001') as unknown }] },
      },
    ]);
  });
});
