import { describe, expect, it } from 'vitest';
import type { Candle } from './candles.ts';
import { encodeCandles, parseCandles, parseCandlesRequest } from './candlesWire.ts';
import { parseFeedMessage } from './feed.ts';
import { MIN_WIRE_PRICE } from './pairDay.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const candle = (iso: string, o: number, h: number, l: number, c: number): Candle => ({ t: utc(iso), o, h, l, c });

describe('the candles message', () => {
  const candles = [
    candle('2025-01-15T12:00:00', 1.1, 1.3, 1.0, 1.2),
    candle('2025-01-15T12:02:00', 1.2, 1.2, 1.2, 1.2),
  ];

  it('travels with a null for each bucket without a tick, and comes back as it went', () => {
    const wire = encodeCandles({ symbol: 'EURUSD', side: 'bid', range: '1h', candles });
    expect(wire).toBe(
      `4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":${utc('2025-01-15T12:00:00')},"candles":[[1.1,1.3,1,1.2],null,[1.2,1.2,1.2,1.2]]}`,
    );
    expect(parseFeedMessage(wire, null)).toEqual({
      type: 'candles',
      pair: 'EUR/USD',
      candles: { symbol: 'EURUSD', side: 'bid', range: '1h', candles },
    });
  });

  it.each([
    ['not JSON', '4{'],
    [
      'a step that is not the range’s',
      '4{"symbol":"EURUSD","side":"bid","range":"1h","step":1000,"from":0,"candles":[]}',
    ],
    ['a start off the grid', '4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":1,"candles":[]}'],
    [
      'more buckets than the range',
      `4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[${Array(61).fill('null').join()}]}`,
    ],
    [
      'a price past what a number holds',
      '4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[[1,1e999,1,1]]}',
    ],
    [
      'a price that is no number',
      '4{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[[1,"1",1,1]]}',
    ],
    ['an unknown side', '4{"symbol":"EURUSD","side":"last","range":"1h","step":60000,"from":0,"candles":[]}'],
  ])('is invalid with %s', (_name, wire) => {
    expect(parseFeedMessage(wire, null).type).toBe('invalid');
  });

  it.each([
    ['whose high is below its low', '[1,0.9,1.1,1]'],
    ['with a price of 0', '[0,1,0,1]'],
    ['with a price below the least', '[1,1,0.00009,1]'],
    ['with the least number', '[1,1,5e-324,1]'],
    ['with a negative price', '[1,1,-1,1]'],
  ])('drops a candle %s, and keeps the rest', (_name, slot) => {
    const parsed = parseCandles(
      `{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[[1,1,1,1],${slot},null,[1,1,1,1]]}`,
    );
    expect(parsed.ok && parsed.message.candles).toEqual([
      { t: 0, o: 1, h: 1, l: 1, c: 1 },
      { t: 180_000, o: 1, h: 1, l: 1, c: 1 },
    ]);
  });

  it('keeps a candle at the least price', () => {
    const parsed = parseCandles(
      `{"symbol":"EURUSD","side":"bid","range":"1h","step":60000,"from":0,"candles":[[1,1,${MIN_WIRE_PRICE},1]]}`,
    );
    expect(parsed.ok && parsed.message.candles).toEqual([{ t: 0, o: 1, h: 1, l: MIN_WIRE_PRICE, c: 1 }]);
  });

  it.each([
    [{ candles: { symbol: 'EURUSD', side: 'mid', range: '1w' } }, { symbol: 'EURUSD', side: 'mid', range: '1w' }],
    [{ candles: { symbol: 'EURUSD', side: 'mid', range: '1y' } }, undefined],
    [{ candles: { symbol: 'EURUSD', side: 'mid', range: '1h', extra: 1 } }, undefined],
    [{ candles: { symbol: 'x'.repeat(17), side: 'mid', range: '1h' } }, undefined],
    [{ pairs: ['EURUSD'] }, undefined],
  ])('reads a request %j as %j', (json, request) => {
    expect(parseCandlesRequest(json)).toEqual(request);
  });
});
