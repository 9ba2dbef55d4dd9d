// A server's book of chart candles: folded from ticks, answered as type 4 (cached until a change), and
// joined with a book kept elsewhere (our open and close where both hold a bucket, the higher high and the
// lower low), and what of ours a book kept elsewhere lacks.
import type { CurrencyPair } from '@price-alerts/domain/common';
import { parseCandles, type Candle } from '@price-alerts/domain/prices';
import { describe, expect, it } from 'vitest';
import { CandleBook } from './pairCandles.ts';

const T = Date.UTC(2025, 0, 15, 12, 0, 0);
const MINUTE = 60_000;
const tick = (pair: CurrencyPair, ask: number, timestamp: number) => ({
  pair,
  symbol: '',
  ask,
  bid: ask - 1,
  timestamp,
});

/** A book folded from [ask, minutes after T] ticks of BTC/USD, on a clock at T + two hours. */
function bookOf(ticks: [number, number][]): CandleBook {
  const book = new CandleBook();
  for (const [ask, minute] of ticks) book.add(tick('BTC/USD', ask, T + minute * MINUTE), T + 120 * MINUTE);
  return book;
}

const minuteCandle = (minute: number, o: number, h: number, l: number, c: number): Candle => ({
  t: T + minute * MINUTE,
  o,
  h,
  l,
  c,
});

/** The one pair's history a book holds. */
function historyOf(book: CandleBook) {
  const [history] = book.snapshot();
  if (!history) throw new Error('The book holds no candle');
  return history.candles;
}

const answer = (message: string) => {
  const parsed = parseCandles(message.slice(1));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.message;
};

describe('CandleBook', () => {
  it('folds every tick into each side and range, the mid between ask and bid', () => {
    const book = bookOf([
      [100, 0],
      [104, 0.5],
      [102, 1],
    ]);
    expect(book.candles('BTC/USD', 'ask', '1h')).toEqual([
      minuteCandle(0, 100, 104, 100, 104),
      minuteCandle(1, 102, 102, 102, 102),
    ]);
    expect(book.candles('BTC/USD', 'mid', '1d')).toEqual([{ t: T, o: 99.5, h: 103.5, l: 99.5, c: 101.5 }]);
    expect(book.candles('BTC/USD', 'bid', '1w')).toHaveLength(1);
  });

  it('answers type 4 from the book, an empty one for a pair without a tick', () => {
    const book = bookOf([[100, 0]]);
    expect(answer(book.message('BTC/USD', 'ask', '1h'))).toEqual({
      symbol: 'BTCUSD',
      side: 'ask',
      range: '1h',
      candles: [minuteCandle(0, 100, 100, 100, 100)],
    });
    expect(answer(book.message('XAU/USD', 'mid', '1w'))).toEqual({
      symbol: 'XAUUSD',
      side: 'mid',
      range: '1w',
      candles: [],
    });
  });

  it('encodes an answer once until the pair changes', () => {
    const book = bookOf([[100, 0]]);
    const first = book.message('BTC/USD', 'ask', '1h');
    expect(book.message('BTC/USD', 'ask', '1h')).toBe(first);
    // The same price again changes no candle: the same answer.
    book.add(tick('BTC/USD', 100, T + 1_000), T + MINUTE);
    expect(book.message('BTC/USD', 'ask', '1h')).toBe(first);
    book.add(tick('BTC/USD', 101, T + 2_000), T + MINUTE);
    expect(answer(book.message('BTC/USD', 'ask', '1h')).candles).toEqual([minuteCandle(0, 100, 101, 100, 101)]);
    book.merge('BTC/USD', historyOf(bookOf([[90, -1]])), T + MINUTE);
    expect(answer(book.message('BTC/USD', 'ask', '1h')).candles).toHaveLength(2);
  });

  it('gives a snapshot of every pair that holds a candle', () => {
    const book = bookOf([[100, 0]]);
    book.add(tick('EUR/USD', 1.1, T), T);
    book.add(tick('GBP/USD', 1.3, T + 10 * 86_400_000), T);
    expect(book.snapshot().map((h) => h.pair)).toEqual(['BTC/USD', 'EUR/USD']);
  });

  it.each([
    {
      name: 'theirs fill the buckets ours lack, older and newer',
      ours: [[100, 1]],
      theirs: [
        [90, 0],
        [110, 2],
      ],
      merged: [
        minuteCandle(0, 90, 90, 90, 90),
        minuteCandle(1, 100, 100, 100, 100),
        minuteCandle(2, 110, 110, 110, 110),
      ],
    },
    {
      name: 'where both hold a bucket, our open and close, with the higher high and the lower low',
      ours: [
        [100, 1],
        [101, 1.5],
      ],
      theirs: [
        [50, 1],
        [120, 1.2],
        [99, 1.9],
      ],
      merged: [minuteCandle(1, 100, 120, 50, 101)],
    },
    {
      name: 'a bucket both hold within ours is ours whole',
      ours: [
        [100, 1],
        [90, 1.3],
        [110, 1.5],
      ],
      theirs: [[100, 1]],
      merged: [minuteCandle(1, 100, 110, 90, 110)],
    },
    {
      name: 'a book of ours that is empty takes theirs whole',
      ours: [],
      theirs: [
        [90, 0],
        [95, 0.5],
      ],
      merged: [minuteCandle(0, 90, 95, 90, 95)],
    },
    {
      name: 'the range is cut to its span from the newest bucket',
      ours: [[100, 70]],
      theirs: [
        [90, 0],
        [95, 20],
      ],
      merged: [minuteCandle(20, 95, 95, 95, 95), minuteCandle(70, 100, 100, 100, 100)],
    },
  ] as { name: string; ours: [number, number][]; theirs: [number, number][]; merged: Candle[] }[])(
    'merges: $name',
    ({ ours, theirs, merged }) => {
      const book = bookOf(ours);
      for (const { pair, candles } of bookOf(theirs).snapshot()) book.merge(pair, candles, T + 80 * MINUTE);
      expect(book.candles('BTC/USD', 'ask', '1h')).toEqual(merged);
    },
  );

  it('gives what of ours another book lacks: its missing buckets, and highs above or lows below its own', () => {
    const ours = bookOf([
      [100, 0],
      [105, 0.5],
      [101, 1],
      [102, 2],
      [103, 3],
    ]);
    ours.add(tick('EUR/USD', 1.1, T), T + 120 * MINUTE);
    const theirs = bookOf([
      [100, 0],
      [104, 0.5],
      [101, 1],
      [103, 3],
    ]);
    const lacking = ours.beyond(theirs.snapshot());
    expect(lacking.map((h) => h.pair)).toEqual(['BTC/USD', 'EUR/USD']);
    const sent = new CandleBook();
    for (const { pair, candles } of lacking) sent.merge(pair, candles, T + 120 * MINUTE);
    // Minute 0's high, and minute 2 whole; minutes 1 and 3 they hold as we do.
    expect(sent.candles('BTC/USD', 'ask', '1h')).toEqual([
      minuteCandle(0, 100, 105, 100, 105),
      minuteCandle(2, 102, 102, 102, 102),
    ]);
    // Merged there, they give it every bucket, high and low ours holds (its own closes kept), and we then
    // have nothing beyond it.
    for (const { pair, candles } of lacking) theirs.merge(pair, candles, T + 120 * MINUTE);
    expect(theirs.candles('BTC/USD', 'ask', '1h')).toEqual([
      minuteCandle(0, 100, 105, 100, 104),
      minuteCandle(1, 101, 101, 101, 101),
      minuteCandle(2, 102, 102, 102, 102),
      minuteCandle(3, 103, 103, 103, 103),
    ]);
    expect(ours.beyond(theirs.snapshot())).toEqual([]);
    expect(new CandleBook().beyond(theirs.snapshot())).toEqual([]);
  });

  it('leaves out candles dated past what a tick could be folded into now', () => {
    const book = new CandleBook();
    const clockAhead = historyOf(
      bookOf([
        [90, 0],
        [95, 30],
      ]),
    );
    book.merge('BTC/USD', clockAhead, T + 10 * MINUTE);
    expect(book.candles('BTC/USD', 'ask', '1h')).toEqual([minuteCandle(0, 90, 90, 90, 90)]);
    // The next true tick is the newest candle, not a late one.
    book.add(tick('BTC/USD', 100, T + 10 * MINUTE), T + 10 * MINUTE);
    expect(book.candles('BTC/USD', 'ask', '1h').at(-1)).toEqual(minuteCandle(10, 100, 100, 100, 100));
  });
});
