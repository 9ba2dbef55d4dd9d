/**
 * What the app is told about the upstream. The app only speaks the spec's protocol, in which the
 * sole way to say "something is wrong" is a type 7 or 9 error ('Error' on every pair) and the way
 * back is type 0 followed by ticks. So:
 *   - the provider's own error frames are passed on with their code and text (bounded in length);
 *     the same one again is held back while the upstream stays down, and for a minute while it is
 *     up, so a provider refusing every retry is one toast per outage, not one per retry; the
 *     upstream's next subscription forgets them, so the next outage's first error goes out;
 *   - an upstream not subscribed for longer than `graceMs` is announced once with OUTAGE_ERROR, and
 *     every subscription made during the outage ends with it;
 *   - once it is subscribed again after clients were told either, they are resynced (relay.resync).
 * A reconnect within the grace (the backoff starts at a quarter of a second) says nothing at all.
 */
import { encodeError } from '@price-alerts/domain/prices';
import type { Logger } from '../shared/log.ts';
import type { UpstreamStatus } from './upstream.ts';

/** The code and text the app gets when the upstream has been away longer than the grace. */
export const OUTAGE_CODE = '7';
export const OUTAGE_ERROR = 'Live prices unavailable: the price feed is not reachable';
/** An upstream error text longer than this is cut: it goes to every client. */
const MAX_ERROR_LENGTH = 200;
const REPEAT_MS = 60_000;

export interface NoticeTarget {
  broadcast(message: string): void;
  setOutage(message: string | undefined): void;
  resync(): void;
}

export interface UpstreamState {
  /** When the upstream stopped being subscribed (ms since the epoch); null while it is subscribed. */
  downSince: number | null;
  /** Whether clients have been sent the outage error for the current outage. */
  outageAnnounced: boolean;
}

export class UpstreamNotices {
  readonly #relay: NoticeTarget;
  readonly #graceMs: number;
  readonly #log: Logger;
  readonly #now: () => number;
  // Down from the start: the first subscription is not news, but never subscribing is.
  #downSince: number | null = null;
  #grace: NodeJS.Timeout | undefined;
  #announced = false;
  /** Clients were sent an error since the upstream was last subscribed, so they need a resync. */
  #told = false;
  /** When each upstream error (code and text) was last passed on. */
  readonly #forwarded = new Map<string, number>();

  constructor(options: { relay: NoticeTarget; graceMs: number; log: Logger; now?: () => number }) {
    this.#relay = options.relay;
    this.#graceMs = options.graceMs;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  get state(): UpstreamState {
    return { downSince: this.#downSince, outageAnnounced: this.#announced };
  }

  status(status: UpstreamStatus): void {
    if (status === 'stopped') {
      clearTimeout(this.#grace);
      return;
    }
    if (status === 'subscribed') {
      clearTimeout(this.#grace);
      // Cleared first: a resync answers every client afresh, and must not end with the old outage.
      this.#relay.setOutage(undefined);
      if (this.#told) {
        this.#log.info('Upstream back; resyncing clients', { downSince: this.#downSince });
        this.#relay.resync();
      }
      this.#forwarded.clear();
      this.#downSince = null;
      this.#announced = false;
      this.#told = false;
      return;
    }
    // connecting and disconnected alternate during an outage: it started at the first of them.
    if (this.#downSince !== null) return;
    this.#downSince = this.#now();
    this.#grace = setTimeout(() => this.#announce(), this.#graceMs);
  }

  #announce(): void {
    const message = encodeError(OUTAGE_CODE, OUTAGE_ERROR);
    this.#announced = true;
    this.#told = true;
    this.#log.warn('Upstream down past the grace; clients told', { downSince: this.#downSince });
    this.#relay.setOutage(message);
    this.#relay.broadcast(message);
  }

  error(code: '7' | '9', error: string): void {
    const text = error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH)}…` : error;
    const key = `${code}${text}`;
    const now = this.#now();
    const last = this.#forwarded.get(key);
    if (last !== undefined && (this.#downSince !== null || now - last < REPEAT_MS)) return;
    this.#forwarded.set(key, now);
    this.#told = true;
    this.#relay.broadcast(encodeError(code, text));
  }
}
