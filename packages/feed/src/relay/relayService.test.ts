// A price relay as a service of its own, over real sockets: the simulator as the provider, the
// ingest service holding it and serving the feed, relays serving app-like clients. Pub/Sub and
// Firestore are stand-ins (no emulators), tokens are checked by a stand-in as in relay.test.ts.
import {
  RELAY_FEED_PATH,
  encodeError,
  encodePairDay,
  encodeSubscribe,
  relayFeedProtocols,
  relayProtocols,
} from '@price-alerts/domain/prices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { recordingLogger } from '../shared/log.ts';
import { startTestIngest } from '../testing/testIngest.ts';
import { verifyToken } from '../testing/testRelay.ts';
import { RelayService, type RelayServiceConfig } from './relayService.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';
import { OUTAGE_CODE, OUTAGE_ERROR } from '../upstream/upstreamNotices.ts';

const KEY = 'relay-feed-test-key-0123456789';
const GRACE_MS = 300;
// Real sockets and processes' worth of work: the whole unit suite runs beside them on 2 cores.
vi.setConfig({ testTimeout: 20_000 });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startIngest(upstreamUrl: string, port = 0) {
  const ingest = await startTestIngest(upstreamUrl, { port, feedKey: KEY });
  cleanups.push(() => ingest.close());
  await expect.poll(() => ingest.upstream.status, { timeout: 5_000 }).toBe('subscribed');
  return ingest;
}

async function startRelay(feedPort: number, key = KEY, extra: Partial<RelayServiceConfig> = {}) {
  const log = recordingLogger();
  const relay = await RelayService.start(
    {
      feedUrl: `ws://127.0.0.1:${feedPort}${RELAY_FEED_PATH}`,
      feedKey: key,
      port: 0,
      host: '127.0.0.1',
      heartbeatMs: 60_000,
      relay: { flushMs: 10 },
      feedGraceMs: GRACE_MS,
      initialBackoffMs: 20,
      maxBackoffMs: 100,
      ...extra,
    },
    verifyToken,
    log,
  );
  cleanups.push(() => relay.close());
  return Object.assign(relay, { log });
}

const app = (relay: RelayService, uid = 'u1') =>
  recordingClient(
    `ws://127.0.0.1:${relay.port}/prices`,
    encodeSubscribe(['EUR/USD']),
    undefined,
    relayProtocols(`good-${uid}`),
  );

describe('a relay fed by the ingest service', () => {
  it('serves an app the session, the day and the latest tick on subscribe, then live ticks', async () => {
    const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 50 });
    cleanups.push(() => sim.close());
    const ingest = await startIngest(sim.url());
    await expect.poll(() => ingest.relay.days.get('EUR/USD'), { timeout: 5_000 }).toBeDefined();
    const relay = await startRelay(ingest.port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    expect(ingest.feed?.relayCount).toBe(1);
    const client = await app(relay);
    await client.next('subscribed');
    await client.next('day', (m) => m.pair === 'EUR/USD');
    sim.forceAsk('EUR/USD', 1.2345);
    await client.next('tick', (m) => m.tick.ask === 1.2345);
    client.socket.close();
  });

  it('tells its apps Error once when the ingest is away past the grace, and resyncs them when it is back', async () => {
    const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 50 });
    cleanups.push(() => sim.close());
    const first = await startIngest(sim.url());
    const port = first.port;
    const relay = await startRelay(port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    const client = await app(relay);
    await client.next('subscribed');
    await first.close();
    await client.next('error', (m) => m.code === OUTAGE_CODE && m.error === OUTAGE_ERROR, 5_000);
    await new Promise((r) => setTimeout(r, 3 * GRACE_MS));
    expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(1);
    // Back on the same address: the relay reconnects, and the app gets a fresh start, then ticks.
    const subscribedBefore = client.messages.filter((m) => m.type === 'subscribed').length;
    await startIngest(sim.url(), port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    await expect
      .poll(() => client.messages.filter((m) => m.type === 'subscribed').length, { timeout: 5_000 })
      .toBe(subscribedBefore + 1);
    sim.forceAsk('EUR/USD', 1.3456);
    await client.next('tick', (m) => m.tick.ask === 1.3456);
    client.socket.close();
  });

  it('serves apps where the ingest, deployed with app sockets off, refuses them', async () => {
    const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 50 });
    cleanups.push(() => sim.close());
    const ingest = await startTestIngest(sim.url(), { feedKey: KEY, appSockets: false });
    cleanups.push(() => ingest.close());
    const relay = await startRelay(ingest.port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    const direct = new WebSocket(`ws://127.0.0.1:${ingest.port}/prices`, relayProtocols('good-u1'));
    expect(await new Promise<string>((resolve) => direct.on('error', (e) => resolve(e.message)))).toMatch(/404/);
    const client = await app(relay);
    await client.next('subscribed');
    client.socket.close();
  });

  it('is refused by the ingest without the key, and the ingest serves nobody the feed', async () => {
    const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 50 });
    cleanups.push(() => sim.close());
    const ingest = await startIngest(sim.url());
    const relay = await startRelay(ingest.port, 'not-the-key-0123456789');
    await new Promise((r) => setTimeout(r, 300));
    expect(relay.connected).toBe(false);
    expect(ingest.feed?.relayCount).toBe(0);
    const bare = new WebSocket(`ws://127.0.0.1:${ingest.port}${RELAY_FEED_PATH}`, ['price-alerts-feed.v1']);
    const refused = await new Promise<string>((resolve) => bare.on('error', (e) => resolve(e.message)));
    expect(refused).toMatch(/401/);
  });

  it('skips malformed frames from its feed and keeps serving', async () => {
    const fake = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'price-alerts-feed.v1' });
    await new Promise((resolve) => fake.once('listening', resolve));
    cleanups.push(() => new Promise((r) => fake.close(r)));
    fake.on('connection', (ws) => {
      for (const bad of [
        'not json',
        '{"type":"ticks","ticks":[{"pair":"EUR/USD","ask":-1,"bid":1,"timestamp":1}]}',
        '{"type":"nope"}',
        '[]',
      ])
        ws.send(bad);
      ws.send(JSON.stringify({ type: 'hello', ticks: [], days: [], outage: null }));
      ws.send(
        JSON.stringify({ type: 'ticks', ticks: [{ pair: 'EUR/USD', ask: 1.5, bid: 1.4999, timestamp: Date.now() }] }),
      );
    });
    const { port } = fake.address() as { port: number };
    const relay = await startRelay(port);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    expect(relay.badFrames).toBe(4);
    const client = await app(relay);
    await client.next('tick', (m) => m.tick.ask === 1.5);
    client.socket.close();
  });
});

describe('a relay and a broken feed', () => {
  it('skips a tick dated where no clock reaches, and serves on', async () => {
    const fake = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'price-alerts-feed.v1' });
    await new Promise((resolve) => fake.once('listening', resolve));
    cleanups.push(() => new Promise((r) => fake.close(r)));
    fake.on('connection', (ws) => {
      ws.send(JSON.stringify({ type: 'hello', ticks: [], days: [], outage: null }));
      ws.send(JSON.stringify({ type: 'ticks', ticks: [{ pair: 'EUR/USD', ask: 1, bid: 1, timestamp: -1e16 }] }));
      ws.send(
        JSON.stringify({ type: 'ticks', ticks: [{ pair: 'EUR/USD', ask: 1.5, bid: 1.4999, timestamp: Date.now() }] }),
      );
    });
    const relay = await startRelay((fake.address() as { port: number }).port);
    const client = await app(relay);
    await client.next('tick', (m) => m.tick.ask === 1.5);
    expect(relay.badFrames).toBe(1);
    client.socket.close();
  });

  it('drops a feed that goes silent, tells its apps Error, and reconnects', async () => {
    // Answers the first handshake with a hello, then nothing, as a network that drops packets would.
    const fake = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'price-alerts-feed.v1' });
    await new Promise((resolve) => fake.once('listening', resolve));
    cleanups.push(() => new Promise((r) => fake.close(r)));
    let connections = 0;
    fake.on('connection', (ws) => {
      connections += 1;
      if (connections === 1) ws.send(JSON.stringify({ type: 'hello', ticks: [], days: [], outage: null }));
    });
    const relay = await startRelay((fake.address() as { port: number }).port, KEY, { feedPingMs: 100 });
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    const client = await app(relay);
    await client.next('subscribed');
    await client.next('error', (m) => m.code === OUTAGE_CODE, 5_000);
    expect(connections).toBeGreaterThan(1);
    client.socket.close();
  });
});

describe('a relay whose feed drops for less than the grace', () => {
  const OUTAGE = encodeError(OUTAGE_CODE, OUTAGE_ERROR);
  it.each([
    ['began', null, OUTAGE],
    ['ended', OUTAGE, null],
  ])('tells its apps at once when an outage %s meanwhile', async (_label, before, after) => {
    const fake = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'price-alerts-feed.v1' });
    await new Promise((resolve) => fake.once('listening', resolve));
    cleanups.push(() => new Promise((r) => fake.close(r)));
    const feeds: WebSocket[] = [];
    fake.on('connection', (ws) => {
      feeds.push(ws);
      ws.send(JSON.stringify({ type: 'hello', ticks: [], days: [], outage: feeds.length === 1 ? before : after }));
    });
    // The grace outlasts the test: only the second hello can tell the apps.
    const relay = await startRelay((fake.address() as { port: number }).port, KEY, { feedGraceMs: 60_000 });
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    const client = await app(relay);
    await client.next('subscribed');
    const outageErrors = () => client.messages.filter((m) => m.type === 'error' && m.code === OUTAGE_CODE).length;
    const answers = () => client.messages.filter((m) => m.type === 'subscribed').length;
    expect([answers(), outageErrors()]).toEqual([1, before ? 1 : 0]);
    feeds[0]?.close();
    await expect.poll(() => feeds.length, { timeout: 5_000 }).toBe(2);
    // A fresh answer: type 0 (out of 'Error'), then the outage error last if it holds now.
    await expect.poll(answers, { timeout: 5_000 }).toBe(2);
    await expect.poll(() => client.messages.at(-1)?.type).toBe(after ? 'error' : 'subscribed');
    // Told once either way: before the drop, or by the fresh answer after it.
    expect(outageErrors()).toBe(1);
    client.socket.close();
  });
});

describe('a relay and the first and later hellos', () => {
  const MINUTE = 60_000;
  const day = (closes: number[]) =>
    encodePairDay('EURUSD', {
      dayStart: 0,
      open: 1.1,
      openAt: 0,
      closes: closes.map((ask, i) => ({ minute: i * MINUTE, ask })),
    });
  const DAY = day([1.1]);
  const LATER_MINUTE = day([1.1, 1.2]);

  async function fakeFeed(hellos: string[][]) {
    const fake = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: () => 'price-alerts-feed.v1' });
    await new Promise((resolve) => fake.once('listening', resolve));
    cleanups.push(() => new Promise((r) => fake.close(r)));
    const feeds: WebSocket[] = [];
    const helloNow: { send: boolean } = { send: true };
    fake.on('connection', (ws) => {
      const days = hellos[Math.min(feeds.length, hellos.length - 1)] ?? [];
      feeds.push(ws);
      if (helloNow.send) ws.send(JSON.stringify({ type: 'hello', ticks: [], days, outage: null }));
    });
    return { port: (fake.address() as { port: number }).port, feeds, helloNow };
  }

  it('gives an app that subscribed before the first hello its day when the hello comes', async () => {
    const feed = await fakeFeed([[DAY]]);
    feed.helloNow.send = false;
    const relay = await startRelay(feed.port, KEY, { feedGraceMs: 60_000 });
    await expect.poll(() => feed.feeds.length, { timeout: 5_000 }).toBe(1);
    const client = await app(relay);
    await client.next('subscribed');
    feed.feeds[0]?.send(JSON.stringify({ type: 'hello', ticks: [], days: [DAY], outage: null }));
    await client.next('day');
  });

  it('resyncs nobody after a short drop in which only a minute close moved', async () => {
    const feed = await fakeFeed([[DAY], [LATER_MINUTE]]);
    const relay = await startRelay(feed.port, KEY, { feedGraceMs: 60_000 });
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    const client = await app(relay);
    await client.next('day');
    feed.feeds[0]?.close();
    await expect.poll(() => feed.feeds.length, { timeout: 5_000 }).toBe(2);
    await expect.poll(() => relay.connected, { timeout: 5_000 }).toBe(true);
    // Give a resync its flush (10 ms here) many times over.
    await new Promise((r) => setTimeout(r, 300));
    expect(client.messages.filter((m) => m.type === 'subscribed')).toHaveLength(1);
    client.socket.close();
  });
});

describe('relayFeedProtocols', () => {
  it('offers the feed protocol and the key as a bearer entry', () => {
    expect(relayFeedProtocols(KEY)).toEqual(['price-alerts-feed.v1', `bearer.${KEY}`]);
  });
});
