import { describe, expect, it } from 'vitest';
import type { MovePoint, MoveStats, SideMoves } from '../prices/moves.ts';
import {
  evaluateMove,
  moveAcrossOpen,
  moveConditionWords,
  moveFiredWords,
  moveRearmLevel,
  moveRearmedAt,
  type JudgedMove,
  type MoveCondition,
} from './moveRules.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const point = (at: number, price: number, from = 100, fromAt = 0): MovePoint => ({ at, price, from, fromAt });
const stats = (best: MovePoint, last: MovePoint, least = last): MoveStats => ({ best, least, last });
/** A window whose 15-minute rise peaked at 103 (at 10) and ended at 101.5 (at 20). */
const rise15: SideMoves = {
  '15': { up: stats(point(10, 103), point(20, 101.5), point(5, 100.2)), down: stats(point(0, 100), point(0, 100)) },
};
const upAlert = (over: Partial<JudgedMove> = {}): JudgedMove => ({
  alertType: 'Moving up %',
  movePercent: 1.5,
  lookbackMinutes: 15,
  since: 0,
  ...over,
});

describe('evaluateMove', () => {
  it.each([
    ['the largest move reaches it', upAlert(), { at: 10, price: 103, percent: expect.closeTo(3, 10) }],
    ['exactly at the threshold', upAlert({ movePercent: 3 }), { at: 10, price: 103 }],
    ['beyond the largest move', upAlert({ movePercent: 3.01 }), undefined],
    ['active only after the peak: the last move still reaches it', upAlert({ since: 11 }), { at: 20, price: 101.5 }],
    ['active after the peak, the last move short of it', upAlert({ since: 11, movePercent: 2 }), undefined],
    ['active from the peak itself', upAlert({ since: 10 }), { at: 10 }],
    ['expired before the peak, the last move after expiry', upAlert({ until: 10 }), undefined],
    ['another lookback has no move here', upAlert({ lookbackMinutes: 5 }), undefined],
    ['a fall is not a rise', upAlert({ alertType: 'Moving down %' }), undefined],
  ] as [string, JudgedMove, object | undefined][])('%s', (_label, alert, expected) => {
    const fired = evaluateMove(alert, rise15);
    if (expected === undefined) expect(fired).toBeUndefined();
    else expect(fired).toMatchObject(expected);
  });

  it('judges a day’s change on its direction', () => {
    const day: SideMoves = {
      day: { up: stats(point(10, 98), point(20, 97)), down: stats(point(20, 97), point(20, 97)) },
    };
    const alert = { alertType: 'Change on the day', movePercent: 3, since: 0 } as const;
    expect(evaluateMove({ ...alert, direction: 'down' }, day)).toMatchObject({ at: 20, price: 97 });
    expect(evaluateMove({ ...alert, direction: 'up' }, day)).toBeUndefined();
  });

  it('finds nothing in a window without moves', () => {
    expect(evaluateMove(upAlert(), undefined)).toBeUndefined();
    expect(evaluateMove(upAlert(), {})).toBeUndefined();
  });
});

describe('re-arming a move', () => {
  it.each([
    [1.5, 0.1, 1.4],
    [0.05, 0.1, 0],
    [2, 2, 0],
  ])('threshold %s%% with distance %s re-arms at %s%%', (threshold, distance, level) => {
    expect(moveRearmLevel(threshold, distance)).toBeCloseTo(level, 10);
  });

  const window = stats(point(10, 103), point(30, 101.5), point(20, 101));
  it.each([
    ['the smallest move after the firing is back under the level', 1.4, 5, 20],
    ['only the last is, the least came before the firing', 1.6, 25, 30],
    ['nothing after the firing is back under it', 0.5, 5, undefined],
    ['the least move is exactly at the level', 1, 5, 20],
  ] as [string, number, number, number | undefined][])('%s', (_label, level, after, at) => {
    expect(moveRearmedAt(window, 'up', level, after)?.at).toBe(at);
  });
});

describe('words', () => {
  const cond = (over: Partial<MoveCondition>): MoveCondition => ({
    alertType: 'Moving up %',
    movePercent: 1.5,
    ...over,
  });
  it.each([
    [cond({ lookbackMinutes: 15 }), 'Up 1.5% in 15 min'],
    [cond({ alertType: 'Moving down %', movePercent: 0.25, lookbackMinutes: 5 }), 'Down 0.25% in 5 min'],
    [cond({ lookbackMinutes: 60 }), 'Up 1.5% in 1 h'],
    [cond({ lookbackMinutes: 1440, movePercent: 10 }), 'Up 10% in 24 h'],
    [cond({ alertType: 'Change on the day', direction: 'down', movePercent: 2 }), 'Down 2% on the day'],
    [cond({ alertType: 'Change on the day', direction: 'up', movePercent: 2 }), 'Up 2% on the day'],
  ])('%o reads %s', (c, words) => {
    expect(moveConditionWords(c)).toBe(words);
  });

  it('say what happened, from where to where', () => {
    const f = { at: utc('2026-01-14T12:00:00'), price: 1.10058, from: 1.0841, fromAt: utc('2026-01-14T11:50:00') };
    expect(moveFiredWords('EUR/USD', cond({ lookbackMinutes: 15 }), { ...f, percent: 1.5202 })).toBe(
      'EUR/USD up 1.52% in 15 min (1.08410 to 1.10058)',
    );
  });

  it('say a move across the weekend’s close is one', () => {
    const f = { at: utc('2026-07-19T21:00:05'), price: 1.1, from: 1.08, fromAt: utc('2026-07-17T20:55:00') };
    expect(moveAcrossOpen('EUR/USD', f)).toBe(true);
    expect(moveFiredWords('EUR/USD', cond({ lookbackMinutes: 15 }), { ...f, percent: 1.85 })).toBe(
      'EUR/USD up 1.85% in 15 min (1.08000 to 1.10000, across the weekend)',
    );
    expect(moveAcrossOpen('EUR/USD', { ...f, fromAt: utc('2026-07-19T21:00:01') })).toBe(false);
    expect(moveAcrossOpen('BTC/USD', f)).toBe(false);
  });
});
