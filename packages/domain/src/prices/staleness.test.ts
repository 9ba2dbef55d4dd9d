import { describe, expect, it } from 'vitest';
import { STALE_AFTER_MS, staleTransitions } from './staleness.ts';

// A Wednesday noon UTC, when every market is open, and a Saturday, when only crypto is.
const WEDNESDAY = Date.UTC(2026, 10, 18, 12, 0);
const SATURDAY = Date.UTC(2026, 10, 21, 12, 0);

describe('staleTransitions', () => {
  it.each([
    ['a fresh price', WEDNESDAY, [{ pair: 'EUR/USD', timestamp: WEDNESDAY - 5_000 }], {}, [], [], {}],
    [
      'exactly 30 s old is still fresh',
      WEDNESDAY,
      [{ pair: 'EUR/USD', timestamp: WEDNESDAY - STALE_AFTER_MS }],
      {},
      [],
      [],
      {},
    ],
    [
      'an outage starting',
      WEDNESDAY,
      [{ pair: 'EUR/USD', timestamp: WEDNESDAY - 45_000 }],
      {},
      [{ pair: 'EUR/USD', lastAt: WEDNESDAY - 45_000 }],
      [],
      { 'EUR/USD': WEDNESDAY - 45_000 },
    ],
    [
      'the same outage a minute later: nothing new to say',
      WEDNESDAY,
      [{ pair: 'EUR/USD', timestamp: WEDNESDAY - 105_000 }],
      { 'EUR/USD': WEDNESDAY - 105_000 },
      [],
      [],
      { 'EUR/USD': WEDNESDAY - 105_000 },
    ],
    [
      'its end',
      WEDNESDAY,
      [{ pair: 'EUR/USD', timestamp: WEDNESDAY - 1_000 }],
      { 'EUR/USD': WEDNESDAY - 90_000 },
      [],
      ['EUR/USD'],
      {},
    ],
    [
      'a closed FX market is not an outage',
      SATURDAY,
      [{ pair: 'EUR/USD', timestamp: SATURDAY - 36 * 3_600_000 }],
      {},
      [],
      [],
      {},
    ],
    [
      'crypto trades at the weekend',
      SATURDAY,
      [{ pair: 'BTC/USD', timestamp: SATURDAY - 60_000 }],
      {},
      [{ pair: 'BTC/USD', lastAt: SATURDAY - 60_000 }],
      [],
      { 'BTC/USD': SATURDAY - 60_000 },
    ],
    [
      'an outage that the weekend close ends',
      SATURDAY,
      [{ pair: 'EUR/USD', timestamp: SATURDAY - 40 * 3_600_000 }],
      { 'EUR/USD': 1 },
      [],
      ['EUR/USD'],
      {},
    ],
  ] as const)('%s', (_label, now, latest, known, started, ended, stale) => {
    expect(staleTransitions(latest, known, now)).toEqual({ started, ended, stale });
  });
});
