// The ingest service against the simulator (real sockets) and the Pub/Sub, Firestore and Auth emulators.
import { PubSub, type Subscription } from '@google-cloud/pubsub';
import { CURRENCY_PAIRS } from '@price-alerts/domain/common';
import {
  PRICE_INTERVALS_TOPIC,
  intervalBatchSchema,
  intervalMessageSchema,
  type IntervalMessage,
} from '@price-alerts/domain/prices';
import { encodeSubscribe, relayProtocols } from '@price-alerts/domain/prices';
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/emulator/auth-emulator';
import { gcpSinks } from './gcpSinks.ts';
import { IngestService, type IngestSinks } from './ingest.ts';
import { recordingLogger } from '../shared/log.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';
import { signIntervals } from '../shared/signing.ts';

// Data in a project of its own, so the stack's own ingest service (npm start's) does not mix in;
// users sign in on the stack's project.
const PROJECT = 'demo-ingest-test';
const AUTH_PROJECT = 'demo-price-alerts';
const WINDOW_MS = 300;
const SIGNING_KEY = 'ingest-test-signing-key';
let sim: Simulator;
let ingest: IngestService;
let sinks: Awaited<ReturnType<typeof gcpSinks>>;
let subscription: Subscription;
const log = recordingLogger();
const received: IntervalMessage[] = [];
/** Each Pub/Sub message's window starts, one entry per message. */
const messageStarts: number[][] = [];
/** Messages whose signature did not check out. */
let unsigned = 0;
/** Without the alert listener there is no level index: every window is published (gate.ts). */
const everyWindow = (s: IngestSinks): IngestSinks => ({
  publishIntervals: (m) => s.publishIntervals(m),
  saveLatest: (p) => s.saveLatest(p),
  verifyToken: (t) => s.verifyToken(t),
});

beforeAll(async () => {
  sim = await Simulator.start({ apiKey: 'ingest-test-key', tickIntervalMs: 60_000, heartbeatMs: 200 });
  // Every check asks Auth: these tests disable an account and expect the next check to see it.
  sinks = await gcpSinks({
    projectId: PROJECT,
    authProjectId: AUTH_PROJECT,
    signingKey: SIGNING_KEY,
    log,
    revocationCacheMs: 0,
  });
  const pubsub = new PubSub({ projectId: PROJECT });
  [subscription] = await pubsub.topic(PRICE_INTERVALS_TOPIC).createSubscription(`ingest-test-${Date.now()}`);
  subscription.on('message', (message) => {
    const { signature, signedAt } = message.attributes;
    if (signature !== signIntervals(SIGNING_KEY, message.data, Number(signedAt))) unsigned += 1;
    const batch = intervalBatchSchema.parse(JSON.parse(message.data.toString()));
    const intervals = batch.intervals.map((i) => intervalMessageSchema.parse(i));
    received.push(...intervals);
    messageStarts.push([...new Set(intervals.map((i) => i.start))]);
    message.ack();
  });
  ingest = await IngestService.start(
    {
      upstreamUrl: sim.url(),
      port: 0,
      host: '127.0.0.1',
      windowMs: WINDOW_MS,
      silentMs: 5_000,
      initialBackoffMs: 50,
      maxBackoffMs: 200,
      relayHeartbeatMs: 1_000,
      source: 'ingest-test',
      relay: { recheckMs: 300 },
      // Each window's price is stored, so a forced one is read back at once (the gate test checks the cadence).
      latestEveryMs: 0,
    },
    everyWindow(sinks),
    log,
  );
  // Hooks cannot use expect.poll: wait for the subscription by hand.
  for (let i = 0; i < 100 && ingest.upstream.status !== 'subscribed'; i++) await new Promise((r) => setTimeout(r, 50));
  if (ingest.upstream.status !== 'subscribed') throw new Error('The ingest service never subscribed upstream');
});

afterAll(async () => {
  await ingest?.close();
  await subscription?.delete();
  await sinks?.close();
  await sim?.close(); // The file's own apps (ingest-test-*): the files of this project share one process.
  await Promise.all(
    getApps()
      .filter((a) => a.name.startsWith('ingest-test-'))
      .map((a) => deleteApp(a)),
  );
});

/** Waits for the start of a fresh window, so forced prices land in one. */
async function windowStart(): Promise<void> {
  await new Promise((r) => setTimeout(r, WINDOW_MS - (Date.now() % WINDOW_MS) + 10));
}

const intervalWith = (pair: string, predicate: (m: IntervalMessage) => boolean) =>
  expect.poll(() => received.find((m) => m.pair === pair && predicate(m)), { timeout: 10_000 });

describe('ingest', () => {
  it('publishes forced prices as one interval with the right low and high, and stores the latest price', async () => {
    await windowStart();
    for (const ask of [1.1, 1.3, 1.05, 1.2]) sim.forceAsk('EUR/USD', ask);
    await intervalWith('EUR/USD', (m) => m.ask.high === 1.3).toMatchObject({
      ask: { first: 1.1, low: 1.05, high: 1.3, last: 1.2 },
      ticks: 4,
      source: 'ingest-test',
    });
    const db = getFirestore(initializeApp({ projectId: PROJECT }, 'ingest-test-reader'));
    await expect.poll(async () => (await db.doc('prices/EURUSD').get()).data()?.ask).toBe(1.2);
  });

  it('reconnects after an abnormal drop and keeps aggregating the next window', async () => {
    const before = ingest.upstream.reconnects;
    sim.dropAll();
    await expect.poll(() => ingest.upstream.reconnects).toBeGreaterThan(before);
    await expect.poll(() => ingest.upstream.status).toBe('subscribed');
    await windowStart();
    sim.forceAsk('GBP/USD', 1.4);
    sim.forceAsk('GBP/USD', 1.38);
    await intervalWith('GBP/USD', (m) => m.ask.high === 1.4).toMatchObject({
      ask: { low: 1.38, last: 1.38 },
      ticks: 2,
    });
  });

  it('publishes exactly one message per window while all 15 pairs tick across window boundaries', async () => {
    await windowStart();
    const from = messageStarts.length;
    const firstWindow = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
    // Every pair ticks every 40 ms for about five windows, so each window is also closed by the
    // next window's first tick before the window timer fires.
    for (let step = 0; step < 38; step++) {
      for (const [i, pair] of CURRENCY_PAIRS.entries()) sim.forceAsk(pair, 100 + i + step / 1000);
      await new Promise((r) => setTimeout(r, 40));
    }
    const lastWindow = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS - WINDOW_MS;
    await expect.poll(() => messageStarts.slice(from).flat().includes(lastWindow)).toBe(true);
    const perWindow = new Map<number, number>();
    for (const starts of messageStarts.slice(from)) {
      expect(starts).toHaveLength(1);
      perWindow.set(starts[0] as number, (perWindow.get(starts[0] as number) ?? 0) + 1);
    }
    for (let start = firstWindow; start <= lastWindow; start += WINDOW_MS) expect(perWindow.get(start)).toBe(1);
    const fullWindow = received.filter((m) => m.start === firstWindow + WINDOW_MS).map((m) => m.pair);
    expect(new Set(fullWindow).size).toBe(CURRENCY_PAIRS.length);
    expect(unsigned).toBe(0);
  });

  it('logs a malformed frame, skips it and carries on', async () => {
    sim.sendRaw('1not|a|tick');
    sim.sendRaw('5what');
    await expect
      .poll(() => log.lines.filter((l) => l.message === 'Malformed upstream frame skipped').length)
      .toBeGreaterThanOrEqual(2);
    await windowStart();
    sim.forceAsk('AUD/USD', 0.7);
    await intervalWith('AUD/USD', (m) => m.ask.last === 0.7).toBeDefined();
    expect(ingest.upstream.status).toBe('subscribed');
  });
});

describe('relay', () => {
  const relayUrl = () => `ws://127.0.0.1:${ingest.port}/prices`;
  const connect = (token: string, subscribe = encodeSubscribe(['EUR/USD'])) =>
    recordingClient(relayUrl(), subscribe, undefined, relayProtocols(token));

  it.each([
    ['no token', ''],
    ['a forged token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
  ])('refuses a client with %s', async (_label, token) => {
    const client = await connect(token);
    expect(await client.closed).toBe(4001);
    expect(client.messages).toContainEqual({ type: 'error', code: '9', error: 'Invalid or expired token' });
  });

  it('gives a signed-in client type 0, the latest price, then live ticks', async () => {
    const user = await createTestUser('relay');
    sim.forceAsk('EUR/USD', 1.2);
    await expect.poll(() => received.some((m) => m.pair === 'EUR/USD' && m.ask.last === 1.2)).toBe(true);
    const client = await connect(user.idToken, encodeSubscribe(['EUR/USD', 'BTC/USD']));
    await client.next('subscribed');
    await client.next('tick', (m) => m.tick.pair === 'EUR/USD' && m.tick.ask === 1.2);
    sim.forceAsk('BTC/USD', 95_000.5);
    await client.next('tick', (m) => m.tick.pair === 'BTC/USD' && m.tick.ask === 95_000.5);
    sim.forceAsk('XAU/USD', 2700);
    await new Promise((r) => setTimeout(r, 100));
    expect(client.messages.some((m) => m.type === 'tick' && m.tick.pair === 'XAU/USD')).toBe(false);
    client.socket.close();
  });

  it.each([
    ['disabled', (uid: string) => getAuth(adminApp()).updateUser(uid, { disabled: true })],
    ['deleted', (uid: string) => getAuth(adminApp()).deleteUser(uid)],
    [
      'signed out everywhere',
      async (uid: string) => {
        // Revocation counts in whole seconds: a token issued in the same second would still pass.
        await new Promise((r) => setTimeout(r, 1_100));
        await getAuth(adminApp()).revokeRefreshTokens(uid);
      },
    ],
  ])('stops serving an account that is %s: open sockets are cut off, new ones refused', async (_label, change) => {
    const user = await createTestUser('revoked');
    const open = await connect(user.idToken);
    await open.next('subscribed');
    await change(user.uid);
    expect(await open.closed).toBe(4001);
    expect(open.messages).toContainEqual({ type: 'error', code: '9', error: 'Token revoked' });
    const again = await connect(user.idToken);
    expect(await again.closed).toBe(4001);
    expect(again.messages).toContainEqual({ type: 'error', code: '9', error: 'Invalid or expired token' });
  });
});

let admin: ReturnType<typeof initializeApp> | undefined;
/** Users live in the stack's project. */
function adminApp() {
  admin ??= initializeApp({ projectId: AUTH_PROJECT }, 'ingest-test-admin');
  return admin;
}
