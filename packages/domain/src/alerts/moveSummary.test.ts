import { describe, expect, it } from 'vitest';
import { latestMovesOf, movesFromLatest } from '../prices/latestMoves.ts';
import { MoveTracker, WindowMoves } from '../prices/moves.ts';
import type { IntervalMessage } from '../prices/intervals.ts';
import { moveReadOf, type MoveAlertDocument, type PriceDocument } from '../store/schemas.ts';
import { MoveIndex, indexedMove } from './moveIndex.ts';
import { judgeMovesBySummary, summarizeMoves } from './moveSummary.ts';

const T = Date.parse('2026-01-14T12:00:00Z');

function alert(over: Partial<MoveAlertDocument>): MoveAlertDocument {
  const a = {
    userId: 'u',
    currencyPair: 'EUR/USD' as const,
    alertType: 'Moving up %' as const,
    movePercent: 1,
    lookbackMinutes: 15 as const,
    status: 'active' as const,
    notificationPreferences: { email: true, push: false },
    ...over,
  };
  return { ...a, moveRead: moveReadOf(a) as MoveAlertDocument['moveRead'] };
}

function index(...alerts: MoveAlertDocument[]): MoveIndex {
  const i = new MoveIndex();
  alerts.forEach((a, n) => i.set(`a${n}`, indexedMove(a)));
  return i;
}

/** The stored latest price after ticks of [seconds after T, ask] (bid equal), moves included. */
function latest(ticks: [number, number][]): PriceDocument {
  const tracker = new MoveTracker('EUR/USD');
  const windows = new WindowMoves();
  for (const [s, ask] of ticks) windows.add(tracker.fold(T + s * 1000, { ask, bid: ask, mid: ask }));
  const [lastS, lastAsk] = ticks.at(-1) ?? [0, 1];
  const side = {
    first: lastAsk,
    low: lastAsk,
    high: lastAsk,
    last: lastAsk,
    lowAt: T + lastS * 1000,
    highAt: T + lastS * 1000,
  };
  const m = {
    pair: 'EUR/USD',
    moves: windows.take(),
    ask: side,
    bid: side,
    mid: side,
    lastAt: T + lastS * 1000,
  } as unknown as IntervalMessage;
  const moves = latestMovesOf(m);
  return { pair: 'EUR/USD', ask: lastAsk, bid: lastAsk, timestamp: T + lastS * 1000, ...(moves ? { moves } : {}) };
}

describe('the scheduled check’s view of moves', () => {
  it('stores where the latest price stands and reads it back as a window of one price', () => {
    const price = latest([
      [0, 1.08],
      [60, 1.0962],
    ]);
    expect(price.moves?.ask?.['15']).toEqual({ low: 1.08, lowAt: T, high: 1.0962, highAt: T + 60_000 });
    const up = movesFromLatest(price)?.ask?.['15']?.up;
    expect(up?.last).toEqual({ price: 1.0962, at: T + 60_000, from: 1.08, fromAt: T });
    expect(up?.best).toEqual(up?.last);
    expect(movesFromLatest({ pair: 'EUR/USD', ask: 1, bid: 1, timestamp: T })).toBeUndefined();
  });

  it('summarizes per pair, side and read the lowest threshold and the highest re-arm level', () => {
    const bounds = summarizeMoves(
      index(
        alert({ movePercent: 2 }),
        alert({ movePercent: 1.2 }),
        alert({ armed: false, rearmMoveAt: 0.5 }),
        alert({ armed: false, armAt: T, movePercent: 0.8 }),
        alert({ priceSide: 'bid', alertType: 'Change on the day', direction: 'down', lookbackMinutes: undefined }),
      ),
    );
    expect(bounds).toEqual({
      EURUSD: { ask: { 'up:15': { min: 0.8, rearm: 0.5 } }, bid: { 'down:day': { min: 1 } } },
    });
  });

  it.each([
    ['a rise past the lowest threshold', [alert({ movePercent: 1.4 })], { ask: ['up:15'] }],
    ['a rise short of it', [alert({ movePercent: 1.6 })], undefined],
    [
      'a move back under a re-arm level',
      [alert({ armed: false, rearmMoveAt: 1.6 })],
      { ask: ['rearm:up:15', 'up:15'] },
    ],
    ['another read', [alert({ lookbackMinutes: 5, movePercent: 0.1 })], { ask: ['up:5'] }],
    ['no move alert', [], undefined],
  ] as [string, MoveAlertDocument[], object | undefined][])('names the reads for %s', (_label, alerts, expected) => {
    // Up 1.5% over 15 min, and 0.2% over the last 5 (from 1.094 a minute ago).
    const price = latest([
      [0, 1.08],
      [600, 1.094],
      [660, 1.0962],
    ]);
    const moves = movesFromLatest(price) ?? {};
    expect(judgeMovesBySummary(summarizeMoves(index(...alerts)), 'EUR/USD', moves)).toEqual(expected);
  });
});
