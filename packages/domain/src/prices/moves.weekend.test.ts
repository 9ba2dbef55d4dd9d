// Moves across the weekend's close: lookbacks count trading time, so a gap counts at the open.
import { describe, expect, it } from 'vitest';
import type { CurrencyPair, MoveReference } from '../common/constants.ts';
import { MoveTracker, TradingClock, movePercent, type TickMoves } from './moves.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);

/** Folds [iso time, ask] ticks (bid equal) and returns the last tick's moves on ask. */
function lastMoves(pair: CurrencyPair, ticks: [string, number][]): TickMoves {
  const tracker = new MoveTracker(pair);
  let last: TickMoves | undefined;
  for (const [at, ask] of ticks) last = tracker.fold(utc(at), { ask, bid: ask, mid: ask }).ask;
  if (!last) throw new Error('no ticks');
  return last;
}

const up = (m: TickMoves, ref: MoveReference) => Number(movePercent('up', m[ref].up).toFixed(4));

describe('a lookback across the weekend counts trading time', () => {
  // Friday 17:00 New York is 21:00 UTC in summer; the Sunday open likewise.
  const friday = '2026-07-17T20:55:00';
  const sundayOpen = '2026-07-19T21:00:05';

  it('measures the first price after the open from the last ones before the close', () => {
    const m = lastMoves('EUR/USD', [
      [friday, 1.08],
      [sundayOpen, 1.1],
    ]);
    expect(up(m, '15')).toBe(1.8519);
    expect(m['15'].up.fromAt).toBe(utc(friday));
  });

  it('leaves out of a 15-minute lookback what came 15 trading minutes before, weekend aside', () => {
    const m = lastMoves('EUR/USD', [
      ['2026-07-17T20:40:00', 1.0], // 20 trading minutes before the open's tick at 21:00
      [friday, 1.08],
      ['2026-07-19T21:00:00', 1.1],
    ]);
    expect(m['15'].up.from).toBe(1.08);
    expect(m['60'].up.from).toBe(1.0);
  });

  it('runs with the wall clock for crypto, which never shuts', () => {
    const m = lastMoves('BTC/USD', [
      ['2026-07-17T20:55:00', 100],
      ['2026-07-19T21:00:05', 110],
    ]);
    expect(up(m, '1440')).toBe(0);
  });

  it('stands still only between a close and the open after it', () => {
    const clock = new TradingClock('EUR/USD');
    expect(clock.at(utc('2026-07-17T20:59:00'))).toBe(utc('2026-07-17T20:59:00'));
    // Shut from Friday 21:00 to Sunday 21:00 UTC: 48 hours left out.
    expect(clock.at(utc('2026-07-19T21:01:00'))).toBe(utc('2026-07-17T21:01:00'));
    expect(clock.at(utc('2026-07-20T09:00:00'))).toBe(utc('2026-07-18T09:00:00'));
  });
});

describe('a tick while the market is shut counts as seen at the close', () => {
  it('a quote before the Sunday open leaves the weekend out all the same', () => {
    const m = lastMoves('EUR/USD', [
      ['2026-07-17T20:58:00', 1.0],
      ['2026-07-19T20:59:30', 1.02],
      ['2026-07-19T21:00:05', 1.02],
    ]);
    // Measured from Friday's 1.00: the gap counts at the open.
    expect(up(m, '5')).toBe(2);
  });

  it('a Saturday tick does not turn the weekend into trading time', () => {
    const m = lastMoves('EUR/USD', [
      ['2026-07-17T10:00:00', 0.9],
      ['2026-07-18T12:00:00', 1.0],
      ['2026-07-20T09:00:00', 1.0],
    ]);
    // Monday 09:00 is 23 trading hours after Friday 10:00: still within 24 hours.
    expect(m['1440'].up.from).toBe(0.9);
  });

  it('stands still from the close, whatever comes in between', () => {
    const clock = new TradingClock('EUR/USD');
    expect(clock.at(utc('2026-07-17T20:59:00'))).toBe(utc('2026-07-17T20:59:00'));
    expect(clock.at(utc('2026-07-18T12:00:00'))).toBe(utc('2026-07-17T21:00:00'));
    expect(clock.at(utc('2026-07-19T20:59:59'))).toBe(utc('2026-07-17T21:00:00'));
    expect(clock.at(utc('2026-07-19T21:00:30'))).toBe(utc('2026-07-17T21:00:30'));
  });
});
