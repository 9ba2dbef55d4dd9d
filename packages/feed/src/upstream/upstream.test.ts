import { CURRENCY_PAIRS } from '@price-alerts/domain/common';
import { encodeSubscribe, relayProtocols } from '@price-alerts/domain/prices';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../shared/log.ts';
import { Relay } from '../relay/relay.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';
import { UpstreamClient } from './upstream.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function client(url: string, silentMs = 5_000) {
  const log = recordingLogger();
  const upstream = new UpstreamClient({
    url,
    pairs: CURRENCY_PAIRS,
    silentMs,
    initialBackoffMs: 20,
    maxBackoffMs: 100,
    log,
  });
  cleanups.push(() => upstream.stop());
  return { upstream, log };
}

async function simulator() {
  const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 20, heartbeatMs: 50 });
  cleanups.push(() => sim.close());
  return sim;
}

describe('UpstreamClient', () => {
  it('backs off exponentially up to the cap, with half of each delay random', () => {
    const at = (random: number) =>
      new UpstreamClient({
        url: 'ws://x',
        pairs: [],
        silentMs: 1,
        initialBackoffMs: 100,
        maxBackoffMs: 1_000,
        log: recordingLogger(),
        random: () => random,
      });
    expect([0, 1, 2, 3, 4, 10].map((n) => at(0).backoff(n))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 10].map((n) => at(1).backoff(n))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('subscribes to every pair and passes ticks on', async () => {
    const sim = await simulator();
    const { upstream } = client(sim.url());
    const pairs = new Set<string>();
    upstream.onTick = (tick) => pairs.add(tick.pair);
    upstream.start();
    await expect.poll(() => pairs.size, { timeout: 5_000 }).toBe(CURRENCY_PAIRS.length);
  });

  it('treats a silent feed as dead and reconnects', async () => {
    const sim = await simulator();
    const { upstream, log } = client(sim.url(), 200);
    upstream.start();
    await expect.poll(() => upstream.status, { timeout: 5_000 }).toBe('subscribed');
    sim.setSilent(true);
    await expect
      .poll(() => log.lines.some((l) => l.message === 'Upstream silent; reconnecting'), { timeout: 5_000 })
      .toBe(true);
    sim.setSilent(false);
    await expect.poll(() => upstream.reconnects, { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(() => upstream.status, { timeout: 5_000 }).toBe('subscribed');
  });

  it('logs a provider error and keeps retrying a refused key', async () => {
    const sim = await simulator();
    const { upstream, log } = client(sim.url('wrong'));
    upstream.start();
    await expect.poll(() => upstream.reconnects, { timeout: 5_000 }).toBeGreaterThan(1);
    expect(log.lines).toContainEqual({
      severity: 'error',
      message: 'Upstream error message',
      fields: { code: '9', error: 'Invalid API key' },
    });
  });
});

describe('Relay token expiry', () => {
  it('closes a client when its ID token expires', async () => {
    const relay = new Relay({
      verifyToken: async () => ({ uid: 'u1', exp: Date.now() / 1000 + 0.3 }),
      heartbeatMs: 1_000,
      log: recordingLogger(),
    });
    const server: Server = createServer();
    relay.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () => new Promise((resolve) => server.close(resolve)),
      () => relay.close(),
    );
    const port = (server.address() as AddressInfo).port;
    const app = await recordingClient(
      `ws://127.0.0.1:${port}/prices`,
      encodeSubscribe(['EUR/USD']),
      undefined,
      relayProtocols('t'),
    );
    await app.next('subscribed');
    expect(await app.closed).toBe(4001);
    expect(app.messages).toContainEqual({ type: 'error', code: '9', error: 'Token expired' });
  });
});
