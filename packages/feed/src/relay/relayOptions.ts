/** The relay's options and limits, apart from the relay itself so that relay.ts stays readable. */
import { MAX_RELAY_SOCKETS_PER_USER } from '@price-alerts/domain/common';
import type { Logger } from '../shared/log.ts';
import { DAY_RESEND_SPACING_MS } from './socketDays.ts';

export interface VerifiedToken {
  uid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * The token check could not be made (Auth did not answer): no verdict on the account. A new socket is
 * refused (its app retries), an open one is kept until the next sweep rather than cut off for a blip.
 */
export class TokenCheckUnavailable extends Error {
  override readonly name = 'TokenCheckUnavailable';
}

export interface RelayOptions {
  /** Rejects a token that is invalid, expired, revoked, or whose account is disabled or deleted. */
  verifyToken: (token: string, freshSince?: number) => Promise<VerifiedToken>;
  heartbeatMs: number;
  log: Logger;
  path?: string;
  /** A client this far behind (bytes queued) skips ticks until it catches up: prices, not history. */
  maxBufferedBytes?: number;
  /** A client with more than this queued, or skipping ticks for longer than `stallMs`, is closed. */
  maxQueuedBytes?: number;
  stallMs?: number;
  /** The largest message a client may send; a subscribe message is about a hundred bytes. */
  maxPayload?: number;
  /** Messages a client may send in a burst, and per second after it. */
  messageBurst?: number;
  messagesPerSecond?: number;
  /**
   * Requests for a chart's candles one account may make in a burst, and per second after it, shared by
   * all its sockets on this relay: a new socket brings no fresh burst. Past it a request is dropped
   * unanswered and the socket carries on (CANDLE_REQUEST_BURST).
   */
  candleRequestBurst?: number;
  candleRequestsPerSecond?: number;
  /**
   * How often every open socket's token is checked again, in one sweep, so a disabled, deleted or
   * signed-out account is cut off within this: the sweep asks for each user's state afresh, once.
   */
  recheckMs?: number;
  /**
   * Ticks are conflated for this long and sent as one frame per client holding the newest tick of
   * each pair it follows: a screen needs the latest price, and one frame instead of one per tick
   * is what lets a single relay serve thousands of phones.
   */
  flushMs?: number;
  /**
   * An app socket is closed on purpose (normally, RELAY_RECONNECT_REASON: the app reconnects at
   * once, unseen) after 80% to 100% of this, spread so a thousand phones do not come back in the
   * same second; set below Cloud Run's request timeout, which would cut it abnormally. 0: never.
   */
  socketLifetimeMs?: number;
  /** On close (SIGTERM: a redeploy or a scale-in), app sockets are closed the same way, spread over this. */
  drainMs?: number;
  /** Sockets of one account at once; a newer one closes the oldest (MAX_RELAY_SOCKETS_PER_USER). */
  maxSocketsPerUser?: number;
  /** A pair's day goes to one socket at most this often (socketDays.ts). */
  dayResendMs?: number;
}

/**
 * Each account's requests for candles on a relay: 20 at once, then 2 a second. The app asks once per chart
 * on screen whenever a subscription is answered (a new socket, a resync) and once whenever a chart changes
 * pair, side or range, so 20 covers the account's 6 sockets answered at once, a chart or two each, with
 * room to spare, and 2 a second more than a person changes a chart. An answer is at most about 7 KB (a
 * week), so an account draws at most some 140 KB at once and 14 KB a second from a relay, however many
 * sockets it opens and closes.
 */
export const CANDLE_REQUEST_BURST = 20;
export const CANDLE_REQUESTS_PER_SECOND = 2;

export const RELAY_DEFAULTS = {
  path: '/prices',
  maxBufferedBytes: 1 << 20,
  maxQueuedBytes: 4 << 20,
  stallMs: 30_000,
  maxPayload: 4096,
  messageBurst: 10,
  messagesPerSecond: 5,
  candleRequestBurst: CANDLE_REQUEST_BURST,
  candleRequestsPerSecond: CANDLE_REQUESTS_PER_SECOND,
  recheckMs: 5 * 60_000,
  flushMs: 50,
  socketLifetimeMs: 0,
  drainMs: 0,
  maxSocketsPerUser: MAX_RELAY_SOCKETS_PER_USER,
  dayResendMs: DAY_RESEND_SPACING_MS,
} satisfies Partial<RelayOptions>;

/** WebSocket close codes the relay uses. */
export const CLOSE = { tooBig: 1009, policy: 1008, unauthorized: 4001, normal: 1000 } as const;
