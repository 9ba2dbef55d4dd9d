/**
 * What a client may ask of a relay besides a subscription: a chart's candles (domain candlesWire.ts),
 * answered from the relay's book at once.
 */
import { symbolToPair } from '@price-alerts/domain/common';
import { encodeError, parseCandlesRequest } from '@price-alerts/domain/prices';
import type { CandleBook } from '../shared/pairCandles.ts';

export const CANDLES_REQUEST_ERROR =
  'Invalid candles request: expected {"candles": {"symbol": "EURUSD", ' +
  '"side": "ask"|"bid"|"mid", "range": "1h"|"1d"|"1w"}}';

/**
 * A client's message read as a chart's request for candles: the answer (type 4, from `book`), a type 7
 * error for a message that names candles but is no request (a pair this relay does not know included),
 * or undefined for any other message, which is then a subscription. A request changes nothing of what
 * the socket follows.
 */
export function candlesAnswer(book: CandleBook, raw: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || !Object.hasOwn(json, 'candles')) return undefined;
  const request = parseCandlesRequest(json);
  const pair = request && symbolToPair(request.symbol);
  return request && pair ? book.message(pair, request.side, request.range) : encodeError('7', CANDLES_REQUEST_ERROR);
}
