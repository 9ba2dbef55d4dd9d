import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketDays } from './socketDays.ts';

const T0 = Date.UTC(2030, 0, 7, 13, 30);
afterEach(() => vi.useRealTimers());

describe('SocketDays.take: whether a socket is sent a pair’s day', () => {
  it.each<[string, (days: SocketDays) => void, number, number, boolean]>([
    ['a pair it never had', () => undefined, 2, 0, true],
    ['the very day it was sent', (d) => d.take('EUR/USD', 2, T0), 2, 60_000, false],
    ['a newer day, after the spacing', (d) => d.take('EUR/USD', 1, T0), 2, 10_000, true],
    ['a newer day, within the spacing', (d) => d.take('EUR/USD', 1, T0), 2, 9_999, false],
    [
      'a pair it left, with no tick since',
      (d) => (d.take('EUR/USD', 1, T0), d.left(['EUR/USD'], () => 2)),
      2,
      1,
      false,
    ],
    [
      'a pair it left, with ticks since, after the spacing',
      (d) => (d.take('EUR/USD', 1, T0), d.left(['EUR/USD'], () => 2)),
      3,
      10_000,
      true,
    ],
    [
      'a pair it left with a tick still on its way: its day is not the relay’s',
      (d) => (d.take('EUR/USD', 1, T0), d.left(['EUR/USD'], () => undefined)),
      2,
      10_000,
      true,
    ],
    [
      'a pair it left while its day waited, back with no tick since: it never got that day',
      (d) => (d.take('EUR/USD', 1, T0), d.take('EUR/USD', 2, T0 + 1), d.left(['EUR/USD'], () => 2)),
      2,
      10_000,
      true,
    ],
  ])('%s', (_name, before, revision, after, sent) => {
    const days = new SocketDays(10_000);
    before(days);
    expect(days.take('EUR/USD', revision, T0 + after)).toBe(sent);
  });

  it('hands a day that had to wait over once it is due, with one timer, and then not again', () => {
    vi.useFakeTimers({ now: T0 });
    const days = new SocketDays(10_000);
    const due: string[][] = [];
    const sendDue = (pairs: string[]) => {
      due.push(pairs);
      for (const pair of pairs) days.take(pair as 'EUR/USD', 9, Date.now());
    };
    days.take('EUR/USD', 1, T0);
    vi.setSystemTime(T0 + 4_000);
    days.take('GBP/USD', 1, T0 + 4_000);
    vi.setSystemTime(T0 + 5_000);
    expect([days.take('EUR/USD', 2, T0 + 5_000), days.take('GBP/USD', 2, T0 + 5_000)]).toEqual([false, false]);
    days.schedule(T0 + 5_000, sendDue);
    days.schedule(T0 + 5_000, sendDue);
    vi.advanceTimersByTime(4_999);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(due).toEqual([['EUR/USD']]);
    vi.advanceTimersByTime(4_000);
    expect(due).toEqual([['EUR/USD'], ['GBP/USD']]);
    vi.advanceTimersByTime(60_000);
    expect(due).toHaveLength(2);
  });

  it('forgets what waited for a pair it leaves, and everything when stopped', () => {
    vi.useFakeTimers({ now: T0 });
    const days = new SocketDays(10_000);
    const due: string[][] = [];
    days.take('EUR/USD', 1, T0);
    days.take('GBP/USD', 1, T0);
    days.take('EUR/USD', 2, T0 + 1);
    days.take('GBP/USD', 2, T0 + 1);
    days.left(['EUR/USD'], () => 3);
    days.schedule(T0 + 1, (pairs) => due.push(pairs));
    vi.advanceTimersByTime(10_000);
    expect(due).toEqual([['GBP/USD']]);
    days.take('GBP/USD', 3, T0 + 10_001);
    days.schedule(T0 + 10_001, (pairs) => due.push(pairs));
    days.stop();
    vi.advanceTimersByTime(60_000);
    expect(due).toEqual([['GBP/USD']]);
  });
});
