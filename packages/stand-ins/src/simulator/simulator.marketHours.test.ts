import { CURRENCY_PAIRS } from '@price-alerts/domain/common';
import { encodeSubscribe, hasMarketHours, type FeedTick } from '@price-alerts/domain/prices';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceEngine } from './priceEngine.ts';
import { Simulator, type SimulatorOptions } from './simulator.ts';
import { recordingClient, type RecordingClient } from '../testing/recordingClient.ts';

const t = (iso: string) => Date.parse(iso);
const FRIDAY_2159 = t('2025-01-10T21:59:00.000Z');
const FRIDAY_2200 = t('2025-01-10T22:00:00.000Z');
const SATURDAY = t('2025-01-11T12:00:00.000Z');
const SUNDAY_2159 = t('2025-01-12T21:59:00.000Z');
const SUNDAY_2201 = t('2025-01-12T22:01:00.000Z');
const MONDAY = t('2025-01-13T09:00:00.000Z');

// The wall clock the simulator reads; each test sets it. The timers are an hour apart so that only
// `sim.tick()` moves prices and every round is deterministic.
let wall = 0;
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(options: Partial<SimulatorOptions> = {}): Promise<Simulator> {
  sim = await Simulator.start({
    apiKey: 'k',
    tickIntervalMs: 3_600_000,
    heartbeatMs: 3_600_000,
    now: () => wall,
    marketHours: true,
    openGapPercent: 1,
    ...options,
  });
  return sim;
}

// BTC/USD is subscribed last and always trades, so its tick ends a round: any EUR/USD or XAU/USD tick
// of the same round has arrived before it.
const PAIRS = ['EUR/USD', 'XAU/USD', 'BTC/USD'] as const;

async function subscribed(s: Simulator): Promise<{ client: RecordingClient; snapshot: FeedTick[] }> {
  const client = await recordingClient(s.url(), encodeSubscribe([...PAIRS]));
  await client.next('tick', (m) => m.tick.pair === 'BTC/USD');
  return { client, snapshot: ticksSince(client, 0) };
}

function ticksSince(client: RecordingClient, from: number): FeedTick[] {
  return client.messages.slice(from).flatMap((m) => (m.type === 'tick' ? [m.tick] : []));
}

async function round(s: Simulator, client: RecordingClient): Promise<Map<string, FeedTick>> {
  const from = client.messages.length;
  s.tick();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no BTC/USD tick')), 2_000);
    const poll = setInterval(() => {
      if (!ticksSince(client, from).some((tick) => tick.pair === 'BTC/USD')) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve();
    }, 5);
  });
  return new Map(ticksSince(client, from).map((tick) => [tick.pair ?? '', tick]));
}

describe('simulator market hours', () => {
  it('stops FX and metals at the Friday close, keeps crypto, and opens on Sunday with a gap', async () => {
    wall = FRIDAY_2159;
    const s = await start();
    const { client } = await subscribed(s);
    const friday = await round(s, client);
    expect([...friday.keys()]).toEqual([...PAIRS]);
    expect(friday.get('EUR/USD')?.timestamp).toBe(FRIDAY_2159);

    for (const at of [FRIDAY_2200, SATURDAY, SUNDAY_2159]) {
      wall = at;
      const closed = await round(s, client);
      expect([...closed.keys()]).toEqual(['BTC/USD']);
      expect(closed.get('BTC/USD')?.timestamp).toBe(at);
    }

    wall = SUNDAY_2201;
    const open = await round(s, client);
    expect([...open.keys()]).toEqual([...PAIRS]);
    for (const pair of ['EUR/USD', 'XAU/USD'] as const) {
      const before = friday.get(pair)?.ask ?? NaN;
      const move = Math.abs((open.get(pair)?.ask ?? NaN) / before - 1) * 100;
      // A gap of 0.5 to 1 % (openGapPercent 1), well beyond a tick's noise (a few thousandths of 1 %).
      expect(move).toBeGreaterThan(0.45);
      expect(move).toBeLessThan(1.05);
    }
    // Only the first tick after a close gaps.
    const next = await round(s, client);
    const step = Math.abs((next.get('EUR/USD')?.ask ?? NaN) / (open.get('EUR/USD')?.ask ?? NaN) - 1) * 100;
    expect(step).toBeLessThan(0.05);
    client.socket.close();
  });

  it('gives a closed market its last price with the time it dates from, not now', async () => {
    wall = FRIDAY_2159;
    const s = await start();
    const first = await subscribed(s);
    const friday = await round(s, first.client);
    wall = SATURDAY;
    const { client, snapshot } = await subscribed(s);
    const eur = snapshot.find((tick) => tick.pair === 'EUR/USD');
    expect(eur).toMatchObject({ ask: friday.get('EUR/USD')?.ask, timestamp: FRIDAY_2159 });
    expect(snapshot.find((tick) => tick.pair === 'BTC/USD')?.timestamp).toBe(SATURDAY);
    first.client.socket.close();
    client.socket.close();
  });

  it('a simulator started at the weekend stamps its closed prices before the close and gaps at the open', async () => {
    wall = SATURDAY;
    const s = await start();
    const { client, snapshot } = await subscribed(s);
    expect(snapshot.find((tick) => tick.pair === 'XAU/USD')?.timestamp).toBe(FRIDAY_2200 - 1);
    const before = snapshot.find((tick) => tick.pair === 'XAU/USD')?.ask ?? NaN;
    wall = SUNDAY_2201;
    const open = await round(s, client);
    expect(Math.abs((open.get('XAU/USD')?.ask ?? NaN) / before - 1) * 100).toBeGreaterThan(0.45);
    client.socket.close();
  });

  it('with market hours off (the default) every pair ticks at the weekend, as before', async () => {
    wall = SATURDAY;
    const s = await start({ marketHours: undefined });
    const { client } = await subscribed(s);
    expect([...(await round(s, client)).keys()]).toEqual([...PAIRS]);
    expect(s.clock.state()).toMatchObject({ marketHours: false, closed: [] });
    client.socket.close();
  });
});

describe('POST /control/clock', () => {
  const post = async (body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${sim?.port}/control/clock`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('turns market hours on, moves market time and reads the clock', async () => {
    wall = SATURDAY;
    await start({ marketHours: undefined });
    expect((await post({})).body).toEqual({ now: SATURDAY, offsetMs: 0, marketHours: false, closed: [] });
    const on = await post({ marketHours: true });
    expect(on.body.closed).toEqual(CURRENCY_PAIRS.filter(hasMarketHours));
    expect((await post({ at: SUNDAY_2201 })).body).toEqual({
      now: SUNDAY_2201,
      offsetMs: SUNDAY_2201 - SATURDAY,
      marketHours: true,
      closed: [],
    });
    // Market time runs on with the wall clock from where it was set.
    wall += 60_000;
    expect((await post({})).body.now).toBe(SUNDAY_2201 + 60_000);
    expect((await post({ offsetMs: 0 })).body).toMatchObject({ now: wall, offsetMs: 0 });
  });

  it('refuses a body with both at and offsetMs, or anything else', async () => {
    wall = SATURDAY;
    await start();
    expect((await post({ at: MONDAY, offsetMs: 0 })).status).toBe(400);
    expect((await post({ at: 'Monday' })).status).toBe(400);
    expect((await post({ marketHours: 'yes' })).status).toBe(400);
    expect((await post({ when: MONDAY })).status).toBe(400);
  });

  it('gaps a market whose weekend the clock jumped over', async () => {
    wall = FRIDAY_2159;
    const s = await start();
    const { client } = await subscribed(s);
    const friday = await round(s, client);
    expect((await post({ at: MONDAY })).status).toBe(200);
    const monday = await round(s, client);
    const move = Math.abs((monday.get('EUR/USD')?.ask ?? NaN) / (friday.get('EUR/USD')?.ask ?? NaN) - 1) * 100;
    expect(move).toBeGreaterThan(0.45);
    // Ticks keep the wall clock's time: the ingest service windows by it.
    expect(monday.get('EUR/USD')?.timestamp).toBe(FRIDAY_2159);
    client.socket.close();
  });
});

describe('the gap at the open', () => {
  it('is seeded, and between half the configured size and all of it', () => {
    const gaps = (seed: number) => {
      const engine = new PriceEngine(seed);
      return Array.from({ length: 40 }, () => {
        const before = engine.mid('EUR/USD');
        engine.gap('EUR/USD', 0.4);
        return (engine.mid('EUR/USD') / before - 1) * 100;
      });
    };
    expect(gaps(9)).toEqual(gaps(9));
    for (const gap of gaps(9)) expect(Math.abs(gap)).toBeGreaterThanOrEqual(0.2 - 1e-9);
    for (const gap of gaps(9)) expect(Math.abs(gap)).toBeLessThanOrEqual(0.4 + 1e-9);
    expect(gaps(9).some((gap) => gap > 0) && gaps(9).some((gap) => gap < 0)).toBe(true);
  });
});
