/**
 * Between the ingest service and the price relays (docs/price-relays.md). The ingest service holds
 * the one upstream connection; each relay holds one WebSocket to it at RELAY_FEED_PATH and gets
 * everything it needs to serve apps as if it held the upstream itself, one JSON text frame a message:
 *   hello      on connect: each pair's latest tick and its day (a type 3 message), the outage
 *              error every subscription ends with while the upstream is down (null while it is up),
 *              each pair's chart candles (candlesSnapshot.ts), which the relay merges into its own, and
 *              whether the ingest takes a relay's candles back (`takesCandles`)
 *   ticks      ticks as they come
 *   broadcast  a protocol message every app client gets (the provider's error, passed on)
 *   outage     the outage error from now on; null once the upstream is back
 *   resync     the upstream is back after apps were told otherwise: each app is sent a fresh start
 * A relay sends one message the other way, once a connection, after the hello and only when the hello
 * says `takesCandles`: its candles the hello lacked (relayCandlesSchema), which the ingest merges into its
 * own, so what a relay folded while the ingest was away (a redeploy, a crash) reaches the relays that
 * come after. A relay proves it may listen with a key only it and the ingest service hold
 * (RELAY_FEED_KEY), offered like an app's token, as a `bearer.` subprotocol entry (relayAuth.ts).
 */
import { currencyPairSchema } from '../store/schemas.ts';
import { z } from '../common/zod.ts';
import { CURRENCY_PAIRS, PRICE_SIDES } from '../common/constants.ts';
import { describeIssues } from '../common/issues.ts';
import { CHART_RANGES, CHART_RANGE_SPEC } from './candles.ts';
import { pairCandlesSnapshotSchema, type PairHistory } from './candlesSnapshot.ts';

export const RELAY_FEED_PATH = '/feed';
/** How often the ingest pings each relay, so a relay can tell a silent feed from a dead one. */
export const FEED_PING_MS = 5_000;
export const RELAY_FEED_PROTOCOL = 'price-alerts-feed.v1';
/** Key characters are those a subprotocol entry may hold; 16 at least. */
export const RELAY_FEED_KEY_PATTERN = /^[A-Za-z0-9._~-]{16,256}$/;

export function relayFeedProtocols(key: string): string[] {
  return [RELAY_FEED_PROTOCOL, `bearer.${key}`];
}

/** The app protocol's own messages (an error, a day) are passed through as the strings the apps get. */
const protocolMessage = z.string().check(z.minLength(1), z.maxLength(16_384));
const price = z.number().check(z.positive(), z.refine(Number.isFinite, 'must be finite'));

export const relayFeedTickSchema = z.object({
  pair: currencyPairSchema,
  ask: price,
  bid: price,
  // Milliseconds since the epoch, within what a Date can hold: a tick outside it would throw where
  // its day is folded.
  timestamp: z.number().check(z.gt(0), z.lte(8.64e15)),
});
export type RelayFeedTick = z.infer<typeof relayFeedTickSchema>;

/** The most candles a pair's book holds: each side's ranges in full (60 + 96 + 168 a side). */
const CANDLES_A_PAIR = PRICE_SIDES.length * CHART_RANGES.reduce((n, range) => n + CHART_RANGE_SPEC[range].count, 0);

/**
 * The most the candles of a hello, or of a relay's one message, take as JSON, whatever a server holds: one
 * entry a pair, no pair twice (15), each run at most its range's buckets (972 candles a pair), and a price
 * at most 23 characters (the longest a number of at least MIN_WIRE_PRICE is written in,
 * 1.7976931348623157e+308), so 98 bytes a candle and 1,000 a pair for the keys and starts: some 1.4 MB.
 * Real prices take about 40 bytes a candle: some 40 KB a pair, 600 KB for the 15 (relayFeed.test.ts).
 */
export const MAX_FEED_CANDLES_BYTES = CURRENCY_PAIRS.length * (CANDLES_A_PAIR * 98 + 1_000) + 1_000;

/** One pair's candles in brief (candlesSnapshot.ts). */
const pairHistorySchema = z.object({ pair: currencyPairSchema, candles: pairCandlesSnapshotSchema });

/**
 * Each pair's candles in brief, one entry a pair: see MAX_FEED_CANDLES_BYTES. The message checks only that
 * they are a list of at most one entry a pair; each entry is read on its own (readPairHistories), so a pair
 * that does not parse (a price below MIN_WIRE_PRICE that an older server folded, a pair this version does
 * not know) is skipped alone and the rest applied, rather than the whole message refused.
 */
const pairHistoriesSchema = z.array(z.unknown()).check(z.maxLength(CURRENCY_PAIRS.length));

/** A pair of a hello's or a relay's candles that was skipped, and why (its first problem). */
export interface SkippedHistory {
  /** The pair as the entry names it, cut to 16 characters; '?' when it names none. */
  pair: string;
  reason: string;
}

/**
 * The candles of a hello or of a relay's message, each pair parsed on its own: the pairs that parse, in
 * order (the first entry of a pair given twice), and each one skipped with its reason, for the log.
 */
export function readPairHistories(entries: readonly unknown[]): {
  histories: PairHistory[];
  skipped: SkippedHistory[];
} {
  const histories: PairHistory[] = [];
  const skipped: SkippedHistory[] = [];
  const taken = new Set<string>();
  for (const entry of entries) {
    const parsed = pairHistorySchema.safeParse(entry);
    if (!parsed.success)
      skipped.push({ pair: pairNamed(entry), reason: describeIssues(parsed.error.issues.slice(0, 1), 'entry') });
    else if (taken.has(parsed.data.pair)) skipped.push({ pair: parsed.data.pair, reason: 'a pair twice' });
    else {
      taken.add(parsed.data.pair);
      histories.push(parsed.data);
    }
  }
  return { histories, skipped };
}

function pairNamed(entry: unknown): string {
  const pair = typeof entry === 'object' && entry !== null && 'pair' in entry ? entry.pair : undefined;
  return typeof pair === 'string' ? pair.slice(0, 16) : '?';
}

export const relayFeedMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    ticks: z.array(relayFeedTickSchema).check(z.maxLength(1_000)),
    days: z.array(protocolMessage).check(z.maxLength(1_000)),
    outage: z.nullable(protocolMessage),
    // Optional: an ingest older than the charts sends none. Within MAX_FEED_CANDLES_BYTES whatever the
    // ingest holds; each pair read on its own (readPairHistories).
    candles: z.optional(pairHistoriesSchema),
    // Whether the ingest merges a relay's candles (relayCandlesSchema); an older one cuts any frame
    // over 1 KB from a relay, so a relay sends them only when this is true.
    takesCandles: z.optional(z.boolean()),
  }),
  z.object({ type: z.literal('ticks'), ticks: z.array(relayFeedTickSchema).check(z.maxLength(10_000)) }),
  z.object({ type: z.literal('broadcast'), message: protocolMessage }),
  z.object({ type: z.literal('outage'), message: z.nullable(protocolMessage) }),
  z.object({ type: z.literal('resync') }),
]);
export type RelayFeedMessage = z.infer<typeof relayFeedMessageSchema>;

/**
 * A relay's one message to the ingest service, once a connection, after a hello that says `takesCandles`:
 * each pair's candles of its own that the hello lacked (candlesBeyond in candles.ts), within
 * MAX_FEED_CANDLES_BYTES, each pair read on its own (readPairHistories).
 */
export const relayCandlesSchema = z.object({ type: z.literal('candles'), candles: pairHistoriesSchema });
export type RelayCandlesMessage = z.infer<typeof relayCandlesSchema>;

type Parsed<T> = { ok: true; message: T } | { ok: false; reason: string };

function parseWith<T>(schema: z.ZodMiniType<T>, data: string): Parsed<T> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { ok: true, message: parsed.data }
    : { ok: false, reason: parsed.error.issues[0]?.message ?? 'invalid feed message' };
}

/** Parses one frame from the ingest service; never throws. */
export function parseRelayFeed(data: string): Parsed<RelayFeedMessage> {
  return parseWith(relayFeedMessageSchema, data);
}

/** Parses one frame from a relay; never throws. */
export function parseRelayCandles(data: string): Parsed<RelayCandlesMessage> {
  return parseWith(relayCandlesSchema, data);
}
