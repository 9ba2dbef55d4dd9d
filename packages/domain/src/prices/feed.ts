/**
 * The spec's live-price WebSocket protocol, both directions, for the simulator, the
 * ingest service, the relay and the app. Parsing never throws: a bad message comes back as
 * `{ type: 'invalid', reason }`, so one malformed frame can never take a socket handler down.
 *
 * Messages start with a one-character type:
 *   0{json}  subscribed: {mapping, order, start_time, time_mult, session_uid}
 *   1a|b|c   tick: fields in the order of `order` (name, ask, bid, time)
 *   2        heartbeat, ignored
 *   7{json}, 9{json}  error: {error}
 *   3{json}  the relay's own: a pair's trading day and last hour (pairDayWire.ts)
 *   4{json}  the relay's own: a chart's candles, answering the client's request (candlesWire.ts)
 * Units: start_time is milliseconds since the epoch; time / time_mult is milliseconds since then,
 * so timestamp = start_time + time / time_mult. `mapping` maps a tick's name to the feed symbol
 * (EURUSD); a name not in it is taken as the symbol itself. One WebSocket message may carry
 * several protocol messages separated by newlines.
 */
import { z } from '../common/zod.ts';
import { pairToSymbol, symbolToPair, type CurrencyPair } from '../common/constants.ts';
import type { PairDay } from './pairDay.ts';
import { PAIR_DAY_TYPE, parsePairDay } from './pairDayWire.ts';
import { CANDLES_TYPE, parseCandles, type CandlesMessage } from './candlesWire.ts';

export const TICK_FIELDS = ['name', 'ask', 'bid', 'time'] as const;

const sessionSchema = z.object({
  mapping: z.record(z.string(), z.string()),
  order: z
    .array(z.string())
    .check(z.refine((order) => TICK_FIELDS.every((f) => order.includes(f)), 'order must name name, ask, bid and time')),
  start_time: z.number(),
  time_mult: z.number().check(z.positive()),
  session_uid: z.string().check(z.minLength(1)),
});
export type FeedSessionWire = z.infer<typeof sessionSchema>;

export interface FeedSession {
  mapping: Record<string, string>;
  order: string[];
  startTime: number;
  timeMult: number;
  sessionUid: string;
}

export interface FeedTick {
  symbol: string;
  pair: CurrencyPair | undefined;
  ask: number;
  bid: number;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

export type FeedMessage =
  | { type: 'subscribed'; session: FeedSession }
  | { type: 'tick'; tick: FeedTick }
  | { type: 'heartbeat' }
  | { type: 'day'; symbol: string; pair: CurrencyPair | undefined; day: PairDay }
  | { type: 'candles'; pair: CurrencyPair | undefined; candles: CandlesMessage }
  | { type: 'error'; code: '7' | '9'; error: string };

export type FeedParseResult = FeedMessage | { type: 'invalid'; reason: string; raw: string };

const errorSchema = z.object({ error: z.string() });
/** A client subscribes to the pairs on its screen; the relay refuses more than this in one message. */
const MAX_SUBSCRIBED_PAIRS = 64;
const SUBSCRIBE_SHAPE = 'expected {"pairs": ["EURUSD", ...]}';
const subscribeSchema = z.strictObject({ pairs: z.array(z.string()).check(z.maxLength(MAX_SUBSCRIBED_PAIRS)) });

function invalid(reason: string, raw: string): FeedParseResult {
  return { type: 'invalid', reason, raw: raw.length > 200 ? `${raw.slice(0, 200)}…` : raw };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

function parseTick(body: string, session: FeedSession | null, raw: string): FeedParseResult {
  if (!session) return invalid('tick before the subscription (type 0) message', raw);
  const values = body.split('|');
  if (values.length !== session.order.length) {
    return invalid(`tick has ${values.length} fields, expected ${session.order.length}`, raw);
  }
  const field = (name: string) => values[session.order.indexOf(name)]?.trim() ?? '';
  const name = field('name');
  if (!name) return invalid('tick has no name', raw);
  const numbers: Record<'ask' | 'bid' | 'time', number> = { ask: 0, bid: 0, time: 0 };
  for (const key of ['ask', 'bid', 'time'] as const) {
    const text = field(key);
    const value = Number(text);
    if (!NUMBER.test(text) || !Number.isFinite(value)) return invalid(`tick ${key} is not a number: ${text}`, raw);
    numbers[key] = value;
  }
  if (numbers.ask <= 0 || numbers.bid <= 0) return invalid('tick price is not positive', raw);
  const symbol = session.mapping[name] ?? name;
  return {
    type: 'tick',
    tick: {
      symbol,
      pair: symbolToPair(symbol),
      ask: numbers.ask,
      bid: numbers.bid,
      timestamp: session.startTime + numbers.time / session.timeMult,
    },
  };
}

/** Parses one protocol message; `session` is what the last type 0 message set up. */
export function parseFeedMessage(raw: string, session: FeedSession | null): FeedParseResult {
  const type = raw.charAt(0);
  const body = raw.slice(1);
  switch (type) {
    case '0': {
      const parsed = sessionSchema.safeParse(parseJson(body));
      if (!parsed.success) return invalid(`bad subscription message: ${parsed.error.issues[0]?.message}`, raw);
      const s = parsed.data;
      return {
        type: 'subscribed',
        session: {
          mapping: s.mapping,
          order: s.order,
          startTime: s.start_time,
          timeMult: s.time_mult,
          sessionUid: s.session_uid,
        },
      };
    }
    case '1':
      return parseTick(body, session, raw);
    case '2':
      return { type: 'heartbeat' };
    case PAIR_DAY_TYPE: {
      const parsed = parsePairDay(body);
      if (!parsed.ok) return invalid(parsed.reason, raw);
      return { type: 'day', symbol: parsed.symbol, pair: symbolToPair(parsed.symbol), day: parsed.day };
    }
    case CANDLES_TYPE: {
      const parsed = parseCandles(body);
      if (!parsed.ok) return invalid(parsed.reason, raw);
      return { type: 'candles', pair: symbolToPair(parsed.message.symbol), candles: parsed.message };
    }
    case '7':
    case '9': {
      const parsed = errorSchema.safeParse(parseJson(body));
      return { type: 'error', code: type, error: parsed.success ? parsed.data.error : body.trim() || 'Unknown error' };
    }
    default:
      return invalid(`unknown message type ${JSON.stringify(type)}`, raw);
  }
}

/**
 * Parses a whole WebSocket message, which may hold several protocol messages on separate lines.
 * A subscription inside the frame applies to the ticks after it.
 */
export function parseFeedFrame(frame: string, session: FeedSession | null): FeedParseResult[] {
  const results: FeedParseResult[] = [];
  let current = session;
  for (const line of frame.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const result = parseFeedMessage(line, current);
    if (result.type === 'subscribed') current = result.session;
    results.push(result);
  }
  return results;
}

export function encodeSubscribe(pairs: readonly CurrencyPair[]): string {
  return JSON.stringify({ pairs: pairs.map(pairToSymbol) });
}

/** The server's view of a client's subscribe message: the pairs it knows, and the ones it does not. */
export function parseSubscribe(
  raw: string,
): { ok: true; pairs: CurrencyPair[]; unknown: string[] } | { ok: false; reason: string } {
  const parsed = subscribeSchema.safeParse(parseJson(raw));
  if (!parsed.success) {
    const tooMany = parsed.error.issues.some((i) => i.code === 'too_big' && i.path.length === 1);
    return { ok: false, reason: tooMany ? `at most ${MAX_SUBSCRIBED_PAIRS} pairs per subscription` : SUBSCRIBE_SHAPE };
  }
  const pairs = parsed.data.pairs.map((s) => symbolToPair(s));
  return {
    ok: true,
    pairs: [...new Set(pairs.filter((p) => p !== undefined))],
    unknown: parsed.data.pairs.filter((s) => symbolToPair(s) === undefined),
  };
}

export function encodeSubscribed(session: FeedSession): string {
  const wire: FeedSessionWire = {
    mapping: session.mapping,
    order: session.order,
    start_time: session.startTime,
    time_mult: session.timeMult,
    session_uid: session.sessionUid,
  };
  return `0${JSON.stringify(wire)}`;
}

/** Encodes a tick in the session's field order; time becomes the session-relative offset. */
export function encodeTick(session: FeedSession, name: string, ask: number, bid: number, timestamp: number): string {
  const values: Record<string, string> = {
    name,
    ask: String(ask),
    bid: String(bid),
    time: String(Math.round((timestamp - session.startTime) * session.timeMult)),
  };
  return `1${session.order.map((f) => values[f] ?? '').join('|')}`;
}

export const HEARTBEAT = '2';

export function encodeError(code: '7' | '9', error: string): string {
  return `${code}${JSON.stringify({ error })}`;
}
