import { pairDecimals, type CurrencyPair } from '@price-alerts/domain/common';

/** Roughly realistic levels: mid price, typical move per tick and spread, in price units. */
export interface Instrument {
  mid: number;
  vol: number;
  spread: number;
  decimals: number;
}

const LEVELS: Record<CurrencyPair, [mid: number, vol: number, spread: number]> = {
  'EUR/USD': [1.085, 0.00004, 0.00008],
  'USD/JPY': [150.5, 0.006, 0.012],
  'GBP/USD': [1.265, 0.00005, 0.0001],
  'USD/CHF': [0.88, 0.00004, 0.0001],
  'AUD/USD': [0.655, 0.00003, 0.00008],
  'USD/CAD': [1.36, 0.00004, 0.0001],
  'NZD/USD': [0.6, 0.00003, 0.0001],
  'EUR/GBP': [0.857, 0.00003, 0.00008],
  'XAU/USD': [2650, 0.25, 0.3],
  'XAU/EUR': [2440, 0.24, 0.35],
  'XAU/GBP': [2090, 0.2, 0.35],
  'XAU/JPY': [398_000, 40, 60],
  'BTC/USD': [90_000, 8, 10],
  'ETH/USD': [3200, 0.6, 1],
  'LTC/USD': [95, 0.03, 0.05],
};

export function instrument(pair: CurrencyPair): Instrument {
  const [mid, vol, spread] = LEVELS[pair];
  return { mid, vol, spread, decimals: pairDecimals(pair) };
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
