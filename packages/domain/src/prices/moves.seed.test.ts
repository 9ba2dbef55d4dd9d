// A tracker started from the stored latest price (after an ingest restart) measures the first
// prices as the tracker before the restart would have.
import { describe, expect, it } from 'vitest';
import { latestMovesOf } from './latestMoves.ts';
import { MoveTracker, WindowMoves, movePercent } from './moves.ts';
import type { IntervalMessage } from './intervals.ts';

const T = Date.parse('2026-01-14T12:00:00Z');

/** The moves stored with the latest price after [seconds after T, ask] ticks (bid equal). */
function stored(pair: 'EUR/USD' | 'BTC/USD', ticks: [number, number][]) {
  const tracker = new MoveTracker(pair);
  const windows = new WindowMoves();
  for (const [s, ask] of ticks) windows.add(tracker.fold(T + s * 1000, { ask, bid: ask, mid: ask }));
  const moves = latestMovesOf({ moves: windows.take() } as IntervalMessage);
  if (!moves) throw new Error('no moves');
  return moves;
}

describe('a tracker seeded from the stored latest price', () => {
  const before: [number, number][] = [
    [0, 1.08],
    [300, 1.1],
    [600, 1.0962],
  ];

  it('measures the first price after a restart from the lows, highs and open before it', () => {
    const tracker = new MoveTracker('EUR/USD');
    tracker.seed(stored('EUR/USD', before));
    const m = tracker.fold(T + 660_000, { ask: 1.0962, bid: 1.0962, mid: 1.0962 }).ask;
    expect(movePercent('up', m['15'].up)).toBeCloseTo(1.5, 6);
    expect(m['15'].down.from).toBe(1.1);
    expect(m.day.up.from).toBe(1.08);
    // A fresh tracker would see no move at all, and re-arm every fired every-time alert.
    expect(
      movePercent('up', new MoveTracker('EUR/USD').fold(T, { ask: 1.0962, bid: 1.0962, mid: 1.0962 }).ask['15'].up),
    ).toBe(0);
  });

  it('lets a seeded low leave its lookback when its time comes', () => {
    const tracker = new MoveTracker('EUR/USD');
    tracker.seed(stored('EUR/USD', before));
    // 16 minutes after the 1.08: out of 15 minutes, within the hour.
    const m = tracker.fold(T + 960_000, { ask: 1.0962, bid: 1.0962, mid: 1.0962 }).ask;
    expect(m['15'].up.from).toBe(1.0962);
    expect(m['60'].up.from).toBe(1.08);
  });

  it('starts a new day when the stored open is of a day gone', () => {
    const tracker = new MoveTracker('BTC/USD');
    tracker.seed(stored('BTC/USD', [[0, 100]]));
    const m = tracker.fold(T + 86_400_000, { ask: 103, bid: 103, mid: 103 }).ask;
    expect(m.day.up.from).toBe(103);
    expect(m['1440'].up.from).toBe(100);
  });

  it('seeds only a tracker that has seen no price', () => {
    const tracker = new MoveTracker('EUR/USD');
    tracker.fold(T + 700_000, { ask: 1.2, bid: 1.2, mid: 1.2 });
    tracker.seed(stored('EUR/USD', before));
    expect(tracker.fold(T + 701_000, { ask: 1.2, bid: 1.2, mid: 1.2 }).ask['15'].up.from).toBe(1.2);
  });

  it('opens the day on the first tick when no open was stored', () => {
    const tracker = new MoveTracker('EUR/USD');
    tracker.seed({ ask: { '15': { low: 1.0, lowAt: T, high: 1.2, highAt: T } } });
    const m = tracker.fold(T + 60_000, { ask: 1.1, bid: 1.1, mid: 1.1 }).ask;
    expect(m.day.up.from).toBe(1.1);
    expect(m['15'].up.from).toBe(1.0);
  });
});
