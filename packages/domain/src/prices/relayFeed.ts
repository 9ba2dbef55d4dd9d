/**
 * Between the ingest service and the price relays (docs/price-relays.md). The ingest service holds
 * the one upstream connection; each relay holds one WebSocket to it at RELAY_FEED_PATH and gets
 * everything it needs to serve apps as if it held the upstream itself, one JSON text frame a message:
 *   hello      on connect: each pair's latest tick and its day (a type 3 message), the outage
 *              error every subscription ends with while the upstream is down (null while it is up), and
 *              each pair's chart candles (candlesSnapshot.ts), which the relay merges into its own
 *   ticks      ticks as they come
 *   broadcast  a protocol message every app client gets (the provider's error, passed on)
 *   outage     the outage error from now on; null once the upstream is back
 *   resync     the upstream is back after apps were told otherwise: each app is sent a fresh start
 * A relay proves it may listen with a key only it and the ingest service hold (RELAY_FEED_KEY),
 * offered like an app's token, as a `bearer.` subprotocol entry (relayAuth.ts).
 */
import { currencyPairSchema } from '../store/schemas.ts';
import { z } from '../common/zod.ts';
import { pairCandlesSnapshotSchema } from './candlesSnapshot.ts';

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

export const relayFeedMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    ticks: z.array(relayFeedTickSchema).check(z.maxLength(1_000)),
    days: z.array(protocolMessage).check(z.maxLength(1_000)),
    outage: z.nullable(protocolMessage),
    // Optional: an ingest older than the charts sends none. Each pair's runs are bounded by their
    // range, so a hello stays within about 1 MB whatever the ingest holds.
    candles: z.optional(
      z.array(z.object({ pair: currencyPairSchema, candles: pairCandlesSnapshotSchema })).check(z.maxLength(100)),
    ),
  }),
  z.object({ type: z.literal('ticks'), ticks: z.array(relayFeedTickSchema).check(z.maxLength(10_000)) }),
  z.object({ type: z.literal('broadcast'), message: protocolMessage }),
  z.object({ type: z.literal('outage'), message: z.nullable(protocolMessage) }),
  z.object({ type: z.literal('resync') }),
]);
export type RelayFeedMessage = z.infer<typeof relayFeedMessageSchema>;

/** Parses one frame from the ingest service; never throws. */
export function parseRelayFeed(data: string): { ok: true; message: RelayFeedMessage } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = relayFeedMessageSchema.safeParse(json);
  return parsed.success
    ? { ok: true, message: parsed.data }
    : { ok: false, reason: parsed.error.issues[0]?.message ?? 'invalid feed message' };
}
