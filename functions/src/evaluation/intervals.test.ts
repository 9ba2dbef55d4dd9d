import { describe, expect, it } from 'vitest';
import { interval } from '../testing/intervals';
import { INTERVAL_MESSAGE_MAX_AGE_MS, intervalMessageExpired, parseIntervalBatch, readJson } from './intervals';

const good = interval(1_800_000_000_000, { first: 1.1, low: 1.1, high: 1.1, last: 1.1 });

describe('parseIntervalBatch', () => {
  it('keeps every valid interval', () => {
    expect(parseIntervalBatch({ intervals: [good, { ...good, pair: 'GBP/USD' }] })).toEqual({
      intervals: [good, { ...good, pair: 'GBP/USD' }],
      rejected: [],
    });
  });

  it.each([
    ['not JSON', undefined, '(message): Invalid input'],
    ['no intervals field', { pairs: [] }, 'intervals: Invalid input'],
    ['an empty batch', { intervals: [] }, 'intervals: Too small'],
  ])('rejects %s with a reason', (_label, raw, reason) => {
    const result = parseIntervalBatch(raw);
    expect(result.intervals).toEqual([]);
    expect(result.rejected[0]).toContain(reason);
  });

  it('drops only the bad entry of a batch, naming it', () => {
    const result = parseIntervalBatch({ intervals: [{ ...good, pair: 'DOGE/USD' }, good, { ...good, ticks: 0 }] });
    expect(result.intervals).toEqual([good]);
    expect(result.rejected).toHaveLength(2);
    expect(result.rejected[0]).toMatch(/^intervals\.0: pair: /);
    expect(result.rejected[1]).toMatch(/^intervals\.2: ticks: /);
  });

  it('reads a body that is not JSON as nothing', () => {
    expect(
      readJson(() => {
        throw new SyntaxError('Unexpected token');
      }),
    ).toBeUndefined();
    expect(readJson(() => ({ a: 1 }))).toEqual({ a: 1 });
  });
});

describe('intervalMessageExpired: a failing message is not retried for days', () => {
  const published = '2026-11-23T10:00:00.000Z';
  const at = Date.parse(published);
  it.each([
    ['just published', at, false],
    ['at the limit', at + INTERVAL_MESSAGE_MAX_AGE_MS, false],
    ['past the limit', at + INTERVAL_MESSAGE_MAX_AGE_MS + 1, true],
    ['a day later', at + 86_400_000, true],
  ])('%s', (_label, now, expired) => {
    expect(intervalMessageExpired(published, now)).toBe(expired);
  });

  it('keeps a message whose time cannot be read (it is judged, not dropped)', () => {
    expect(intervalMessageExpired('not a time', at + 86_400_000)).toBe(false);
  });
});
