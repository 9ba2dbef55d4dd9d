/**
 * The chart's history on the price socket, an extension of the spec's protocol like type 3 (the spec's
 * 0, 1, 2, 7 and 9 keep their meaning). The app asks for one pair, side and range:
 *
 *   {"candles":{"symbol":"EURUSD","side":"mid","range":"1d"}}
 *
 * and the relay answers from memory, at once, with type 4:
 *
 *   4{"symbol":"EURUSD","side":"mid","range":"1d","step":900000,"from":…,"candles":[[o,h,l,c],null,…]}
 *
 * one entry per bucket from `from` (a bucket's start, ms since the epoch), null for a bucket without a
 * tick. A client that does not know type 4 skips it; a field this version does not know is ignored.
 */
import { z } from '../common/zod.ts';
import { PRICE_SIDES, type PriceSide } from '../common/constants.ts';
import { CHART_RANGES, CHART_RANGE_SPEC, candleRun, type Candle, type ChartRange } from './candles.ts';
import { MIN_WIRE_PRICE } from './pairDay.ts';

export const CANDLES_TYPE = '4';

const symbol = z.string().check(z.minLength(1), z.maxLength(16));
const side = z.enum(PRICE_SIDES);
const range = z.enum(CHART_RANGES);
/** Any finite number: a candle with a price below MIN_WIRE_PRICE is dropped alone (parseCandles). */
const price = z.number();

export const candlesRequestSchema = z.strictObject({
  candles: z.strictObject({ symbol, side, range }),
});
export type CandlesRequest = z.infer<typeof candlesRequestSchema>['candles'];

const candlesWireSchema = z
  .object({
    symbol,
    side,
    range,
    step: z.int().check(z.positive()),
    from: z.int().check(z.nonnegative()),
    candles: z.array(z.nullable(z.tuple([price, price, price, price]))),
  })
  .check(
    z.refine((w) => w.step === CHART_RANGE_SPEC[w.range].stepMs, 'step does not match the range'),
    z.refine((w) => w.from % w.step === 0, 'from must be a bucket start'),
    z.refine((w) => w.candles.length <= CHART_RANGE_SPEC[w.range].count, 'more candles than the range holds'),
  );

export interface CandlesMessage {
  symbol: string;
  side: PriceSide;
  range: ChartRange;
  /** Oldest first; buckets without a tick are absent. */
  candles: Candle[];
}

export function encodeCandlesRequest(request: CandlesRequest): string {
  return JSON.stringify({ candles: request });
}

export function encodeCandles(message: CandlesMessage): string {
  const { stepMs } = CHART_RANGE_SPEC[message.range];
  const [from, slots] = candleRun(message.candles, stepMs) ?? [0, []];
  return `${CANDLES_TYPE}${JSON.stringify({
    symbol: message.symbol,
    side: message.side,
    range: message.range,
    step: stepMs,
    from,
    candles: slots,
  })}`;
}

/** Parses a type 4 message's body (after the type character); never throws. */
export function parseCandles(body: string): { ok: true; message: CandlesMessage } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'candles message is not JSON' };
  }
  const parsed = candlesWireSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `bad candles message: ${parsed.error.issues[0]?.message}` };
  const w = parsed.data;
  const candles: Candle[] = [];
  w.candles.forEach((slot, i) => {
    if (!slot) return;
    const [o, h, l, c] = slot;
    // A candle whose high is below its low or close is no candle: it would draw a bar upside down. One with
    // a price below MIN_WIRE_PRICE, which no server folds, is none either (its low is the least of its
    // four once it is the right way up). Each goes alone; the chart keeps the rest.
    if (h < l || h < o || h < c || l > o || l > c || l < MIN_WIRE_PRICE) return;
    candles.push({ t: w.from + i * w.step, o, h, l, c });
  });
  return { ok: true, message: { symbol: w.symbol, side: w.side, range: w.range, candles } };
}

/** Parses what a client sent as a candles request; undefined when it is not one. */
export function parseCandlesRequest(json: unknown): CandlesRequest | undefined {
  const parsed = candlesRequestSchema.safeParse(json);
  return parsed.success ? parsed.data.candles : undefined;
}
