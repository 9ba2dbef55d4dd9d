import { describe, expect, it } from 'vitest';
import type { CurrencyPair } from '../common/constants.ts';
import { nextJudgedText, priceStatus, priceStatusWords, type PriceStatus } from './priceStatus.ts';

const t = (iso: string) => Date.parse(iso);
const S = 1000;
const price = (iso: string) => ({ ask: 1.08512, bid: 1.085, timestamp: t(iso) });

/** A status as one comparable line: 'live', 'delayed 45000', 'closed until <iso>', 'none'. */
function line(status: PriceStatus): string {
  if (status.kind === 'delayed') return `delayed ${status.ageMs}`;
  if (status.kind === 'closed') return `closed until ${new Date(status.opensAt).toISOString().slice(0, 16)}`;
  return status.kind;
}

// Winter (EST): Friday close 22:00 UTC, Sunday open 22:00 UTC. Summer (EDT): both at 21:00 UTC.
const JAN_12 = 'closed until 2025-01-12T22:00';
const JUL_13 = 'closed until 2025-07-13T21:00';
const MAR_16 = 'closed until 2025-03-16T21:00';
const MAR_9 = 'closed until 2025-03-09T21:00';
const NOV_2 = 'closed until 2025-11-02T22:00';
describe('priceStatus for FX and metals', () => {
  it.each<[string, string, string, string]>([
    // label, last tick, now, status
    ['a tick 1 s old midweek', '2025-01-15T12:00:00Z', '2025-01-15T12:00:01Z', 'live'],
    ['a tick exactly 30 s old', '2025-01-15T12:00:00Z', '2025-01-15T12:00:30Z', 'live'],
    ['a tick 30.001 s old', '2025-01-15T12:00:00Z', '2025-01-15T12:00:30.001Z', 'delayed 30001'],
    ['a tick 45 s old', '2025-01-15T12:00:00Z', '2025-01-15T12:00:45Z', 'delayed 45000'],
    ['a tick from the future (a slow device clock)', '2025-01-15T12:01:00Z', '2025-01-15T12:00:00Z', 'live'],
    // The Friday close: the last tick before it is 'closed' at once, not live for another 30 s.
    ['a millisecond before the close', '2025-01-10T21:59:59Z', '2025-01-10T21:59:59.999Z', 'live'],
    ['at the close instant', '2025-01-10T21:59:59.750Z', '2025-01-10T22:00:00Z', JAN_12],
    ['Saturday, Friday’s last tick', '2025-01-10T21:59:59.750Z', '2025-01-11T12:00:00Z', JAN_12],
    // A feed that trades through the weekend (the simulator without hours): its prices are live.
    ['Saturday, a tick 1 s old', '2025-01-11T11:59:59Z', '2025-01-11T12:00:00Z', 'live'],
    ['Saturday, a weekend tick 31 s old', '2025-01-11T11:59:29Z', '2025-01-11T12:00:00Z', JAN_12],
    ['a tick just after the close, 10 s old', '2025-01-10T22:00:05Z', '2025-01-10T22:00:15Z', 'live'],
    // The Sunday open: up to 30 s waiting for the first tick is the market opening, not a delay.
    ['a millisecond before the open', '2025-01-10T21:59:59Z', '2025-01-12T21:59:59.999Z', JAN_12],
    ['at the open, no tick yet', '2025-01-10T21:59:59Z', '2025-01-12T22:00:00Z', JAN_12],
    ['30 s after the open, no tick yet', '2025-01-10T21:59:59Z', '2025-01-12T22:00:30Z', JAN_12],
    [
      '30.001 s after the open, no tick yet',
      '2025-01-10T21:59:59Z',
      '2025-01-12T22:00:30.001Z',
      `delayed ${(2 * 86_400 + 31) * S + 1}`,
    ],
    ['the first tick after the open', '2025-01-12T22:00:01Z', '2025-01-12T22:00:02Z', 'live'],
    ['that tick 31 s later', '2025-01-12T22:00:01Z', '2025-01-12T22:00:32Z', 'delayed 31000'],
    // Summer: everything an hour earlier in UTC.
    ['summer Friday 21:00 UTC, the last tick before', '2025-07-11T20:59:59Z', '2025-07-11T21:00:00Z', JUL_13],
    ['summer Friday 20:59:45 UTC, still open', '2025-07-11T20:59:00Z', '2025-07-11T20:59:45Z', 'delayed 45000'],
    ['summer Sunday 21:00:10 UTC, waiting for the first tick', '2025-07-11T20:59:59Z', '2025-07-13T21:00:10Z', JUL_13],
    // The weeks between the US and European switches follow New York.
    ['US on EDT, London on GMT: Friday 21:00 UTC', '2025-03-14T20:59:59Z', '2025-03-14T21:00:00Z', MAR_16],
    ['the March switch Sunday at 21:00:05 UTC', '2025-03-07T21:59:59Z', '2025-03-09T21:00:05Z', MAR_9],
    ['the November switch Sunday at 21:30 UTC, still closed', '2025-10-31T20:59:59Z', '2025-11-02T21:30:00Z', NOV_2],
    [
      'the first Friday on EST at 21:30 UTC, open and 45 s late',
      '2025-11-07T21:29:15Z',
      '2025-11-07T21:30:00Z',
      'delayed 45000',
    ],
  ])('%s: %s', (_label, tick, now, expected) => {
    for (const pair of ['EUR/USD', 'XAU/JPY'] as const) {
      expect(line(priceStatus(pair, price(tick), t(now)))).toBe(expected);
    }
  });
});

describe('priceStatus for crypto', () => {
  it.each<[string, string, string]>([
    ['2025-01-11T12:00:00Z', '2025-01-11T12:00:30Z', 'live'],
    ['2025-01-11T12:00:00Z', '2025-01-11T12:00:45Z', 'delayed 45000'],
    // A Friday-close tick at the weekend is a stopped crypto feed, not a closed market.
    ['2025-01-10T21:59:59Z', '2025-01-11T12:00:00Z', `delayed ${(14 * 3600 + 1) * S}`],
    ['2025-01-10T21:59:59Z', '2025-01-12T22:00:10Z', `delayed ${(48 * 3600 + 11) * S}`],
  ])('a tick at %s, now %s: %s', (tick, now, expected) => {
    for (const pair of ['BTC/USD', 'ETH/USD', 'LTC/USD'] as CurrencyPair[]) {
      expect(line(priceStatus(pair, price(tick), t(now)))).toBe(expected);
    }
  });
});

describe('no price yet', () => {
  it.each(['2025-01-11T12:00:00Z', '2025-01-15T12:00:00Z'])('is none at %s, open or closed', (now) => {
    expect(priceStatus('EUR/USD', undefined, t(now))).toEqual({ kind: 'none' });
    expect(priceStatus('BTC/USD', undefined, t(now))).toEqual({ kind: 'none' });
  });
});

describe('the words', () => {
  const tick = price('2025-01-15T12:00:00Z');
  // On a Saturday, in UTC.
  it.each<[PriceStatus, string | null]>([
    [{ kind: 'none' }, null],
    [{ kind: 'live', price: tick }, null],
    [{ kind: 'delayed', price: tick, ageMs: 45_900 }, 'Delayed | 45 s ago'],
    [{ kind: 'delayed', price: tick, ageMs: 3 * 60_000 + 5_000 }, 'Delayed | 3 min ago'],
    [{ kind: 'closed', price: price('2025-01-10T21:59:59Z'), opensAt: 0 }, 'Market closed | Fri 21:59'],
    [{ kind: 'closed', price: price('2025-01-01T21:59:59Z'), opensAt: 0 }, 'Market closed | Jan 1, 21:59'],
  ])('words for %o: %s', (status, expected) => {
    const words = priceStatusWords(status, t('2025-01-11T12:00:00Z'), 'UTC');
    expect(words && `${words.flag} | ${words.detail}`).toBe(expected);
  });

  it.each<[string, string, string]>([
    [
      '2025-01-11T17:30:00Z',
      '2025-01-12T22:00:00Z',
      'The market is closed. This alert will first be judged when it opens, Sun 22:00 (in 1 d 4 h).',
    ],
    [
      '2025-01-12T21:59:15Z',
      '2025-01-12T22:00:00Z',
      'The market is closed. This alert will first be judged when it opens, Sun 22:00 (in 45 s).',
    ],
    [
      '2025-01-12T22:00:10Z',
      '2025-01-12T22:00:00Z',
      'The market is opening. This alert will first be judged on its first price.',
    ],
  ])('at %s, opening %s: %s', (now, opensAt, expected) => {
    expect(nextJudgedText(t(opensAt), t(now), 'UTC')).toBe(expected);
  });

  it('gives the opening in the reader’s own time zone', () => {
    expect(nextJudgedText(t('2025-01-12T22:00:00Z'), t('2025-01-11T17:30:00Z'), 'Asia/Tokyo')).toContain(
      'when it opens, Mon 07:00 (in 1 d 4 h)',
    );
  });
});
