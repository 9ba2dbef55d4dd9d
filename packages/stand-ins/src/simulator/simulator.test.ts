import { CURRENCY_PAIRS, pairDecimals } from '@price-alerts/domain/common';
import { encodeSubscribe } from '@price-alerts/domain/prices';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PriceEngine } from './priceEngine.ts';
import { Simulator } from './simulator.ts';
import { recordingClient } from '../testing/recordingClient.ts';

let sim: Simulator;
beforeEach(async () => {
  sim = await Simulator.start({ apiKey: 'test-key', tickIntervalMs: 20, heartbeatMs: 50 });
});
afterEach(async () => {
  await sim.close();
});

const subscribe = encodeSubscribe(['EUR/USD', 'BTC/USD']);

describe('simulator protocol', () => {
  it('refuses a wrong key with a type 9 error and a close', async () => {
    const client = await recordingClient(sim.url('wrong'));
    expect(await client.closed).toBe(4001);
    expect(client.messages).toEqual([{ type: 'error', code: '9', error: 'Invalid API key' }]);
  });

  it('sends type 0 after the subscribe message, then ticks for those pairs only, and heartbeats', async () => {
    const client = await recordingClient(sim.url(), subscribe);
    const subscribed = await client.next('subscribed');
    expect(Object.values(subscribed.session.mapping).sort()).toEqual(['BTCUSD', 'EURUSD']);
    await client.next('tick', (m) => m.tick.pair === 'BTC/USD');
    await client.next('heartbeat');
    await new Promise((r) => setTimeout(r, 100));
    const ticks = client.messages.filter((m) => m.type === 'tick');
    expect(ticks.length).toBeGreaterThan(4);
    expect(new Set(ticks.map((t) => t.type === 'tick' && t.tick.pair))).toEqual(new Set(['EUR/USD', 'BTC/USD']));
    expect(client.messages.filter((m) => m.type === 'invalid')).toEqual([]);
    client.socket.close();
  });

  it('answers a malformed subscribe message with a type 7 error', async () => {
    const client = await recordingClient(sim.url(), '{"pairs":"EURUSD"}');
    expect(await client.next('error')).toMatchObject({
      code: '7',
      error: expect.stringContaining('Invalid subscription'),
    });
    client.socket.close();
  });
});

describe('simulator control', () => {
  it('forces an exact ask and a jump, ticked at once', async () => {
    const client = await recordingClient(sim.url(), subscribe);
    await client.next('subscribed');
    sim.forceAsk('EUR/USD', 1.2);
    expect((await client.next('tick', (m) => m.tick.ask === 1.2)).tick.bid).toBeCloseTo(1.19992, 5);
    const before = sim.engine.mid('BTC/USD');
    const quote = sim.jump('BTC/USD', -5);
    expect(quote.ask).toBeCloseTo(before * 0.95 + 5, 0);
    await client.next('tick', (m) => m.tick.ask === quote.ask);
    client.socket.close();
  });

  it('sends error frames, goes silent, and drops connections abnormally', async () => {
    const client = await recordingClient(sim.url(), subscribe);
    await client.next('subscribed');
    sim.sendError('7', 'Quota exceeded');
    expect(await client.next('error')).toEqual({ type: 'error', code: '7', error: 'Quota exceeded' });
    sim.setSilent(true);
    await new Promise((r) => setTimeout(r, 60));
    const count = client.messages.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(client.messages.length).toBe(count);
    sim.dropAll();
    expect(await client.closed).toBe(1006);
  });

  it('stalls only the pairs named, while the rest tick and heartbeats go on, until resumed', async () => {
    const client = await recordingClient(sim.url(), subscribe);
    await client.next('subscribed');
    // What a socket carries arrives in the order it was sent: a marker sent after a change divides
    // what came before it from what came after.
    const since = async (marker: string) => {
      sim.sendError('7', marker);
      const from = client.messages.indexOf(await client.next('error', (m) => m.error === marker));
      return (type: 'heartbeat' | 'EUR/USD' | 'BTC/USD') =>
        client.messages.slice(from).filter((m) => (m.type === 'tick' ? m.tick.pair === type : m.type === type)).length;
    };
    expect(sim.setSilent(true, ['EUR/USD'])).toEqual({ silent: false, stalled: ['EUR/USD'] });
    const stalled = await since('stalled');
    await expect.poll(() => stalled('BTC/USD')).toBeGreaterThan(4);
    await expect.poll(() => stalled('heartbeat')).toBeGreaterThan(0);
    expect(stalled('EUR/USD')).toBe(0);
    // A forced price still goes out, as a tester's hand.
    sim.forceAsk('EUR/USD', 1.2);
    await expect.poll(() => stalled('EUR/USD')).toBe(1);
    // The whole feed resumed: the stall ends too.
    expect(sim.setSilent(false)).toEqual({ silent: false, stalled: [] });
    const resumed = await since('resumed');
    await expect.poll(() => resumed('EUR/USD')).toBeGreaterThan(2);
    client.socket.close();
  });

  it('serves the control routes over HTTP and refuses bad bodies', async () => {
    const base = `http://127.0.0.1:${sim.port}`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
    expect(await post('/control/price', { pair: 'XAU/USD', ask: 2700.5 })).toEqual({
      status: 200,
      body: { ask: 2700.5, bid: 2700.2 },
    });
    expect((await post('/control/price', { pair: 'DOGE/USD', ask: 1 })).status).toBe(400);
    expect((await post('/control/jump', { pair: 'EUR/USD', percent: -100 })).status).toBe(400);
    expect((await post('/control/nope', {})).status).toBe(404);
    expect(await post('/control/silence', { silent: true, pairs: ['GBP/USD', 'XAU/USD'] })).toEqual({
      status: 200,
      body: { silent: false, stalled: ['GBP/USD', 'XAU/USD'] },
    });
    expect(await post('/control/silence', { silent: false, pairs: ['GBP/USD'] })).toEqual({
      status: 200,
      body: { silent: false, stalled: ['XAU/USD'] },
    });
    // A misspelt field must not silence the whole feed instead.
    expect(await post('/control/silence', { silent: true, pair: 'EUR/USD' })).toEqual({
      status: 400,
      body: { error: '(body): Unrecognized key: "pair"' },
    });
    expect((await post('/control/silence', { silent: true, pairs: ['DOGE/USD'] })).status).toBe(400);
    expect((await post('/control/silence', { silent: true, pairs: [] })).status).toBe(400);
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true, clients: 0 });
  });
});

describe('price engine', () => {
  it('replays the same prices from the same seed', () => {
    const a = new PriceEngine(7);
    const b = new PriceEngine(7);
    const walk = (e: PriceEngine) => Array.from({ length: 50 }, () => e.step('EUR/USD').ask);
    expect(walk(a)).toEqual(walk(b));
    expect(walk(new PriceEngine(8))).not.toEqual(walk(new PriceEngine(7)));
  });

  it.each(CURRENCY_PAIRS)('quotes %s with its decimals and a positive spread', (pair) => {
    const engine = new PriceEngine(3);
    for (let i = 0; i < 200; i++) {
      const { ask, bid } = engine.step(pair);
      expect(ask).toBeGreaterThan(bid);
      expect(bid).toBeGreaterThan(0);
      const decimals = pairDecimals(pair);
      expect(Math.abs(ask * 10 ** decimals - Math.round(ask * 10 ** decimals))).toBeLessThan(1e-6);
    }
  });
});
