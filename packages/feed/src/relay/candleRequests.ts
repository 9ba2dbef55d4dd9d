/**
 * What a client may ask of a relay besides a subscription: a chart's candles (domain candlesWire.ts),
 * answered from the relay's book at once, within its account's budget (relay.ts).
 */
import { symbolToPair, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import { parseCandlesRequest, type ChartRange } from '@price-alerts/domain/prices';

export const CANDLES_REQUEST_ERROR =
  'Invalid candles request: expected {"candles": {"symbol": "EURUSD", ' +
  '"side": "ask"|"bid"|"mid", "range": "1h"|"1d"|"1w"}}';

export interface ChartRequest {
  pair: CurrencyPair;
  side: PriceSide;
  range: ChartRange;
}

/**
 * A client's message read as a chart's request for candles: the request, 'invalid' for a message that
 * names candles but is no request (a pair this relay does not know included; it gets a type 7 error,
 * CANDLES_REQUEST_ERROR), or undefined for any other message, which is then a subscription. A request
 * changes nothing of what the socket follows.
 */
export function readChartRequest(raw: string): ChartRequest | 'invalid' | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || !Object.hasOwn(json, 'candles')) return undefined;
  const request = parseCandlesRequest(json);
  const pair = request && symbolToPair(request.symbol);
  return request && pair ? { pair, side: request.side, range: request.range } : 'invalid';
}
