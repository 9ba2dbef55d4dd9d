import { formatPrice, pairDecimals, type AlertType, type CurrencyPair } from '../common/constants.ts';
import { MSG_FAR_FROM_MARKET, MSG_FIRES_AT_ONCE } from '../copy/messages.ts';

/** The offsets the create and edit screens offer for setting the level from the market, in percent. */
export const LEVEL_OFFSETS_PERCENT = [-1, -0.5, 0.5, 1] as const;

/** Past this distance from the market (a fraction of the price) a level is probably a typo. */
export const FAR_FROM_MARKET = 0.2;

/** The level `percent` away from `price`, as the trigger price field holds it (the pair's decimals). */
export function levelFromPercent(pair: CurrencyPair, price: number, percent: number): string {
  const scale = 10 ** pairDecimals(pair);
  // Through 12 significant digits first: 1.085 * 1.005 is 1.0904249999… in binary, and is 1.09043.
  const units = Math.round(Number((price * (1 + percent / 100) * scale).toPrecision(12)));
  return (units / scale).toFixed(pairDecimals(pair));
}

/**
 * What to tell the user before saving, judged on the live price the alert watches: a level the
 * price is already at or past fires at the next price, and one far from the market is likely a slip.
 */
export function levelWarning(pair: CurrencyPair, type: AlertType, level: number, price: number): string | null {
  const shown = formatPrice(pair, level);
  if (type === 'Price rising above' && price >= level) return MSG_FIRES_AT_ONCE('above', shown);
  if (type === 'Price dropping below' && price <= level) return MSG_FIRES_AT_ONCE('below', shown);
  if (type === 'Price reaching' && price === level) return MSG_FIRES_AT_ONCE('at', shown);
  const distance = Math.abs(level - price) / price;
  return distance > FAR_FROM_MARKET ? MSG_FAR_FROM_MARKET(Math.round(distance * 100)) : null;
}

/**
 * How far a level stands from the market, in percent of the price, as the chart says it while a level is
 * dragged: '0.22% above the market', 'under 0.01% below the market', 'at the market'.
 */
export function levelDistance(level: number, price: number): string {
  if (!(price > 0) || !Number.isFinite(level)) return '';
  if (level === price) return 'at the market';
  const percent = (Math.abs(level - price) / price) * 100;
  const side = level > price ? 'above' : 'below';
  return percent < 0.01 ? `under 0.01% ${side} the market` : `${percent.toFixed(2)}% ${side} the market`;
}
