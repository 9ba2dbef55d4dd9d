import { describe, expect, it } from 'vitest';
import { parseFeedMessage } from './feed.ts';
import type { PairDay } from './pairDay.ts';
import { encodePairDay, parsePairDay } from './pairDayWire.ts';

const MINUTE = 60_000;
const T = Date.UTC(2025, 0, 15, 10, 0);
const day: PairDay = {
  dayStart: Date.UTC(2025, 0, 15),
  open: 95_000.5,
  openAt: Date.UTC(2025, 0, 15, 0, 0, 1),
  closes: [
    { minute: T, ask: 95_100 },
    { minute: T + 3 * MINUTE, ask: 95_050.25 },
  ],
};

describe('the type 3 day message', () => {
  it('encodes one ask per minute with null for minutes without a tick, and parses back to the same day', () => {
    const message = encodePairDay('BTCUSD', day);
    expect(JSON.parse(message.slice(1))).toMatchObject({ closes_from: T, closes: [95_100, null, null, 95_050.25] });
    expect(parseFeedMessage(message, null)).toEqual({ type: 'day', symbol: 'BTCUSD', pair: 'BTC/USD', day });
  });

  it('ignores fields it does not know, and leaves an unknown symbol without a pair', () => {
    const wire = { ...JSON.parse(encodePairDay('DOGEUSD', day).slice(1)), volume: 12 };
    expect(parseFeedMessage(`3${JSON.stringify(wire)}`, null)).toMatchObject({ type: 'day', pair: undefined });
  });

  const good = JSON.parse(encodePairDay('EURUSD', day).slice(1)) as Record<string, unknown>;
  it.each([
    ['not JSON', '{"symbol":'],
    ['an array', '[]'],
    ['no symbol', JSON.stringify({ ...good, symbol: undefined })],
    ['a negative open', JSON.stringify({ ...good, open: -1 })],
    ['an open given as text', JSON.stringify({ ...good, open: '1.08' })],
    ['a close of zero', JSON.stringify({ ...good, closes: [0] })],
    // Positive but no price any pair trades at: a % change from it would read '+Infinity%' or 1e+300%.
    ['an open of 5e-324', JSON.stringify({ ...good, open: 5e-324 })],
    ['an open below the smallest price', JSON.stringify({ ...good, open: 0.00009 })],
    ['a close of 1e-300', JSON.stringify({ ...good, closes: [1e-300] })],
    ['61 closes', JSON.stringify({ ...good, closes: Array.from({ length: 61 }, () => 1) })],
    ['closes_from within a minute', JSON.stringify({ ...good, closes_from: T + 1 })],
    ['an open before the day', JSON.stringify({ ...good, open_time: day.dayStart - 1 })],
    ['a fractional time', JSON.stringify({ ...good, day_start: 1.5 })],
  ])('comes back invalid, never thrown, for %s', (_name, body) => {
    expect(parsePairDay(body).ok).toBe(false);
    expect(parseFeedMessage(`3${body}`, null)).toMatchObject({ type: 'invalid' });
  });
});
