// Two relays behind the local balancer, over real sockets: apps are spread between them, and when
// one relay goes away its apps reconnect through the same address to the other.
import { RELAY_FEED_PATH, encodeSubscribe, relayProtocols } from '@price-alerts/domain/prices';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../shared/log.ts';
import { startTestIngest } from '../testing/testIngest.ts';
import { verifyToken } from '../testing/testRelay.ts';
import { startRelayBalancer } from '@price-alerts/stand-ins/balancer';
import { RelayService } from './relayService.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';

const KEY = 'balancer-test-feed-key-0123456789';
// Real sockets and processes' worth of work: the whole unit suite runs beside them on 2 cores.
vi.setConfig({ testTimeout: 20_000 });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function stack(handshakeMs?: number) {
  const sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 50 });
  cleanups.push(() => sim.close());
  const ingest = await startTestIngest(sim.url(), { feedKey: KEY });
  cleanups.push(() => ingest.close());
  const relays = await Promise.all(
    [0, 1].map(() =>
      RelayService.start(
        {
          feedUrl: `ws://127.0.0.1:${ingest.port}${RELAY_FEED_PATH}`,
          feedKey: KEY,
          port: 0,
          host: '127.0.0.1',
          heartbeatMs: 60_000,
          relay: { flushMs: 10, drainMs: 1_000 },
        },
        verifyToken,
        recordingLogger(),
      ),
    ),
  );
  for (const relay of relays) cleanups.push(() => relay.close());
  await expect.poll(() => relays.every((r) => r.connected), { timeout: 5_000 }).toBe(true);
  const balancer = await startRelayBalancer({
    port: 0,
    host: '127.0.0.1',
    relays: relays.map((r) => r.port),
    ...(handshakeMs ? { handshakeMs } : {}),
  });
  cleanups.push(() => balancer.close());
  const app = (uid: string) =>
    recordingClient(
      `ws://127.0.0.1:${balancer.port}/prices`,
      encodeSubscribe(['EUR/USD']),
      undefined,
      relayProtocols(`good-${uid}`),
    );
  return { sim, relays, app, balancer };
}

describe('the local relay balancer', () => {
  it('spreads apps over the relays, and sends the next app to the one left when a relay is gone', async () => {
    const { sim, relays, app } = await stack();
    const [a, b] = [await app('a'), await app('b')];
    await Promise.all([a.next('subscribed'), b.next('subscribed')]);
    expect(relays.map((r) => r.relay.clientCount)).toEqual([1, 1]);
    // The turn points at the relay now draining (a redeploy): it takes no new socket, so the app
    // lands on the other one, then so does the app its drain sends back.
    const draining = relays[0]?.close();
    const c = await app('c');
    await c.next('subscribed');
    expect(relays[1]?.relay.clientCount).toBe(2);
    await draining;
    expect(await a.closed).toBe(1000);
    const d = await app('d');
    await d.next('subscribed');
    expect(relays[1]?.relay.clientCount).toBe(3);
    sim.forceAsk('EUR/USD', 1.2468);
    // A relay sends the latest price per flush, so the next simulated tick may stand in for the forced one.
    const near = (m: { tick: { ask: number } }) => Math.abs(m.tick.ask - 1.2468) < 0.002;
    await Promise.all([b, c, d].map((client) => client.next('tick', near)));
    for (const client of [b, c, d]) client.socket.close();
  });

  it.each([
    ['sends nothing', ''],
    ['stops halfway through its headers', 'GET /prices HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n'],
    // Answered, and closed: a second request on the connection would have no handshake timer.
    ['asks a plain GET, then starts another', 'GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /prices HTTP/1.1\r\n'],
  ])('drops a connection that %s, once the handshake time is up, and serves the next', async (_name, partial) => {
    const { app, balancer } = await stack(300);
    const socket = connect(balancer.port, '127.0.0.1');
    socket.on('error', () => {});
    // Read whatever is answered: a socket with unread data never gets to 'close'.
    socket.resume();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    const opened = Date.now();
    if (partial) socket.write(partial);
    expect((await closed) - opened).toBeLessThan(5_000);
    const next = await app('after-slow');
    await next.next('subscribed');
    next.socket.close();
  });
});
