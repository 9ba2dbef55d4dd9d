// The relay's type 3 message: each subscription gets its pairs' day and last hour before their
// latest tick, kept from the ticks it relayed; a client's malformed messages change nothing.
import { encodeSubscribe, relayProtocols } from '@price-alerts/domain/prices';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestRelay, tick, type TestRelay } from '../testing/testRelay.ts';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';

let running: TestRelay | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const MINUTE = 60_000;
const SHAPE = 'expected {"pairs": ["EURUSD", ...]}';

describe('relay: the day and last hour on subscribe', () => {
  it('sends type 0, then each pair’s day (3) before its latest tick (1), and nothing for a pair never seen', async () => {
    running = await startTestRelay();
    // Ticks keep their own time through the relay: a fixed one makes the day certain.
    const now = Date.UTC(2025, 0, 15, 12, 0, 30);
    running.relay.publish(tick('BTC/USD', 100, now - 2 * MINUTE));
    running.relay.publish(tick('BTC/USD', 101, now - MINUTE));
    running.relay.publish(tick('BTC/USD', 102, now));
    const client = await recordingClient(running.url, encodeSubscribe(['BTC/USD', 'XAU/JPY']), undefined, [
      ...relayProtocols('good-day'),
    ]);
    await client.next('tick', (m) => m.tick.ask === 102);
    expect(client.messages.map((m) => m.type)).toEqual(['subscribed', 'day', 'tick']);
    const day = await client.next('day');
    expect(day.pair).toBe('BTC/USD');
    // Crypto's day begins at 00:00 UTC.
    expect(day.day).toEqual({
      dayStart: Date.UTC(2025, 0, 15),
      open: 100,
      openAt: now - 2 * MINUTE,
      closes: [100, 101, 102].map((ask, i) => ({ minute: Date.UTC(2025, 0, 15, 11, 58 + i), ask })),
    });
    client.socket.close();
  });

  it.each([
    ['a type 3 line', '3{"symbol":"EURUSD","open":-1}'],
    ['a type 3 that is not JSON', '3{not json'],
    ['a day message in the subscription', JSON.stringify({ pairs: ['EURUSD'], day_start: 'x' })],
    ['an empty message', ''],
    ['65 pairs', JSON.stringify({ pairs: Array(65).fill('EURUSD') }), 'at most 64 pairs per subscription'],
  ])('answers %s from a client with a type 7 error and keeps serving it', async (_name, raw, reason = SHAPE) => {
    running = await startTestRelay();
    running.relay.publish(tick('EUR/USD', 1.1));
    const client = await recordingClient(running.url, undefined, undefined, relayProtocols('good-bad'));
    client.socket.send(raw);
    const error = await client.next('error');
    expect([error.code, error.error]).toEqual(['7', `Invalid subscription: ${reason}`]);
    client.socket.send(encodeSubscribe(['EUR/USD']));
    await client.next('day');
    running.relay.publish(tick('EUR/USD', 1.2));
    await client.next('tick', (m) => m.tick.ask === 1.2);
    expect(running.relay.clientCount).toBe(1);
    client.socket.close();
  });
});

describe('relay: a re-subscribe', () => {
  it('sends the day (3) only for pairs the client newly added, and every pair’s latest tick', async () => {
    running = await startTestRelay();
    for (const [pair, ask] of [
      ['BTC/USD', 100],
      ['ETH/USD', 3000],
      ['EUR/USD', 1.1],
    ] as const) {
      running.relay.publish(tick(pair, ask));
    }
    const client = await recordingClient(running.url, encodeSubscribe(['BTC/USD']), undefined, [
      ...relayProtocols('good-resub'),
    ]);
    await client.next('tick', (m) => m.tick.pair === 'BTC/USD');
    const before = client.messages.length;
    client.socket.send(encodeSubscribe(['BTC/USD', 'ETH/USD', 'EUR/USD']));
    await client.next('tick', (m) => m.tick.pair === 'EUR/USD');
    const answer = client.messages.slice(before).map((m) => (m.type === 'day' ? `day:${m.pair}` : m.type));
    expect(answer).toEqual(['subscribed', 'tick', 'day:ETH/USD', 'tick', 'day:EUR/USD', 'tick']);
    client.socket.close();
  });
});

describe('relay: a client alternating between pairs', () => {
  it('is sent each pair’s day once per spacing, however often it alternates, and a waited day after it', async () => {
    running = await startTestRelay({ dayResendMs: 2_000 });
    const { relay } = running;
    relay.publish(tick('BTC/USD', 100));
    relay.publish(tick('ETH/USD', 3000));
    const client = await recordingClient(running.url, encodeSubscribe(['BTC/USD']), undefined, [
      ...relayProtocols('good-alternate'),
    ]);
    await client.next('tick', (m) => m.tick.pair === 'BTC/USD');
    for (let i = 1; i <= 4; i++) {
      // Both days change before each message: no day the client holds is current.
      relay.publish(tick('BTC/USD', 100 + i));
      relay.publish(tick('ETH/USD', 3000 + i));
      const [pair, ask] = i % 2 ? (['ETH/USD', 3000 + i] as const) : (['BTC/USD', 100 + i] as const);
      client.socket.send(encodeSubscribe([pair]));
      await client.next('tick', (m) => m.tick.pair === pair && m.tick.ask === ask);
    }
    const days = () => client.messages.flatMap((m) => (m.type === 'day' ? [m.pair] : []));
    expect(days()).toEqual(['BTC/USD', 'ETH/USD']);
    // BTC, followed now, had ticks since its day was sent: the day comes once the spacing is over.
    const late = await client.next('day', (m) => m.pair === 'BTC/USD' && m.day.closes.at(-1)?.ask === 104);
    expect(late.day.open).toBe(100);
    expect(days()).toEqual(['BTC/USD', 'ETH/USD', 'BTC/USD']);
    client.socket.close();
  });
});

describe('relay: a tick dated in the future', () => {
  it('is relayed but not folded into the pair’s day, which keeps taking the true ticks', async () => {
    running = await startTestRelay();
    const now = Date.now();
    running.relay.publish(tick('BTC/USD', 100, now));
    running.relay.publish(tick('BTC/USD', 999, now + 2 * 86_400_000));
    running.relay.publish(tick('BTC/USD', 101, now));
    const day = running.relay.days.get('BTC/USD');
    expect([day?.open, day?.closes.at(-1)?.ask]).toEqual([100, 101]);
  });
});
