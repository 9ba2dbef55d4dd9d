// A chart's candles over the app socket, real sockets: a request is answered at once (type 4) from the
// candles the relay folded from its ticks, and changes nothing of what the socket follows; a malformed
// one gets a type 7 error, and the socket, and the relay, carry on.
import type { CurrencyPair } from '@price-alerts/domain/common';
import {
  encodeCandlesRequest,
  encodeSubscribe,
  relayProtocols,
  CHART_RANGE_SPEC,
  type CandlesRequest,
  type Candle,
  type ChartRange,
} from '@price-alerts/domain/prices';
import { afterEach, describe, expect, it } from 'vitest';
import type { RelayOptions } from './relay.ts';
import { CANDLES_REQUEST_ERROR } from './candleRequests.ts';
import { sleep, startTestRelay, type TestRelay } from '../testing/testRelay.ts';
import { recordingLogger } from '../shared/log.ts';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';

let running: TestRelay | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Ticks dated from two hours ago: whole minutes, quarters and hours of history behind the current one. */
const START = Math.floor((Date.now() - 2 * HOUR) / HOUR) * HOUR;

async function relayWithHistory(options: Partial<RelayOptions> = {}) {
  running = await startTestRelay(options);
  // BTC/USD: one tick every 10 minutes, the ask rising 1 a tick, the bid 2 under it.
  for (let i = 0; i < 13; i++) {
    const timestamp = START + i * 10 * MINUTE;
    running.relay.publish({ pair: 'BTC/USD', symbol: 'BTCUSD', ask: 100 + i, bid: 98 + i, timestamp });
  }
  return running;
}

const url = () => running?.url ?? 'ws://127.0.0.1:9/not-started';
const client = (uid: string, subscribe?: string) =>
  recordingClient(url(), subscribe, undefined, relayProtocols(`good-${uid}`));

/** The candles a tick every 10 minutes from START makes of a range, for a side's price at tick i. */
function expected(range: ChartRange, price: (i: number) => number): Candle[] {
  const { stepMs: step, count } = CHART_RANGE_SPEC[range];
  const byBucket = new Map<number, number[]>();
  for (let i = 0; i < 13; i++) {
    const t = Math.floor((START + i * 10 * MINUTE) / step) * step;
    byBucket.set(t, [...(byBucket.get(t) ?? []), price(i)]);
  }
  const newest = Math.max(...byBucket.keys());
  return [...byBucket]
    .filter(([t]) => t > newest - count * step)
    .map(([t, [o = 0, ...rest]]) => ({ t, o, h: Math.max(o, ...rest), l: Math.min(o, ...rest), c: rest.at(-1) ?? o }));
}

describe('relay: a chart’s request for candles', () => {
  it.each([
    { side: 'ask', range: '1h', price: (i: number) => 100 + i },
    { side: 'bid', range: '1d', price: (i: number) => 98 + i },
    { side: 'mid', range: '1w', price: (i: number) => 99 + i },
  ] as const)('answers $side $range at once with the candles folded from the ticks', async ({ side, range, price }) => {
    await relayWithHistory();
    const app = await client('chart');
    app.socket.send(encodeCandlesRequest({ symbol: 'BTCUSD', side, range }));
    const answer = await app.next('candles');
    expect(answer.pair).toBe('BTC/USD');
    expect(answer.candles).toEqual({ symbol: 'BTCUSD', side, range, candles: expected(range, price) });
    // Two hours of ticks, one every 10 minutes: the hour's minutes keep the last hour's only.
    expect(answer.candles.candles).toHaveLength({ '1h': 6, '1d': 9, '1w': 3 }[range]);
    app.socket.close();
  });

  it('answers an empty array for a pair without a tick yet', async () => {
    await relayWithHistory();
    const app = await client('empty');
    app.socket.send(encodeCandlesRequest({ symbol: 'XAUUSD', side: 'mid', range: '1d' }));
    expect((await app.next('candles')).candles).toEqual({ symbol: 'XAUUSD', side: 'mid', range: '1d', candles: [] });
    app.socket.close();
  });

  it('changes nothing of what the socket follows', async () => {
    const { relay } = await relayWithHistory();
    const app = await client('follows', encodeSubscribe(['EUR/USD']));
    await app.next('subscribed');
    app.socket.send(encodeCandlesRequest({ symbol: 'BTCUSD', side: 'ask', range: '1d' }));
    await app.next('candles');
    relay.publish({ pair: 'BTC/USD', symbol: 'BTCUSD', ask: 200, bid: 199, timestamp: Date.now() });
    relay.publish({ pair: 'EUR/USD', symbol: 'EURUSD', ask: 1.2, bid: 1.1999, timestamp: Date.now() });
    await app.next('tick', (m) => m.tick.pair === 'EUR/USD' && m.tick.ask === 1.2);
    expect(app.messages.filter((m) => m.type === 'tick' && m.tick.pair === 'BTC/USD')).toEqual([]);
    expect(app.messages.filter((m) => m.type === 'subscribed')).toHaveLength(1);
    app.socket.close();
  });

  it('answers with the newest candle after a tick, and a request held while the token was checked', async () => {
    const { relay } = await relayWithHistory();
    const request = encodeCandlesRequest({ symbol: 'BTCUSD', side: 'ask', range: '1h' });
    const app = await recordingClient(url(), request, undefined, relayProtocols('slow-early'));
    const first = await app.next('candles');
    relay.publish({ pair: 'BTC/USD', symbol: 'BTCUSD', ask: 300, bid: 299, timestamp: Date.now() });
    app.socket.send(request);
    const second = await app.next('candles', (m) => m !== first);
    expect(second.candles.candles.at(-1)?.c).toBe(300);
    app.socket.close();
  });
});

const request = (candles: Partial<Record<keyof CandlesRequest, unknown>>) => JSON.stringify({ candles });

describe('relay: a malformed request for candles', () => {
  it.each([
    ['a pair it does not know', request({ symbol: 'EURXYZ', side: 'ask', range: '1h' })],
    ['a side that is none', request({ symbol: 'EURUSD', side: 'last', range: '1h' })],
    ['a range it does not serve', request({ symbol: 'EURUSD', side: 'mid', range: '1y' })],
    ['no range', request({ symbol: 'EURUSD', side: 'mid' })],
    ['a field it does not know', JSON.stringify({ candles: { symbol: 'EURUSD', side: 'ask', range: '1h', n: 1 } })],
    ['candles beside pairs', JSON.stringify({ pairs: ['EURUSD'], candles: { symbol: 'EURUSD' } })],
    ['candles that are not an object', JSON.stringify({ candles: ['EURUSD', 'ask', '1h'] })],
    ['candles that are null', JSON.stringify({ candles: null })],
    ['a symbol of 3,000 characters', request({ symbol: 'E'.repeat(3_000), side: 'ask', range: '1h' })],
  ])('answers %s with a type 7 error, and the socket carries on', async (_name, raw) => {
    const { relay } = await relayWithHistory();
    const app = await client('bad', encodeSubscribe(['EUR/USD']));
    await app.next('subscribed');
    app.socket.send(raw);
    const error = await app.next('error');
    expect([error.code, error.error]).toEqual(['7', CANDLES_REQUEST_ERROR]);
    app.socket.send(encodeCandlesRequest({ symbol: 'BTCUSD', side: 'ask', range: '1d' }));
    expect((await app.next('candles')).candles.candles.length).toBeGreaterThan(0);
    relay.publish({ pair: 'EUR/USD', symbol: 'EURUSD', ask: 1.3, bid: 1.2999, timestamp: Date.now() });
    await app.next('tick', (m) => m.tick.ask === 1.3);
    expect(relay.clientCount).toBe(1);
    app.socket.close();
  });

  it('closes, with 1009, a request over the message size, and serves everyone else', async () => {
    const { relay } = await relayWithHistory();
    const bystander = await client('bystander', encodeSubscribe(['EUR/USD']));
    const big = await client('big');
    await expect.poll(() => relay.clientCount).toBe(2);
    big.socket.send(request({ symbol: 'E'.repeat(5_000), side: 'ask', range: '1h' }));
    expect(await big.closed).toBe(1009);
    relay.publish({ pair: 'EUR/USD', symbol: 'EURUSD', ask: 1.4, bid: 1.3999, timestamp: Date.now() });
    await bystander.next('tick', (m) => m.tick.ask === 1.4);
    bystander.socket.close();
  });

  it('counts requests against the socket’s message rate: past it, type 7 and close 1008', async () => {
    const { relay } = await relayWithHistory({ messageBurst: 3, messagesPerSecond: 1 });
    const app = await client('flood');
    await expect.poll(() => relay.clientCount).toBe(1);
    const pairs: CurrencyPair[] = ['BTC/USD', 'ETH/USD', 'LTC/USD', 'EUR/USD', 'GBP/USD'];
    for (const pair of pairs)
      app.socket.send(encodeCandlesRequest({ symbol: pair.replace('/', ''), side: 'ask', range: '1h' }));
    expect(await app.closed).toBe(1008);
    expect(app.messages.filter((m) => m.type === 'candles')).toHaveLength(3);
    expect(app.messages).toContainEqual({ type: 'error', code: '7', error: 'Too many messages' });
    await sleep(50);
    expect(relay.clientCount).toBe(0);
  });
});

describe('relay: an account’s budget of requests for candles', () => {
  const DROPPED = 'Relay dropped requests for candles over the account’s budget';
  const ask = encodeCandlesRequest({ symbol: 'BTCUSD', side: 'ask', range: '1h' });

  /** A socket of `uid` that sent `requests` requests for candles, then a subscription: the requests answered by then. */
  async function askThenSubscribe(uid: string, requests = 3) {
    const app = await client(uid);
    for (let i = 0; i < requests; i++) app.socket.send(ask);
    app.socket.send(encodeSubscribe(['EUR/USD']));
    // A socket's messages are answered in order: the subscription's comes after every request's.
    await app.next('subscribed');
    return { app, answered: app.messages.filter((m) => m.type === 'candles').length };
  }

  it('is shared by every socket of the account, however many it opens and closes', async () => {
    const log = recordingLogger();
    const { relay } = await relayWithHistory({ candleRequestBurst: 5, candleRequestsPerSecond: 0.001, log });
    const answered: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { app, answered: n } = await askThenSubscribe('churn');
      answered.push(n);
      app.socket.close();
      await app.closed;
    }
    // 3 on the first socket, the 2 left on the second, none after: each new socket gets no fresh burst.
    expect(answered).toEqual([3, 2, 0, 0]);
    expect(relay.droppedCandleRequests).toBe(7);
    // Logged once for each socket that went over, not once a request.
    expect(log.lines.filter((line) => line.message === DROPPED)).toHaveLength(3);
    // Another account has its own.
    const other = await askThenSubscribe('other');
    expect(other.answered).toBe(3);
    other.app.socket.close();
  });

  it('drops a request over it without closing the socket, which goes on being served', async () => {
    const log = recordingLogger();
    const { relay } = await relayWithHistory({ candleRequestBurst: 2, candleRequestsPerSecond: 0.001, log });
    const { app, answered } = await askThenSubscribe('over', 6);
    expect(answered).toBe(2);
    relay.publish({ pair: 'EUR/USD', symbol: 'EURUSD', ask: 1.5, bid: 1.4999, timestamp: Date.now() });
    await app.next('tick', (m) => m.tick.ask === 1.5);
    // A subscription is no request for candles: it is answered whatever the budget.
    app.socket.send(encodeSubscribe(['GBP/USD']));
    await app.next('subscribed', (m) => m !== app.messages.find((x) => x.type === 'subscribed'));
    expect(app.messages.filter((m) => m.type === 'error')).toEqual([]);
    expect(relay.clientCount).toBe(1);
    expect(log.lines.filter((line) => line.message === DROPPED)).toHaveLength(1);
    app.socket.close();
  });

  it('refills: a request once the account has waited is answered', async () => {
    const { relay } = await relayWithHistory({ candleRequestBurst: 1, candleRequestsPerSecond: 5 });
    const { app, answered } = await askThenSubscribe('waits', 2);
    expect(answered).toBe(1);
    await sleep(250);
    app.socket.send(ask);
    await app.next('candles', (m) => m !== app.messages.find((x) => x.type === 'candles'));
    expect(relay.droppedCandleRequests).toBe(1);
    app.socket.close();
  });
});
