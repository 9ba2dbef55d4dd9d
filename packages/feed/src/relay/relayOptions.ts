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

export const RELAY_DEFAULTS = {
  path: '/prices',
  maxBufferedBytes: 1 << 20,
  maxQueuedBytes: 4 << 20,
  stallMs: 30_000,
  maxPayload: 4096,
  messageBurst: 10,
  messagesPerSecond: 5,
  recheckMs: 5 * 60_000,
  flushMs: 50,
  socketLifetimeMs: 0,
  drainMs: 0,
  maxSocketsPerUser: MAX_RELAY_SOCKETS_PER_USER,
  dayResendMs: DAY_RESEND_SPACING_MS,
} satisfies Partial<RelayOptions>;

/** WebSocket close codes the relay uses. */
export const CLOSE = { tooBig: 1009, policy: 1008, unauthorized: 4001, normal: 1000 } as const;
