// A relay against a stand-in ingest, over real sockets: it sends up its own candles once a connection, only
// what the hello lacked and only to an ingest that says it takes them; and a pair of a hello's candles that
// does not parse is skipped alone, the relay fed with the rest.
import type { CurrencyPair } from '@price-alerts/domain/common';
import { parseRelayCandles, readPairHistories, type Candle, type PairHistory } from '@price-alerts/domain/prices';
import { describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { CandleBook } from '../shared/pairCandles.ts';
import { cleanupsAfterEach, hourly, hoursAgo, startRelay, weekOf } from '../testing/candleTests.ts';
import { sleep } from '../testing/testRelay.ts';

const cleanups = cleanupsAfterEach();

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
    const relay = await startRelay(cleanups, feed.port);
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
    const relay = await startRelay(cleanups, feed.port);
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
