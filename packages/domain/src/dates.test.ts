import { describe, expect, it } from 'vitest';
import { dateMillis, formatDateTime } from './dates.ts';

const instant = new Date('2026-03-05T14:07:09.500Z');
const seconds = Math.floor(instant.getTime() / 1000);

describe('formatDateTime', () => {
  it.each([
    ['a Date', instant, 'Mar 5, 14:07'],
    ['an ISO string', '2026-03-05T14:07:09.500Z', 'Mar 5, 14:07'],
    ['epoch milliseconds', instant.getTime(), 'Mar 5, 14:07'],
    ['a {seconds, nanoseconds} object', { seconds, nanoseconds: 500_000_000 }, 'Mar 5, 14:07'],
    ['a Timestamp-like with toDate()', { toDate: () => instant }, 'Mar 5, 14:07'],
    ['midnight in 24-hour form', new Date('2026-12-31T00:05:00Z'), 'Dec 31, 00:05'],
    ['afternoon in 24-hour form', new Date('2026-07-01T23:59:00Z'), 'Jul 1, 23:59'],
    ['undefined', undefined, 'Date not available'],
    ['null', null, 'Date not available'],
    ['an empty string', '', 'Date not available'],
    ['a string that is not a date', 'yesterday-ish', 'Invalid date'],
    ['NaN milliseconds', Number.NaN, 'Invalid date'],
    ['an invalid Date', new Date('nope'), 'Invalid date'],
    ['an object of another shape', { when: 'today' }, 'Invalid date format'],
    ['seconds without nanoseconds', { seconds }, 'Invalid date format'],
  ])('formats %s', (_label, value, expected) => {
    expect(formatDateTime(value as Parameters<typeof formatDateTime>[0], 'UTC')).toBe(expected);
  });

  it('uses the local time zone when none is given', () => {
    const local = formatDateTime(instant);
    expect(local).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}$/);
  });
});

describe('dateMillis', () => {
  it.each([
    [instant, instant.getTime()],
    [{ seconds, nanoseconds: 500_000_000 }, instant.getTime()],
    [null, Number.NEGATIVE_INFINITY],
    ['garbage', Number.NEGATIVE_INFINITY],
  ])('orders %o as %d', (value, expected) => {
    expect(dateMillis(value)).toBe(expected);
  });
});
