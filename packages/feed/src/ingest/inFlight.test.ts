import type { PricePath } from '@price-alerts/domain/alerts';
import type { Judge } from '@price-alerts/domain/prices';
import { describe, expect, it } from 'vitest';
import { InFlight } from './inFlight.ts';

const REACH: Judge = { ask: ['Price reaching'] };
const path = (low: number, high: number, before: number): PricePath => ({
  points: [
    { price: low, at: 100 },
    { price: high, at: 200 },
  ],
  before: { price: before, heldUntil: 100, at: 50 },
});

describe('InFlight', () => {
  const beyond = (min: number, max: number): Judge => ({
    ...REACH,
    skip: [{ side: 'ask', type: 'Price reaching', min, max }],
  });
  it.each<[string, [number, number, number][], [number, number, number], Judge | undefined]>([
    ['inside one published reach: held', [[1.0, 1.1, 1.0]], [1.02, 1.08, 1.05], undefined],
    ['beyond it: only the levels beyond', [[1.0, 1.1, 1.0]], [1.05, 1.12, 1.05], beyond(1.0, 1.1)],
    ['around it: whole, as one range cannot leave out its middle', [[1.05, 1.1, 1.05]], [1.0, 1.2, 1.0], REACH],
    [
      'inside two overlapping reaches joined: held',
      [
        [1.0, 1.1, 1.0],
        [1.08, 1.2, 1.1],
      ],
      [1.05, 1.15, 1.05],
      undefined,
    ],
    // 1.1 to 1.2 was never read: two reaches apart are not joined, and the later one stands.
    [
      'across the gap between two apart: the gap and below',
      [
        [1.0, 1.1, 1.0],
        [1.2, 1.3, 1.2],
      ],
      [1.15, 1.25, 1.15],
      beyond(1.2, 1.3),
    ],
  ])('a reaching read %s', (_name, published, later, expected) => {
    const inFlight = new InFlight(10_000);
    for (const [low, high, before] of published) inFlight.record('EUR/USD', REACH, { ask: path(low, high, before) }, 0);
    const [low, high, before] = later;
    expect(inFlight.trim('EUR/USD', REACH, { ask: path(low, high, before) }, 1_000)).toEqual(expected);
  });

  it('holds for its time only, and per pair', () => {
    const inFlight = new InFlight(10_000);
    inFlight.record('EUR/USD', REACH, { ask: path(1.0, 1.1, 1.0) }, 0);
    expect(inFlight.trim('EUR/USD', REACH, { ask: path(1.0, 1.1, 1.0) }, 9_999)).toBeUndefined();
    expect(inFlight.trim('EUR/USD', REACH, { ask: path(1.0, 1.1, 1.0) }, 10_000)).toEqual(REACH);
    expect(inFlight.trim('GBP/USD', REACH, { ask: path(1.0, 1.1, 1.0) }, 1)).toEqual(REACH);
    inFlight.forget('EUR/USD');
    expect(inFlight.trim('EUR/USD', REACH, { ask: path(1.0, 1.1, 1.0) }, 1)).toEqual(REACH);
  });
});
