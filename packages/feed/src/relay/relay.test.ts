// The relay against hostile and broken clients, over real sockets. Tokens are checked by a stand-in
// here (the Auth emulator's check is in ingest.emulator.test.ts).
import {
  MAX_RELAY_SOCKETS_PER_USER,
  RELAY_DISPLACED_REASON,
  RELAY_RECONNECT_REASON,
} from '@price-alerts/domain/common';
import { RELAY_PROTOCOL, encodeSubscribe, relayProtocols } from '@price-alerts/domain/prices';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Relay, RelayOptions } from './relay.ts';
import { frame, rawWebSocket } from '../testing/rawSocket.ts';
import { sleep, startTestRelay, tick, verifyToken, type TestRelay } from '../testing/testRelay.ts';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';
import { cachedTokenVerifier } from './appTokens.ts';
import { recordingLogger } from '../shared/log.ts';
import { fakeAuth } from '../testing/fakeAuth.ts';
import { WebSocket } from 'ws';

let running: TestRelay | undefined;

async function startRelay(options: Partial<RelayOptions> = {}) {
  running = await startTestRelay(options);
  return running;
}

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** A signed-in app client following EUR/USD still gets a fresh tick. */
async function stillServes(port: number, current: Relay, ask: number) {
  const client = await recordingClient(`ws://127.0.0.1:${port}/prices`, encodeSubscribe(['EUR/USD']), undefined, [
    ...relayProtocols('good-bystander'),
  ]);
  await client.next('subscribed');
  current.publish(tick('EUR/USD', ask));
  await client.next('tick', (m) => m.tick.ask === ask);
  client.socket.close();
}

const BAD_FRAMES = {
  'invalid UTF-8 in a text frame': frame({ opcode: 1, payload: Buffer.from([0xff, 0xfe, 0xfd]) }),
  'an unmasked client frame': frame({ opcode: 1, payload: Buffer.from('{}'), mask: false }),
  'a reserved opcode': frame({ opcode: 3, payload: Buffer.from('x') }),
  'RSV1 set': frame({ opcode: 1, payload: Buffer.from('{}'), rsv1: true }),
  'a control frame over 125 bytes': frame({ opcode: 9, payload: Buffer.alloc(126, 1) }),
  'a message over the payload limit': frame({ opcode: 1, payload: Buffer.alloc(17 * 1024, 0x20) }),
};

describe('relay: nothing a client sends takes it down', () => {
  it.each(
    Object.entries(BAD_FRAMES).flatMap(([name, bytes]) => [
      [name, 'no token', [] as string[], bytes],
      [name, 'a token being checked', relayProtocols('slowbad'), bytes],
      [name, 'a valid token', relayProtocols('good-u1'), bytes],
    ]),
  )('%s from a client with %s closes that client only', async (_name, _who, protocols, bytes) => {
    const { port, relay: current } = await startRelay();
    const raw = await rawWebSocket(port, '/prices', protocols);
    raw.socket.write(bytes);
    await raw.ended;
    await stillServes(port, current, 1.2345);
    await expect.poll(() => current.clientCount).toBe(0);
  });

  it.each(['//', '//[', 'http://[', '/prices/../../x'])(
    'closes an upgrade to the request target %s and keeps serving',
    async (target) => {
      const { port, relay: current } = await startRelay();
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`);
      await closed;
      await stillServes(port, current, 1.25);
    },
  );

  it('reads a 17 MiB message no further than its header', async () => {
    const { port, url, relay: current } = await startRelay();
    const big = await recordingClient(url, undefined, undefined, relayProtocols('good-big'));
    await expect.poll(() => current.clientCount).toBe(1);
    big.socket.send(`{"pairs":["${'A'.repeat(17 * 1024 * 1024)}"]}`);
    expect(await big.closed).toBe(1009);
    await stillServes(port, current, 1.5);
  });

  it('leaves nothing behind from sockets that close while their token is checked', async () => {
    const { url, relay: current } = await startRelay();
    const clients = await Promise.all(
      Array.from({ length: 40 }, (_, i) => recordingClient(url, undefined, undefined, relayProtocols(`slow-${i}`))),
    );
    for (const client of clients) client.socket.close();
    await sleep(400);
    expect(current.clientCount).toBe(0);
  });

  it('closes a client that sends more messages than the rate allows, with type 7 first, and logs it once', async () => {
    const log = recordingLogger();
    const { port, url, relay: current } = await startRelay({ messageBurst: 10, messagesPerSecond: 5, log });
    const client = await recordingClient(url, undefined, undefined, relayProtocols('good-flood'));
    await expect.poll(() => current.clientCount).toBe(1);
    for (let i = 0; i < 50; i++) client.socket.send(encodeSubscribe(['EUR/USD']));
    expect(await client.closed).toBe(1008);
    expect(client.messages).toContainEqual({ type: 'error', code: '7', error: 'Too many messages' });
    expect(client.messages.filter((m) => m.type === 'subscribed').length).toBeLessThanOrEqual(10);
    expect(client.messages.filter((m) => m.type === 'error')).toHaveLength(1);
    await stillServes(port, current, 1.6);
    // The 40 messages past the limit make one line, not one each.
    expect(log.lines.filter((line) => line.message === 'Relay closed a client sending too many messages')).toEqual([
      { severity: 'warn', message: 'Relay closed a client sending too many messages', fields: { uid: 'flood' } },
    ]);
  });

  it('closes a signed-in client that never reads once its queued bytes pass the bound', async () => {
    const { port, relay: current } = await startRelay({
      messageBurst: 1e9,
      messagesPerSecond: 1e9,
      maxQueuedBytes: 256 * 1024,
    });
    for (const pair of ['EUR/USD', 'GBP/USD', 'BTC/USD'] as const) current.publish(tick(pair, 1.1));
    const raw = await rawWebSocket(port, '/prices', relayProtocols('good-sloth'));
    raw.socket.pause();
    const subscribe = frame({ opcode: 1, payload: Buffer.from(encodeSubscribe(['EUR/USD', 'GBP/USD', 'BTC/USD'])) });
    // Each answer is about 300 bytes: 30,000 of them is 9 MB, more than the kernel's socket buffers hold.
    raw.socket.write(Buffer.concat(Array.from({ length: 30_000 }, () => subscribe)));
    await expect.poll(() => [current.closedForBackpressure, current.clientCount], { timeout: 20_000 }).toEqual([1, 0]);
    raw.socket.destroy();
    await stillServes(port, current, 1.7);
  }, 30_000);

  it('answers with its own protocol, never echoing the token', async () => {
    const { port } = await startRelay();
    const raw = await rawWebSocket(port, '/prices', relayProtocols('good-echo'));
    expect(raw.handshake).toMatch(new RegExp(`sec-websocket-protocol: ${RELAY_PROTOCOL}`, 'i'));
    expect(raw.handshake).not.toContain('good-echo');
    raw.socket.destroy();
  });

  it('ignores a token in the query string', async () => {
    const { url } = await startRelay();
    const client = await recordingClient(`${url}?token=good-url`, encodeSubscribe(['EUR/USD']));
    expect(await client.closed).toBe(4001);
  });

  it('cuts off an open socket whose token stops verifying', async () => {
    let revoked = false;
    const { url } = await startRelay({
      recheckMs: 100,
      verifyToken: async (token) => {
        if (revoked) throw new Error('auth/user-disabled');
        return verifyToken(token);
      },
    });
    const client = await recordingClient(url, encodeSubscribe(['EUR/USD']), undefined, relayProtocols('good-later'));
    await client.next('subscribed');
    revoked = true;
    expect(await client.closed).toBe(4001);
    expect(client.messages).toContainEqual({ type: 'error', code: '9', error: 'Token revoked' });
  });
});

describe('relay: the sweep of open sockets', () => {
  it('looks each user up once per sweep and cuts off a disabled one within it, whatever the cache', async () => {
    const { auth, users, calls, outage } = fakeAuth();
    users.set('ada', { disabled: false }).set('bob', { disabled: false });
    const tokens = cachedTokenVerifier(auth, { revocationCacheMs: 60_000 });
    const { url } = await startRelay({ recheckMs: 300, verifyToken: tokens.verifyToken });
    const open = (token: string) =>
      recordingClient(url, encodeSubscribe(['EUR/USD']), undefined, relayProtocols(token));
    const [ada1, ada2, bob] = await Promise.all(['ada.100', 'ada.100', 'bob.100'].map(open));
    await Promise.all([ada1, ada2, bob].map((c) => c?.next('subscribed')));
    // Two users, three sockets: each sweep asks for each user once.
    const before = calls.getUser;
    await expect.poll(() => calls.getUser - before, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    expect((calls.getUser - before) % 2).toBe(0);
    // Auth not answering is no verdict: two sweeps through it, and every socket is still open.
    outage.on = true;
    const failing = calls.getUser;
    await expect.poll(() => calls.getUser - failing, { timeout: 2_000 }).toBeGreaterThanOrEqual(4);
    for (const client of [ada1, ada2, bob]) expect(client?.socket.readyState).toBe(WebSocket.OPEN);
    outage.on = false;
    users.set('ada', { disabled: true });
    for (const client of [ada1, ada2]) expect(await client?.closed).toBe(4001);
    expect(bob?.socket.readyState).toBe(WebSocket.OPEN);
    bob?.socket.close();
  });
});

describe('relay: planned closes the app does not see', () => {
  const app = (url: string, uid: string) =>
    recordingClient(url, encodeSubscribe(['EUR/USD']), undefined, relayProtocols(`good-${uid}`));

  it('closes each socket normally, with the reconnect reason, after 80% to 100% of its lifetime', async () => {
    const { url } = await startRelay({ socketLifetimeMs: 500 });
    const opened = Date.now();
    const clients = await Promise.all(['a', 'b', 'c'].map((uid) => app(url, uid)));
    for (const client of clients) {
      expect(await client.closed).toBe(1000);
      expect(client.closeReason).toBe(RELAY_RECONNECT_REASON);
    }
    expect(Date.now() - opened).toBeGreaterThanOrEqual(400);
  });

  it('on close, closes every socket the same way, spread over the drain, and refuses new ones meanwhile', async () => {
    const { url, relay: current } = await startRelay({ drainMs: 400 });
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => app(url, `d${i}`)));
    await Promise.all(clients.map((c) => c.next('subscribed')));
    const closedAt: number[] = [];
    for (const c of clients) void c.closed.then(() => closedAt.push(Date.now()));
    const closing = current.close();
    const late = await recordingClient(url, undefined, undefined, relayProtocols('good-late'));
    expect(late.socket.readyState).toBe(late.socket.CLOSED);
    await closing;
    await Promise.all(clients.map((c) => c.closed));
    expect(new Set(clients.map((c) => c.closeReason))).toEqual(new Set([RELAY_RECONNECT_REASON]));
    // Spread, not all in the same instant.
    expect(Math.max(...closedAt) - Math.min(...closedAt)).toBeGreaterThan(100);
  });

  it('cuts, a second after the drain, a socket that never answers the closing handshake', async () => {
    const { port, relay: current } = await startRelay({ drainMs: 200 });
    const silent = await rawWebSocket(port, '/prices', relayProtocols('good-silent'));
    await expect.poll(() => current.clientCount).toBe(1);
    // It reads but never answers the close frame: ws alone would wait 30 s for the answer.
    const started = Date.now();
    await current.close();
    await silent.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it(`holds ${MAX_RELAY_SOCKETS_PER_USER} sockets of one account: a newer one closes the oldest, normally, saying why`, async () => {
    const { url, relay: current } = await startRelay();
    const mine: Awaited<ReturnType<typeof app>>[] = [];
    for (let i = 0; i < MAX_RELAY_SOCKETS_PER_USER; i++) {
      mine.push(await app(url, 'many'));
      await mine.at(-1)?.next('subscribed');
    }
    const other = await app(url, 'someone-else');
    await other.next('subscribed');
    const newest = await app(url, 'many');
    await newest.next('subscribed');
    expect(await mine[0]?.closed).toBe(1000);
    expect(mine[0]?.closeReason).toBe(RELAY_DISPLACED_REASON);
    await expect.poll(() => current.clientCount).toBe(MAX_RELAY_SOCKETS_PER_USER + 1);
    // The rest of the account's, and everyone else's, are served still.
    current.publish(tick('EUR/USD', 1.2468));
    for (const client of [...mine.slice(1), newest, other]) await client.next('tick', (m) => m.tick.ask === 1.2468);
  });

  it('closes, the planned way, a socket whose token was still being checked when the relay began closing', async () => {
    const { url, relay: current } = await startRelay();
    const slow = await recordingClient(url, encodeSubscribe(['EUR/USD']), undefined, relayProtocols('slow-later'));
    const closing = current.close();
    expect(await slow.closed).toBe(1000);
    expect(slow.closeReason).toBe(RELAY_RECONNECT_REASON);
    await closing;
  });
});
