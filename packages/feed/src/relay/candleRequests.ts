/**
 * What a client may ask of a relay besides a subscription: a chart's candles (domain candlesWire.ts),
 * answered from the relay's book at once, within its account's budget (relay.ts).
 */
import { symbolToPair, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import { parseCandlesRequest, type ChartRange } from '@price-alerts/domain/prices';
import type { Logger } from '../shared/log.ts';
import type { CandleBook } from '../shared/pairCandles.ts';
import { RateLimits } from '../shared/rateLimit.ts';
import type { Client } from './relayClient.ts';

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

/**
 * Answers charts' requests within each account's budget, shared by all the account's sockets (a socket
 * opened afresh brings no new burst). Past it a request is dropped, unanswered, and the socket carries on:
 * the app asks again on its next subscription answer, and its chart keeps what it drew. Logged once a socket.
 */
export class CandleAnswers {
  readonly #budgets: RateLimits;
  /** Requests dropped over their account's budget. */
  dropped = 0;

  constructor(
    burst: number,
    perSecond: number,
    private readonly log: Logger,
  ) {
    this.#budgets = new RateLimits(burst, perSecond);
  }

  /** The answer to send, or undefined for a request over its account's budget. */
  answer(client: Client, book: CandleBook, { pair, side, range }: ChartRequest): string | undefined {
    if (this.#budgets.take(client.uid)) return book.message(pair, side, range);
    this.dropped += 1;
    if (!client.overCandleBudget) {
      client.overCandleBudget = true;
      this.log.warn('Relay dropped requests for candles over the account’s budget', { uid: client.uid });
    }
    return undefined;
  }
}
