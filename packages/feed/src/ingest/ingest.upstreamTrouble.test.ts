// Upstream trouble as the app sees it, over real sockets: the simulator as the provider, the ingest
// service's relay, and app-like clients. Pub/Sub and Firestore are stand-ins (no emulators), and
// tokens are checked by a stand-in as in relay.test.ts.
import { CURRENCY_PAIRS, type CurrencyPair } from '@price-alerts/domain/common';
import { encodeSubscribe, relayProtocols } from '@price-alerts/domain/prices';
import { afterEach, describe, expect, it } from 'vitest';
import type { IngestConfig, IngestService } from './ingest.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { stalePairs } from './staleness.ts';
import { startTestIngest } from '../testing/testIngest.ts';
import { recordingClient, type RecordingClient } from '@price-alerts/stand-ins/recording-client';
import { OUTAGE_CODE, OUTAGE_ERROR } from '../upstream/upstreamNotices.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const GRACE_MS = 300;
const OUTAGE = { type: 'error', code: OUTAGE_CODE, error: OUTAGE_ERROR };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The simulator is looked up at cleanup: tests replace it to play an outage and a recovery. */
let sim: Simulator | undefined;
async function startSimulator(options: { apiKey?: string; port?: number; now?: () => number } = {}) {
  sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 50, ...options });
  return sim;
}

async function startIngest(upstreamUrl: string, config: Partial<IngestConfig> = {}) {
  const ingest = await startTestIngest(upstreamUrl, {
    source: 'trouble-test',
    upstreamGraceMs: GRACE_MS,
    relay: { flushMs: 10 },
    ...config,
  });
  cleanups.push(
    () => sim?.close(),
    () => ingest.close(),
  );
  await expect.poll(() => ingest.upstream.status).toBe('subscribed');
  return ingest;
}

async function app(ingest: IngestService, uid: string, pairs: CurrencyPair[]) {
  const client = await recordingClient(
    `ws://127.0.0.1:${ingest.port}/prices`,
    encodeSubscribe(pairs),
    undefined,
    relayProtocols(`good-${uid}`),
  );
  cleanups.push(() => client.socket.terminate());
  await client.next('subscribed');
  await client.next('tick');
  return client;
}

const errors = (client: RecordingClient) => client.messages.filter((m) => m.type === 'error');

async function health(ingest: IngestService) {
  const res = await fetch(`http://127.0.0.1:${ingest.port}/health`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** After the outage error: type 0 again, then a tick of each of the client's pairs, and no further error. */
async function expectRecovered(client: RecordingClient, pairs: CurrencyPair[]) {
  const from = client.messages.findIndex((m) => m.type === 'error' && m.error === OUTAGE_ERROR);
  await expect
    .poll(() => {
      const after = client.messages.slice(from + 1);
      const resubscribed = after.findIndex((m) => m.type === 'subscribed');
      const ticked = new Set(after.slice(resubscribed).flatMap((m) => (m.type === 'tick' ? [m.tick.pair] : [])));
      return resubscribed >= 0 && pairs.every((p) => ticked.has(p));
    })
    .toBe(true);
  expect(client.messages.slice(from + 1).filter((m) => m.type === 'error')).toEqual([]);
}

describe('relay: upstream errors reach the app', () => {
  it('passes an upstream type 7 and type 9 to every subscribed client, with their code and text', async () => {
    const ingest = await startIngest((await startSimulator()).url());
    const clients = await Promise.all([
      app(ingest, 'a', ['EUR/USD']),
      app(ingest, 'b', ['BTC/USD', 'GBP/USD']),
      app(ingest, 'c', ['XAU/USD']),
    ]);
    sim?.sendError('7', 'Rate limit warning');
    sim?.sendError('9', 'Quota exceeded');
    for (const client of clients) {
      await expect
        .poll(() => errors(client))
        .toEqual([
          { type: 'error', code: '7', error: 'Rate limit warning' },
          { type: 'error', code: '9', error: 'Quota exceeded' },
        ]);
    }
    // The same error again at once is not a second toast.
    sim?.sendError('9', 'Quota exceeded');
    await sleep(200);
    for (const client of clients) expect(errors(client)).toHaveLength(2);
  });

  it('says nothing about a reconnect within the grace', async () => {
    const ingest = await startIngest((await startSimulator()).url());
    const client = await app(ingest, 'a', ['EUR/USD']);
    const before = ingest.upstream.reconnects;
    sim?.dropAll();
    await expect.poll(() => ingest.upstream.reconnects).toBeGreaterThan(before);
    await expect.poll(() => ingest.upstream.status).toBe('subscribed');
    await sleep(GRACE_MS * 2);
    expect(errors(client)).toEqual([]);
    expect(client.messages.filter((m) => m.type === 'subscribed')).toHaveLength(1);
  });
});

describe('relay: an upstream outage past the grace', () => {
  it('tells every client once, tells a client subscribing meanwhile, and resyncs them when it is back', async () => {
    const port = (await startSimulator()).port;
    const ingest = await startIngest(sim?.url() ?? '');
    const a = await app(ingest, 'a', ['EUR/USD', 'BTC/USD']);
    const b = await app(ingest, 'b', ['GBP/USD']);
    await sim?.close();
    // Several grace periods and a dozen failed reconnects: still one notice each.
    await sleep(GRACE_MS * 5);
    expect(errors(a)).toEqual([OUTAGE]);
    expect(errors(b)).toEqual([OUTAGE]);
    expect(await health(ingest)).toMatchObject({
      status: 503,
      body: { upstream: expect.stringMatching(/connecting|disconnected/), outageAnnounced: true },
    });
    expect((await health(ingest)).body.upstreamDownSince).toEqual(expect.any(Number));
    // A client arriving now gets its last price with its time, then the error, so it never looks live.
    const late = await app(ingest, 'late', ['EUR/USD']);
    await late.next('error');
    expect(late.messages.map((m) => m.type)).toEqual(['subscribed', 'day', 'tick', 'error']);
    expect(errors(late)).toEqual([OUTAGE]);

    await startSimulator({ port });
    await expectRecovered(a, ['EUR/USD', 'BTC/USD']);
    await expectRecovered(b, ['GBP/USD']);
    await expectRecovered(late, ['EUR/USD']);
    expect(await health(ingest)).toMatchObject({
      status: 200,
      body: { upstream: 'subscribed', upstreamDownSince: null, outageAnnounced: false },
    });
  });

  it('passes a refused key on once per outage, not once per retry', async () => {
    const port = (await startSimulator()).port;
    const ingest = await startIngest(sim?.url() ?? '');
    const client = await app(ingest, 'a', ['EUR/USD']);
    await sim?.close();
    // The provider is back but refuses the key: a type 9 and close 4001 on every retry.
    await startSimulator({ port, apiKey: 'rotated' });
    await expect.poll(() => ingest.upstream.reconnects).toBeGreaterThan(5);
    await expect
      .poll(() => errors(client))
      .toEqual(expect.arrayContaining([{ type: 'error', code: '9', error: 'Invalid API key' }, OUTAGE]));
    expect(errors(client)).toHaveLength(2);
    await sim?.close();
    await startSimulator({ port });
    await expectRecovered(client, ['EUR/USD']);
  });
});

describe('/health: stale pairs', () => {
  // Wednesday 8 January 2025, 12:00 UTC: every market open.
  const WEDNESDAY = Date.UTC(2025, 0, 8, 12);
  // Saturday 11 January 2025, 12:00 UTC: FX and metals closed, crypto open.
  const SATURDAY = Date.UTC(2025, 0, 11, 12);

  async function atClock(start: number) {
    const clock = { now: start };
    const now = () => clock.now;
    // No timed ticks: prices move only when the test forces them.
    sim = await Simulator.start({ apiKey: 'k', tickIntervalMs: 3_600_000, now });
    const ingest = await startIngest(sim.url(), { now });
    // The subscription's snapshot: every pair ticks once, stamped with the clock.
    const client = await app(ingest, 'watcher', [...CURRENCY_PAIRS]);
    await expect
      .poll(() => new Set(client.messages.flatMap((m) => (m.type === 'tick' ? [m.tick.pair] : []))).size)
      .toBe(CURRENCY_PAIRS.length);
    const force = async (pair: CurrencyPair, ask: number) => {
      sim?.forceAsk(pair, ask);
      await client.next('tick', (m) => m.tick.pair === pair && m.tick.ask === ask);
    };
    return { clock, ingest, force };
  }

  it('lists an open pair with no tick for over 30 s, and not one that just ticked', async () => {
    const { clock, ingest, force } = await atClock(WEDNESDAY);
    expect((await health(ingest)).body.stale).toEqual([]);
    clock.now += 30_000;
    expect((await health(ingest)).body.stale).toEqual([]);
    clock.now += 1_000;
    await force('EUR/USD', 1.1);
    const { status, body } = await health(ingest);
    expect(status).toBe(200);
    expect(body.stale).toEqual(CURRENCY_PAIRS.filter((p) => p !== 'EUR/USD'));
  });

  it('does not list a pair whose market is closed, however old its price', async () => {
    const { clock, ingest, force } = await atClock(WEDNESDAY);
    clock.now = SATURDAY;
    await force('BTC/USD', 95_000);
    expect((await health(ingest)).body.stale).toEqual(['ETH/USD', 'LTC/USD']);
  });
});

describe('stalePairs', () => {
  it('counts a pair never seen from the start', () => {
    const start = Date.UTC(2025, 0, 8, 12);
    const seen = new Map<CurrencyPair, number>(CURRENCY_PAIRS.map((p) => [p, start + 40_000]));
    seen.delete('USD/JPY');
    expect(stalePairs(seen, start + 30_000, start)).toEqual([]);
    expect(stalePairs(seen, start + 31_000, start)).toEqual(['USD/JPY']);
  });
});
