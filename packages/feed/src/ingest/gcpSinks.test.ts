// What the ingest service hands Pub/Sub and Firestore is checked one window and one price at a
// time: one bad value loses its own moves, not every pair's window or price.
import { snapshotPairCandles, emptyPairCandles, type IntervalMessage } from '@price-alerts/domain/prices';
import { priceHistoryDocument } from '@price-alerts/domain/store';
import { describe, expect, it } from 'vitest';
import { storedHistories, validIntervals, validPrices } from './gcpSinks.ts';
import { recordingLogger } from '../shared/log.ts';

const T = Date.parse('2026-01-14T12:00:00Z');
const side = { first: 1.1, low: 1.1, high: 1.1, last: 1.1, lowAt: T + 100, highAt: T + 100 };
const point = { price: 1.1, at: T + 100, from: 1.1, fromAt: T + 100 };
const stats = { best: point, least: point, last: point };
const window = (pair: IntervalMessage['pair'], moves?: unknown): IntervalMessage =>
  ({
    pair,
    start: T,
    end: T + 1000,
    firstAt: T + 100,
    lastAt: T + 100,
    ticks: 1,
    ask: side,
    bid: side,
    mid: side,
    source: 'test',
    ...(moves ? { moves } : {}),
  }) as IntervalMessage;

describe('the sinks check each item on its own', () => {
  it('publishes a window whose moves do not parse without them, and the others whole', () => {
    const log = recordingLogger();
    const good = window('GBP/USD', { ask: { '15': { up: stats, down: stats } } });
    const bad = window('EUR/USD', { ask: { '15': { up: { ...stats, best: { ...point, from: 0 } }, down: stats } } });
    const out = validIntervals([bad, good], log);
    expect(out.map((m) => [m.pair, m.moves !== undefined])).toEqual([
      ['EUR/USD', false],
      ['GBP/USD', true],
    ]);
    expect(log.lines.map((l) => l.message)).toEqual(['Published a window without its moves, which did not parse']);
  });

  it('drops a window that does not parse at all, and keeps the rest', () => {
    const log = recordingLogger();
    const out = validIntervals([{ ...window('EUR/USD'), end: T }, window('GBP/USD')], log);
    expect(out.map((m) => m.pair)).toEqual(['GBP/USD']);
    expect(log.lines.map((l) => l.message)).toEqual(['Dropped a window that did not parse']);
  });

  it('stores a price whose moves do not parse without them, and the others whole', () => {
    const log = recordingLogger();
    const moves = { ask: { '15': { low: 0, lowAt: T, high: 1.2, highAt: T } } };
    const out = validPrices(
      [
        { pair: 'EUR/USD', ask: 1.1, bid: 1.1, timestamp: T, moves },
        { pair: 'GBP/USD', ask: 1.3, bid: 1.3, timestamp: T },
      ],
      log,
    );
    expect(out).toEqual([
      { pair: 'EUR/USD', ask: 1.1, bid: 1.1, timestamp: T },
      { pair: 'GBP/USD', ask: 1.3, bid: 1.3, timestamp: T },
    ]);
    expect(log.lines).toHaveLength(1);
  });
});

describe('the stored charts’ history is read one pair at a time', () => {
  const book = emptyPairCandles();
  book.ask['1h'].push({ t: T, o: 1.1, h: 1.2, l: 1.0, c: 1.15 });
  const candles = snapshotPairCandles(book);
  const stored = (pair: IntervalMessage['pair'], json = JSON.stringify(candles)) => ({
    id: pair.replace('/', ''),
    exists: true,
    data: () => ({ ...priceHistoryDocument({ pair, candles }, T), candles: json }),
  });

  it.each([
    ['a price below the least the messages carry', JSON.stringify(candles).replace('1.1,', '0.00005,')],
    ['candles that are not JSON', '{"ask":'],
  ])('skips a pair whose document holds %s, logs it, and reads the rest', (_name, json) => {
    const log = recordingLogger();
    const documents = [
      stored('EUR/USD', json),
      stored('GBP/USD'),
      { id: 'USDJPY', exists: false, data: () => undefined },
    ];
    expect(storedHistories(documents, log)).toEqual([{ pair: 'GBP/USD', candles }]);
    expect(log.lines.map((l) => [l.message, l.fields?.id])).toEqual([
      ['A stored price history did not parse', 'EURUSD'],
    ]);
  });
});
