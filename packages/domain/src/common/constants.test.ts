import { describe, expect, it } from 'vitest';
import {
  ACTIVE_ALERTS_LIMIT,
  ALERT_TYPES,
  CURRENCY_PAIRS,
  DEFAULT_NOTIFICATION_PREFERENCES,
  PREVIOUS_ALERTS_LIMIT,
  TOP_PAIRS,
  isCurrencyPair,
  formatPrice,
  pairDecimals,
  pairToSymbol,
  symbolToPair,
} from './constants.ts';
import { DESKTOP_MIN_WIDTH_PX } from './device.ts';

describe('spec constants', () => {
  it('lists the 15 pairs in the spec order', () => {
    expect(CURRENCY_PAIRS).toEqual([
      'EUR/USD',
      'USD/JPY',
      'GBP/USD',
      'USD/CHF',
      'AUD/USD',
      'USD/CAD',
      'NZD/USD',
      'EUR/GBP',
      'XAU/USD',
      'XAU/EUR',
      'XAU/GBP',
      'XAU/JPY',
      'BTC/USD',
      'ETH/USD',
      'LTC/USD',
    ]);
  });

  it('names the three alert types word for word', () => {
    expect(ALERT_TYPES).toEqual(['Price reaching', 'Price rising above', 'Price dropping below']);
  });

  it('keeps the top pairs inside the 15 pairs', () => {
    expect(TOP_PAIRS).toEqual(['EUR/USD', 'GBP/USD', 'AUD/USD', 'BTC/USD']);
    for (const pair of TOP_PAIRS) expect(isCurrencyPair(pair)).toBe(true);
  });

  it("has the spec's limits and defaults", () => {
    expect([ACTIVE_ALERTS_LIMIT, PREVIOUS_ALERTS_LIMIT, DESKTOP_MIN_WIDTH_PX]).toEqual([10, 5, 1024]);
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toEqual({ email: true, push: false });
  });
});

describe('pair symbols and decimals', () => {
  it.each([
    ['EUR/USD', 'EURUSD', 5],
    ['USD/JPY', 'USDJPY', 3],
    ['XAU/JPY', 'XAUJPY', 2],
    ['XAU/USD', 'XAUUSD', 2],
    ['BTC/USD', 'BTCUSD', 2],
    ['EUR/GBP', 'EURGBP', 5],
  ] as const)('%s is %s with %d decimals', (pair, symbol, decimals) => {
    expect(pairToSymbol(pair)).toBe(symbol);
    expect(symbolToPair(symbol)).toBe(pair);
    expect(pairDecimals(pair)).toBe(decimals);
  });

  it.each(['EURUSD', 'EUR/USD', 'eur/usd', 'DOGE/USD', 42, null])('rejects %o as a pair', (value) => {
    expect(isCurrencyPair(value)).toBe(value === 'EUR/USD');
  });

  it('maps unknown symbols to undefined', () => {
    expect(symbolToPair('DOGEUSD')).toBeUndefined();
  });
});

describe('formatPrice', () => {
  it.each([
    ['EUR/USD', 1.085123, '1.08512'],
    ['USD/JPY', 150.1, '150.100'],
    ['BTC/USD', 90123.456, '90,123.46'],
    ['XAU/JPY', 398000, '398,000.00'],
  ] as const)('%s %d reads %s', (pair, value, text) => {
    expect(formatPrice(pair, value)).toBe(text);
  });
});
