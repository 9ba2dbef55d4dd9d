import { describe, expect, it } from 'vitest';
import type { AlertType, CurrencyPair } from '../common/constants.ts';
import { levelDistance, levelFromPercent, levelWarning } from './level.ts';

describe('levelFromPercent: the level an offset from the live price gives', () => {
  it.each<[CurrencyPair, number, number, string]>([
    ['EUR/USD', 1.085, 0.5, '1.09043'],
    ['EUR/USD', 1.085, -1, '1.07415'],
    ['USD/JPY', 150.123, 1, '151.624'],
    ['BTC/USD', 90000, -0.5, '89550.00'],
    ['XAU/USD', 2750, 0.5, '2763.75'],
  ])('%s at %d, %d%% -> %s', (pair, price, percent, level) => {
    expect(levelFromPercent(pair, price, percent)).toBe(level);
  });
});

describe('levelWarning: what is said before saving', () => {
  const fires = (where: string, level: string) =>
    `The price is already ${where} ${level}: this alert will fire at the next price.`;
  it.each<[string, CurrencyPair, AlertType, number, number, string | null]>([
    ['rising above, price above', 'EUR/USD', 'Price rising above', 1.085, 1.09, fires('above', '1.08500')],
    ['rising above, price at the level', 'EUR/USD', 'Price rising above', 1.085, 1.085, fires('above', '1.08500')],
    ['rising above, price below', 'EUR/USD', 'Price rising above', 1.09, 1.085, null],
    ['dropping below, price below', 'USD/JPY', 'Price dropping below', 150, 149.5, fires('below', '150.000')],
    ['dropping below, price above', 'USD/JPY', 'Price dropping below', 150, 151, null],
    ['reaching, price exactly there', 'BTC/USD', 'Price reaching', 90000, 90000, fires('at', '90,000.00')],
    ['reaching, price near', 'BTC/USD', 'Price reaching', 90000, 89999, null],
    [
      'more than 20% above the market',
      'XAU/USD',
      'Price rising above',
      3310,
      2750,
      'This level is 20% away from the market price. Check it before saving.',
    ],
    ['exactly 20% above', 'XAU/USD', 'Price rising above', 3300, 2750, null],
    [
      'far below the market',
      'EUR/USD',
      'Price reaching',
      0.5,
      1.085,
      'This level is 54% away from the market price. Check it before saving.',
    ],
  ])('%s', (_label, pair, type, level, price, warning) => {
    expect(levelWarning(pair, type, level, price)).toBe(warning);
  });
});

describe('levelDistance: how far a level stands from the market', () => {
  it.each([
    [1.09, 1.0876, '0.22% above the market'],
    [1.08, 1.09, '0.92% below the market'],
    [1.0876, 1.0876, 'at the market'],
    [1.08761, 1.0876, 'under 0.01% above the market'],
    [90000, 100000, '10.00% below the market'],
    [1.09, 0, ''],
    [Number.NaN, 1.09, ''],
  ])('%s against %s is %j', (level, price, words) => {
    expect(levelDistance(level, price)).toBe(words);
  });
});
