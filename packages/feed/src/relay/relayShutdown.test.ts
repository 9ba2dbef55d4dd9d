// A relay (and the local balancer, and the ingest's feed) stopping: the drain keeps prices live to
// the last socket, and no connection a client holds open, whole or half-made, keeps a process from ending.
import { RELAY_FEED_PATH, encodeSubscribe, relayProtocols } from '@price-alerts/domain/prices';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedHub } from '../ingest/feedHub.ts';
import { recordingLogger } from '../shared/log.ts';
import { PairDays } from '../shared/pairDays.ts';
import { CandleBook } from '../shared/pairCandles.ts';
import { startRelayBalancer } from '@price-alerts/stand-ins/balancer';
import { RelayService } from './relayService.ts';
import { startTestRelay, tick, verifyToken } from '../testing/testRelay.ts';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';

vi.setConfig({ testTimeout: 20_000 });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP connection that sends `bytes` and then nothing, as a port scan or a stalled upgrade would. */
async function idleConnection(port: number, bytes = ''): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  cleanups.push(() => socket.destroy());
  await new Promise((resolve) => socket.once('connect', resolve));
  if (bytes) socket.write(bytes);
}

describe('stopping', () => {
  it('keeps sending ticks to every app still open while the relay drains', async () => {
    const { url, relay } = await startTestRelay({ drainMs: 1_000 });
    const apps = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        recordingClient(url, encodeSubscribe(['EUR/USD']), undefined, relayProtocols(`good-d${i}`)),
      ),
    );
    await Promise.all(apps.map((a) => a.next('subscribed')));
    const ticksBefore = apps.map((a) => a.messages.filter((m) => m.type === 'tick').length);
    const closing = relay.close();
    let ask = 1.1;
    const ticking = setInterval(() => relay.publish(tick('EUR/USD', (ask += 0.001))), 50);
    await closing;
    clearInterval(ticking);
    // Each app closed at its own moment within the drain; those that lasted past a few flushes got ticks.
    const closedLate = apps.filter(
      (a, i) => a.messages.filter((m) => m.type === 'tick').length > (ticksBefore[i] ?? 0),
    );
    expect(closedLate.length).toBeGreaterThan(0);
  });

  it('ends a relay service that holds a connection which never sent a whole request', async () => {
    const relay = await RelayService.start(
      {
        feedUrl: `ws://127.0.0.1:1${RELAY_FEED_PATH}`,
        feedKey: 'k'.repeat(20),
        port: 0,
        host: '127.0.0.1',
        heartbeatMs: 60_000,
      },
      verifyToken,
      recordingLogger(),
    );
    await idleConnection(relay.port);
    await idleConnection(relay.port, 'GET /health HTTP/1.1\r\nHost: x\r\n');
    const started = Date.now();
    await relay.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('ends the local balancer that holds half an upgrade request', async () => {
    const balancer = await startRelayBalancer({ port: 0, host: '127.0.0.1', relays: [1] });
    await idleConnection(balancer.port, 'GET /prices HTTP/1.1\r\nUpgrade: websocket\r\n');
    const started = Date.now();
    await balancer.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses to serve the relay feed with no key, or a key too short to be one', () => {
    const hub = (key: string) =>
      new FeedHub({ key, log: recordingLogger(), days: new PairDays(), candles: new CandleBook() });
    expect(() => hub('')).toThrow('relay feed key');
    expect(() => hub('short')).toThrow('relay feed key');
  });
});
