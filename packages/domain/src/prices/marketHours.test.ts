import { describe, expect, it } from 'vitest';
import { CURRENCY_PAIRS, type CurrencyPair } from '../common/constants.ts';
import {
  isMarketOpen,
  marketKind,
  nextClose,
  nextOpen,
  previousClose,
  previousOpen,
  sessionHourAtOrBefore,
} from './marketHours.ts';

const t = (iso: string) => Date.parse(iso);
const ms = (at: number | undefined) => (at === undefined ? undefined : new Date(at).toISOString());

// newYorkTime keeps each second it has read (a bounded number of them): the milliseconds within a kept
// second still count, and a second read again after the keeping was emptied answers as before.
describe('market hours asked many times in the same seconds', () => {
  const flood = (from: number) => {
    for (let s = 1; s <= 300; s += 1) isMarketOpen('EUR/USD', from + s * 1_000_000);
  };
  const answers = (at: number) => [
    isMarketOpen('EUR/USD', at),
    nextOpen('EUR/USD', at),
    nextClose('EUR/USD', at),
    previousClose('EUR/USD', at),
    previousOpen('EUR/USD', at),
    sessionHourAtOrBefore(at),
  ];

  it.each<[string, string, boolean]>([
    ['the last millisecond before a winter close', '2025-01-10T21:59:59.999Z', true],
    ['a winter close, asked in the second before it first', '2025-01-10T22:00:00.000Z', false],
    ['the last millisecond before a summer open', '2025-07-13T20:59:59.999Z', false],
    ['a summer open', '2025-07-13T21:00:00.000Z', true],
  ])('%s (%s): open %s', (_label, iso, open) => {
    const at = t(iso);
    // The second before and the start of the instant's own second, then the instant itself.
    isMarketOpen('EUR/USD', at - 1000);
    isMarketOpen('EUR/USD', Math.floor(at / 1000) * 1000);
    expect(isMarketOpen('EUR/USD', at)).toBe(open);
    flood(at);
    expect(isMarketOpen('EUR/USD', at)).toBe(open);
  });

  it('answers for any instant as it does with nothing kept: fractional, negative, near the switches', () => {
    const instants = [
      t('2025-03-09T06:59:59.500Z'),
      t('2025-03-09T07:00:00.250Z'),
      t('2025-11-02T05:59:59.999Z'),
      t('2025-11-02T06:00:00.001Z'),
      -1_234_567.891,
      -0.5,
      1_736_546_399_999.75,
    ];
    for (const at of instants) {
      flood(at);
      const cold = answers(at);
      // The same second asked first from another millisecond.
      answers(Math.floor(at / 1000) * 1000 + 0.25);
      expect(answers(at), String(at)).toEqual(cold);
    }
  });
});

// Winter dates are on EST (close 22:00 UTC), summer ones on EDT (21:00 UTC). 2025's US switches are
// Sunday 9 March and Sunday 2 November; Europe's are 30 March and 26 October, so the weeks of 10 March
// and 27 October are where a London or fixed-UTC rule would be an hour off.
describe('isMarketOpen for FX and metals', () => {
  it.each<[string, string, boolean]>([
    ['winter Friday, a millisecond before the close', '2025-01-10T21:59:59.999Z', true],
    ['winter Friday at the close', '2025-01-10T22:00:00.000Z', false],
    ['Saturday', '2025-01-11T12:00:00.000Z', false],
    ['winter Sunday, a minute before the open', '2025-01-12T21:59:00.000Z', false],
    ['winter Sunday, a millisecond before the open', '2025-01-12T21:59:59.999Z', false],
    ['winter Sunday at the open', '2025-01-12T22:00:00.000Z', true],
    ['Monday midnight UTC', '2025-01-13T00:00:00.000Z', true],
    ['midweek', '2025-01-15T03:00:00.000Z', true],
    ['summer Friday, before the close', '2025-07-11T20:59:59.999Z', true],
    ['summer Friday at 21:00 UTC (17:00 EDT)', '2025-07-11T21:00:00.000Z', false],
    ['summer Friday at 21:59 UTC', '2025-07-11T21:59:00.000Z', false],
    ['summer Sunday, before the open', '2025-07-13T20:59:59.999Z', false],
    ['summer Sunday at 21:00 UTC (17:00 EDT)', '2025-07-13T21:00:00.000Z', true],
    ['Friday before the US switch (EST): open at 21:30', '2025-03-07T21:30:00.000Z', true],
    ['Friday before the US switch: closed at 22:00', '2025-03-07T22:00:00.000Z', false],
    ['switch Sunday (EDT from 02:00): closed at 20:59', '2025-03-09T20:59:00.000Z', false],
    ['switch Sunday: open at 21:00', '2025-03-09T21:00:00.000Z', true],
    ['US on EDT, London still on GMT: closed at 21:00', '2025-03-14T21:00:00.000Z', false],
    ['London back on GMT, US still on EDT: closed at 21:00', '2025-10-31T21:00:00.000Z', false],
    ['November switch Sunday (EST from 02:00): closed at 21:30', '2025-11-02T21:30:00.000Z', false],
    ['November switch Sunday: open at 22:00', '2025-11-02T22:00:00.000Z', true],
    ['first Friday on EST: open at 21:30', '2025-11-07T21:30:00.000Z', true],
    ['first Friday on EST: closed at 22:00', '2025-11-07T22:00:00.000Z', false],
  ])('%s (%s): open %s', (_label, iso, open) => {
    for (const pair of ['EUR/USD', 'USD/JPY', 'XAU/USD', 'XAU/JPY'] as const) {
      expect(isMarketOpen(pair, t(iso))).toBe(open);
    }
  });
});

describe('crypto', () => {
  it.each(['2025-01-10T22:00:00.000Z', '2025-01-11T12:00:00.000Z', '2025-07-13T20:59:00.000Z', '2025-03-09T07:00:00Z'])(
    'is open at %s, with no next open or close',
    (iso) => {
      for (const pair of ['BTC/USD', 'ETH/USD', 'LTC/USD'] as const) {
        expect(isMarketOpen(pair, t(iso))).toBe(true);
        expect(nextOpen(pair, t(iso))).toBeUndefined();
        expect(nextClose(pair, t(iso))).toBeUndefined();
        expect(previousClose(pair, t(iso))).toBeUndefined();
        expect(previousOpen(pair, t(iso))).toBeUndefined();
      }
    },
  );
});

describe('next open, next close and the previous close', () => {
  it.each<[string, string | undefined, string | undefined, string]>([
    // at, next open, next close, previous close
    ['2025-01-10T21:59:59.999Z', undefined, '2025-01-10T22:00:00.000Z', '2025-01-03T22:00:00.000Z'],
    ['2025-01-10T22:00:00.000Z', '2025-01-12T22:00:00.000Z', undefined, '2025-01-10T22:00:00.000Z'],
    ['2025-01-11T23:30:00.000Z', '2025-01-12T22:00:00.000Z', undefined, '2025-01-10T22:00:00.000Z'],
    ['2025-01-12T21:59:00.000Z', '2025-01-12T22:00:00.000Z', undefined, '2025-01-10T22:00:00.000Z'],
    ['2025-01-12T22:01:00.000Z', undefined, '2025-01-17T22:00:00.000Z', '2025-01-10T22:00:00.000Z'],
    ['2025-01-15T12:00:00.000Z', undefined, '2025-01-17T22:00:00.000Z', '2025-01-10T22:00:00.000Z'],
    // Closed on EST, opens on EDT: the weekend of the March switch is an hour shorter.
    ['2025-03-08T12:00:00.000Z', '2025-03-09T21:00:00.000Z', undefined, '2025-03-07T22:00:00.000Z'],
    ['2025-03-10T12:00:00.000Z', undefined, '2025-03-14T21:00:00.000Z', '2025-03-07T22:00:00.000Z'],
    // Closed on EDT, opens on EST: the weekend of the November switch is an hour longer.
    ['2025-10-31T20:00:00.000Z', undefined, '2025-10-31T21:00:00.000Z', '2025-10-24T21:00:00.000Z'],
    ['2025-11-01T12:00:00.000Z', '2025-11-02T22:00:00.000Z', undefined, '2025-10-31T21:00:00.000Z'],
    // A close across a year end.
    ['2025-12-28T23:00:00.000Z', undefined, '2026-01-02T22:00:00.000Z', '2025-12-26T22:00:00.000Z'],
  ])('at %s: next open %s, next close %s, previous close %s', (iso, open, close, previous) => {
    expect(ms(nextOpen('EUR/USD', t(iso)))).toBe(open);
    expect(ms(nextClose('XAU/USD', t(iso)))).toBe(close);
    expect(ms(previousClose('GBP/USD', t(iso)))).toBe(previous);
  });

  it('agrees with isMarketOpen on either side of every edge for a year', () => {
    let at = t('2025-01-01T00:00:00.000Z');
    for (let edges = 0; edges < 104; edges++) {
      const next = isMarketOpen('EUR/USD', at) ? nextClose('EUR/USD', at) : nextOpen('EUR/USD', at);
      if (next === undefined) throw new Error('an FX market always has a next edge');
      expect(next).toBeGreaterThan(at);
      expect(isMarketOpen('EUR/USD', next - 1)).toBe(isMarketOpen('EUR/USD', at));
      expect(isMarketOpen('EUR/USD', next)).toBe(!isMarketOpen('EUR/USD', at));
      at = next;
    }
  });
});

describe('the previous open', () => {
  it.each<[string, string]>([
    // at, the latest open at or before it
    ['2025-01-12T21:59:59.999Z', '2025-01-05T22:00:00.000Z'],
    ['2025-01-12T22:00:00.000Z', '2025-01-12T22:00:00.000Z'],
    ['2025-01-12T22:00:30.000Z', '2025-01-12T22:00:00.000Z'],
    ['2025-01-15T12:00:00.000Z', '2025-01-12T22:00:00.000Z'],
    ['2025-01-10T22:00:00.000Z', '2025-01-05T22:00:00.000Z'],
    ['2025-01-11T12:00:00.000Z', '2025-01-05T22:00:00.000Z'],
    // The March switch Sunday opens at 21:00 UTC (EDT), the week before at 22:00 (EST).
    ['2025-03-09T20:59:00.000Z', '2025-03-02T22:00:00.000Z'],
    ['2025-03-09T21:00:00.000Z', '2025-03-09T21:00:00.000Z'],
    ['2025-03-12T09:00:00.000Z', '2025-03-09T21:00:00.000Z'],
    // The November switch Sunday opens at 22:00 UTC (EST again).
    ['2025-11-02T21:30:00.000Z', '2025-10-26T21:00:00.000Z'],
    ['2025-11-03T09:00:00.000Z', '2025-11-02T22:00:00.000Z'],
    // An open across a year end.
    ['2026-01-01T12:00:00.000Z', '2025-12-28T22:00:00.000Z'],
  ])('at %s: %s', (iso, open) => {
    expect(ms(previousOpen('EUR/USD', t(iso)))).toBe(open);
    expect(ms(previousOpen('XAU/JPY', t(iso)))).toBe(open);
  });

  it('is the open nextOpen named, for every weekend of a year', () => {
    let at = t('2025-01-04T12:00:00.000Z');
    for (let n = 0; n < 52; n++, at += 7 * 86_400_000) {
      const open = nextOpen('GBP/USD', at);
      expect(open).toBeDefined();
      expect(previousOpen('GBP/USD', open as number)).toBe(open);
      // A millisecond earlier it is the week before's: seven days back, an hour either way across a switch.
      const week = (open as number) - (previousOpen('GBP/USD', (open as number) - 1) as number);
      expect(Math.abs(week - 7 * 86_400_000)).toBeLessThanOrEqual(3_600_000);
    }
  });
});

describe('marketKind', () => {
  it('names every pair', () => {
    const kinds = Object.fromEntries(CURRENCY_PAIRS.map((pair) => [pair, marketKind(pair)]));
    expect(kinds).toMatchObject({ 'EUR/USD': 'fx', 'USD/JPY': 'fx', 'XAU/GBP': 'metal', 'BTC/USD': 'crypto' });
    const count = (kind: string) => CURRENCY_PAIRS.filter((p: CurrencyPair) => marketKind(p) === kind).length;
    expect([count('fx'), count('metal'), count('crypto')]).toEqual([8, 4, 3]);
  });
});
