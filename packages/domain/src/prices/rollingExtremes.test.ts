import { describe, expect, it } from 'vitest';
import { RollingExtremes } from './rollingExtremes.ts';

/**
 * Pushes [clock, price] pairs (the wall time is the clock) and asks for the extreme over `span` at
 * the last clock, every millisecond its own grain unless told.
 */
function extreme(kind: 'low' | 'high', ticks: [number, number][], span: number, cap = 100_000, grainMs = 1) {
  const queue = new RollingExtremes(kind, 1_000, { cap, grainMs });
  for (const [clock, price] of ticks) queue.push(clock, clock, price);
  return { found: queue.over(ticks.at(-1)?.[0] ?? 0, span), size: queue.size, dropped: queue.dropped };
}

describe('RollingExtremes', () => {
  it.each([
    ['the only price', 'low', [[0, 5]], 100, { price: 5, at: 0 }],
    [
      'the lowest of a fall and a rise',
      'low',
      [
        [0, 5],
        [10, 3],
        [20, 4],
      ],
      100,
      { price: 3, at: 10 },
    ],
    [
      'the highest of a rise and a fall',
      'high',
      [
        [0, 5],
        [10, 7],
        [20, 6],
      ],
      100,
      { price: 7, at: 10 },
    ],
    [
      'a low exactly the span back counts',
      'low',
      [
        [0, 1],
        [10, 3],
        [100, 4],
      ],
      100,
      { price: 1, at: 0 },
    ],
    [
      'a low a millisecond past the span does not',
      'low',
      [
        [0, 1],
        [11, 3],
        [101, 4],
      ],
      100,
      { price: 3, at: 11 },
    ],
    [
      'a tie goes to the newer price',
      'low',
      [
        [0, 2],
        [10, 2],
        [20, 5],
      ],
      100,
      { price: 2, at: 10 },
    ],
    [
      'the price itself when it is the lowest',
      'low',
      [
        [0, 5],
        [10, 4],
        [20, 1],
      ],
      100,
      { price: 1, at: 20 },
    ],
    [
      'a short span within a longer queue',
      'low',
      [
        [0, 1],
        [50, 3],
        [90, 4],
      ],
      40,
      { price: 3, at: 50 },
    ],
    [
      'a span of nothing is the price itself',
      'high',
      [
        [0, 9],
        [10, 4],
      ],
      0,
      { price: 4, at: 10 },
    ],
  ] as [string, 'low' | 'high', [number, number][], number, object][])('%s', (_label, kind, ticks, span, expected) => {
    expect(extreme(kind, ticks, span).found).toEqual(expected);
  });

  it('forgets what the longest span no longer reaches', () => {
    const { size, found } = extreme(
      'low',
      [
        [0, 1],
        [500, 2],
        [1_200, 3],
      ],
      1_000,
    );
    expect(found).toEqual({ price: 2, at: 500 });
    expect(size).toBe(2);
  });

  it('keeps a few entries for a market moving both ways, one a tick for a trend', () => {
    const wave = Array.from({ length: 900 }, (_, i): [number, number] => [i, 100 + Math.sin(i / 10)]);
    expect(extreme('low', wave, 1_000).size).toBeLessThan(100);
    const trend = Array.from({ length: 900 }, (_, i): [number, number] => [i, 100 + i]);
    expect(extreme('low', trend, 1_000).size).toBe(900);
  });

  it('drops the oldest past its cap, and counts them', () => {
    const trend = Array.from({ length: 10 }, (_, i): [number, number] => [i, 100 + i]);
    const { found, size, dropped } = extreme('low', trend, 1_000, 4);
    expect({ found, size, dropped }).toEqual({ found: { price: 106, at: 6 }, size: 4, dropped: 6 });
  });

  it.each([
    // [label, ticks, span, lowest]: grains of 10 ms.
    [
      'a price that beats the second’s first replaces it',
      [
        [0, 5],
        [5, 3],
      ],
      100,
      { price: 3, at: 5 },
    ],
    [
      'a later price of the same second that does not is left out',
      [
        [0, 3],
        [5, 4],
        [10, 6],
      ],
      5,
      { price: 6, at: 10 },
    ],
    // The 4 at 5 ms is left out: over the last 6 ms (from 4 ms) the queue answers the next grain’s 6.
    [
      'so a span ending inside that second misses it',
      [
        [0, 3],
        [5, 4],
        [10, 6],
      ],
      6,
      { price: 6, at: 10 },
    ],
    [
      'a span reaching the second’s start finds its first',
      [
        [0, 3],
        [5, 4],
        [10, 6],
      ],
      10,
      { price: 3, at: 0 },
    ],
  ] as [string, [number, number][], number, object][])('to the grain: %s', (_label, ticks, span, expected) => {
    expect(extreme('low', ticks, span, 100_000, 10).found).toEqual(expected);
  });

  it('keeps one entry a second for a day-long trend, in place of one a tick', () => {
    const queue = new RollingExtremes('low', 86_400_000);
    for (let t = 0; t < 86_400_000; t += 50) queue.push(t, t, 1 + t / 1e9);
    expect(queue.size).toBe(86_400);
    expect(queue.over(86_399_950, 86_400_000)).toEqual({ price: 1, at: 0 });
  });

  it('answers nothing before its first price', () => {
    expect(new RollingExtremes('low', 1_000).over(0, 100)).toBeUndefined();
  });

  it('stays right across compaction of a long run', () => {
    const queue = new RollingExtremes('low', 100, { grainMs: 1 });
    for (let t = 0; t < 5_000; t += 1) queue.push(t, t, 1 + (t % 50));
    // Prices 1..50 repeat every 50 ms: over the last 100 the lowest is the latest 1, at 4950.
    expect(queue.over(4_999, 100)).toEqual({ price: 1, at: 4_950 });
    expect(queue.size).toBeLessThanOrEqual(51);
  });
});
