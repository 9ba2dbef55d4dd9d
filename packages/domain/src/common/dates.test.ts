import { describe, expect, it } from 'vitest';
import { dateMillis, formatAge, formatDateTime, formatDuration, formatWeekdayTime } from './dates.ts';

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

describe('formatWeekdayTime', () => {
  const now = Date.parse('2025-01-11T12:00:00Z'); // a Saturday
  it.each([
    ['the Friday close before', '2025-01-10T21:59:59Z', 'Fri 21:59'],
    ['the Sunday open after', '2025-01-12T22:00:00Z', 'Sun 22:00'],
    ['midnight in 24-hour form', '2025-01-11T00:00:00Z', 'Sat 00:00'],
    ['five days and 23 hours back', '2025-01-05T13:00:00Z', 'Sun 13:00'],
    ['six days back: the date instead', '2025-01-05T12:00:00Z', 'Jan 5, 12:00'],
    ['six days ahead: the date instead', '2025-01-17T12:00:00Z', 'Jan 17, 12:00'],
  ])('%s (%s) reads %s', (_label, iso, expected) => {
    expect(formatWeekdayTime(Date.parse(iso), now, 'UTC')).toBe(expected);
  });

  it('names a time zone’s own weekday', () => {
    // 23:30 UTC on Friday is already Saturday in Tokyo.
    expect(formatWeekdayTime(Date.parse('2025-01-10T23:30:00Z'), now, 'Asia/Tokyo')).toBe('Sat 08:30');
  });

  it('says a time that is not a number is invalid', () => {
    expect(formatWeekdayTime(Number.NaN, now, 'UTC')).toBe('Invalid date');
  });
});

describe('formatDuration', () => {
  it.each([
    [-5_000, '0 s'],
    [0, '0 s'],
    [999, '0 s'],
    [30_000, '30 s'],
    [45_900, '45 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3_599_999, '59 min'],
    [3_600_000, '1 h'],
    [3_600_000 + 5 * 60_000, '1 h 5 min'],
    [86_399_999, '23 h 59 min'],
    [86_400_000, '1 d'],
    [86_400_000 + 4 * 3_600_000 + 59 * 60_000, '1 d 4 h'],
    [9 * 86_400_000, '9 d'],
  ])('%d ms reads %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
    expect(formatAge(ms)).toBe(`${expected} ago`);
  });
});
