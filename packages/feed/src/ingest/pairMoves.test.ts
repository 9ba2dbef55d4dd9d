// What the upstream may send that the moves must not take: ticks from far ahead, prices that are not
// positive finite numbers, a lone bad quote; none of it may throw into the socket that brought it.
import { describe, expect, it } from 'vitest';
import { Aggregator } from './aggregator.ts';
import { PairMoves, SPIKE_CONFIRMATIONS } from './pairMoves.ts';

const T = Date.parse('2026-01-14T12:00:00Z');
const at = (s: number) => T + s * 1000;
const prices = (ask: number) => ({ ask, bid: ask, mid: ask });

describe('PairMoves', () => {
  it.each([
    ['dated beyond any clock', 9e15, prices(1.1)],
    ['dated two minutes ahead', T + 120_000, prices(1.1)],
    ['a zero price', T, prices(0)],
    ['a negative price', T, prices(-1)],
    ['a price that is not a number', T, prices(Number.NaN)],
    ['an infinite mid', T, { ask: 1.1, bid: 1.1, mid: Number.POSITIVE_INFINITY }],
  ])('leaves out a tick %s, and does not throw', (_label, time, p) => {
    const moves = new PairMoves(() => T);
    expect(moves.fold('EUR/USD', time, p)).toBeUndefined();
    expect(moves.skipped).toBe(1);
  });

  it('takes a tick within a minute ahead, as true clocks drift', () => {
    expect(new PairMoves(() => T).fold('EUR/USD', T + 30_000, prices(1.1))).toBeDefined();
  });

  it.each([
    ['up by more than half', prices(1.7)],
    ['down by more than a third', prices(0.7)],
    ['a bid of nothing beside a sound ask', { ask: 1.1, bid: 0.0001, mid: 0.55 }],
  ])('leaves out a tick %s from the last one taken', (_label, p) => {
    const moves = new PairMoves(() => at(10));
    moves.fold('EUR/USD', at(0), prices(1.05));
    expect(moves.fold('EUR/USD', at(1), p)).toBeUndefined();
    expect(moves.fold('EUR/USD', at(2), prices(1.06))?.ask.day.up.from).toBe(1.05);
  });

  it('judges the first tick after seeding against the stored price', () => {
    const moves = new PairMoves(() => at(10));
    moves.seed('EUR/USD', { ask: { '15': { low: 1.08, lowAt: at(-60), high: 1.09, highAt: at(-30) } } }, prices(1.09));
    expect(moves.fold('EUR/USD', at(1), prices(0.3))).toBeUndefined();
    expect(moves.fold('EUR/USD', at(2), prices(1.09))?.ask['15'].up.from).toBe(1.08);
  });

  it('leaves a lone bad quote out of the lows, and measures the next price as before it', () => {
    const moves = new PairMoves(() => at(10));
    moves.fold('EUR/USD', at(0), prices(1.1));
    expect(moves.fold('EUR/USD', at(1), prices(0.011))).toBeUndefined();
    const next = moves.fold('EUR/USD', at(2), prices(1.1));
    expect(next?.ask['1440'].up.from).toBe(1.1);
    expect(next?.ask.day.up.from).toBe(1.1);
  });

  it.each([
    ['a 5% print on a currency', 'EUR/USD', 1.1, 1.155],
    ['a 20% print on a coin', 'BTC/USD', 90_000, 108_000],
  ] as const)('leaves out %s that comes straight back', (_label, pair, before, print) => {
    const moves = new PairMoves(() => at(10));
    moves.fold(pair, at(0), prices(before));
    expect(moves.fold(pair, at(1), prices(print))).toBeUndefined();
    // The price after it is measured as if the print had never come.
    const back = moves.fold(pair, at(2), prices(before));
    expect([back?.ask['5'].up.from, back?.ask['5'].down.from, back?.ask.day.up.from]).toEqual([before, before, before]);
  });

  it('takes a change within the market’s usual range at once: 4% on gold', () => {
    const moves = new PairMoves(() => at(10));
    moves.fold('XAU/USD', at(0), prices(2600));
    expect(moves.fold('XAU/USD', at(1), prices(2500))?.ask['5'].down).toMatchObject({ price: 2500, from: 2600 });
  });

  it('believes an unusual jump on its second tick, when the market stays there', () => {
    const moves = new PairMoves(() => at(10));
    moves.fold('EUR/USD', at(0), prices(1.1));
    expect(moves.fold('EUR/USD', at(1), prices(1.2))).toBeUndefined();
    const second = moves.fold('EUR/USD', at(2), prices(1.199));
    expect(second?.ask['5'].up).toMatchObject({ price: 1.199, from: 1.1 });
    // Now the market's level: the next tick is measured on from there.
    expect(moves.fold('EUR/USD', at(3), prices(1.2))?.ask['5'].up.from).toBe(1.1);
  });

  it('does not take a jump back the other way for a second tick of the first', () => {
    const moves = new PairMoves(() => at(10));
    moves.fold('EUR/USD', at(0), prices(1.1));
    expect(moves.fold('EUR/USD', at(1), prices(1.2))).toBeUndefined();
    expect(moves.fold('EUR/USD', at(2), prices(1.0))).toBeUndefined();
    expect(moves.fold('EUR/USD', at(3), prices(1.1))?.ask['5'].down.from).toBe(1.1);
  });

  it(`starts afresh when ${SPIKE_CONFIRMATIONS} prices in a row confirm the new level`, () => {
    const moves = new PairMoves(() => at(10));
    moves.fold('BTC/USD', at(0), prices(100));
    const folded = [1, 2, 3].map((s) => moves.fold('BTC/USD', at(s), prices(300)));
    expect(folded.slice(0, -1)).toEqual([undefined, undefined]);
    expect(folded.at(-1)?.ask['15'].up.from).toBe(300);
  });

  it('seeds only points that are positive, finite and no later than now nor older than four days', () => {
    let now = at(0);
    const moves = new PairMoves(() => now);
    moves.seed(
      'EUR/USD',
      {
        ask: {
          '15': { low: 1.0, lowAt: at(-60), high: 1.2, highAt: at(-30) },
          '60': { low: 0.5, lowAt: T + 365 * 86_400_000, high: 1.2, highAt: at(-30) },
          '1440': { low: 0, lowAt: at(-60), high: 1.2, highAt: at(-30) },
          '5': { low: 0.9, lowAt: 9e15, high: 1.2, highAt: at(-30) },
        },
      },
      prices(1.1),
    );
    const m = moves.fold('EUR/USD', at(1), prices(1.1));
    expect(m?.ask['15'].up.from).toBe(1.0);
    expect(m?.ask['60'].up.from).toBe(1.0);
    // A later tick is measured on: the future low left no mark on the clock.
    now = at(20 * 60);
    expect(moves.fold('EUR/USD', now, prices(1.1))?.ask['15'].up.from).toBe(1.1);
  });
});

describe('the aggregator under hostile ticks', () => {
  it('closes its windows as before, without moves for a tick it leaves out', () => {
    const agg = new Aggregator(1000, 'test', () => T);
    agg.add({ pair: 'EUR/USD', symbol: 'EURUSD', ask: 1.7e308, bid: 1.7e308, timestamp: T });
    expect(() => agg.add({ pair: 'XAU/USD', symbol: 'XAUUSD', ask: 1, bid: 1, timestamp: 9e15 })).not.toThrow();
    const [eur] = agg.flush(T + 1_000);
    expect(eur?.mid?.last).toBe(1.7e308);
    expect(Number.isFinite(eur?.moves?.mid?.['5']?.up.best.from)).toBe(true);
  });
});
