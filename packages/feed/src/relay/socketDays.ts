/**
 * What one socket holds of each pair's day (type 3), so a re-subscribe sends only what it lacks. A
 * pair it follows on gets every tick and folds them into the day it holds (as the relay folds them
 * into its own), so it needs no day again. A pair it stops following keeps the day it had then: when
 * followed again, its day is sent only if a tick came since. And a pair's day is sent to one socket at
 * most once every DAY_RESEND_SPACING_MS: sooner, it waits (its latest tick still goes at once), so
 * a socket alternating between sets of pairs draws each day at most that often, not at every message.
 */
import type { CurrencyPair } from '@price-alerts/domain/common';

/** A person going back and forth between two screens gets their days back within this. */
export const DAY_RESEND_SPACING_MS = 10_000;

export class SocketDays {
  /** Per pair: the revision of the day the socket holds (-1: it holds an older one than it was last sent), and when a day was last sent. */
  readonly #held = new Map<CurrencyPair, { revision: number; sentAt: number }>();
  readonly #waiting = new Set<CurrencyPair>();
  #timer: NodeJS.Timeout | undefined;

  constructor(readonly spacingMs: number = DAY_RESEND_SPACING_MS) {}

  /**
   * The socket stopped following these pairs: it keeps their days as they are now (`revisionOf`;
   * undefined while a tick of the pair is still on its way to it). A day it was waiting for it never got.
   */
  left(pairs: Iterable<CurrencyPair>, revisionOf: (pair: CurrencyPair) => number | undefined): void {
    for (const pair of pairs) {
      const held = this.#held.get(pair);
      if (held) held.revision = this.#waiting.has(pair) ? -1 : (revisionOf(pair) ?? -1);
      this.#waiting.delete(pair);
    }
  }

  /** Whether to send the pair's day now, at `revision`; when it was sent too lately, the pair waits. */
  take(pair: CurrencyPair, revision: number, now: number): boolean {
    const held = this.#held.get(pair);
    if (held?.revision === revision) {
      this.#waiting.delete(pair);
      return false;
    }
    if (held && now - held.sentAt < this.spacingMs) {
      this.#waiting.add(pair);
      return false;
    }
    this.#held.set(pair, { revision, sentAt: now });
    this.#waiting.delete(pair);
    return true;
  }

  /** Hands the waiting pairs to `sendDue` as each comes due, with one timer for the socket. */
  schedule(now: number, sendDue: (pairs: CurrencyPair[]) => void): void {
    if (this.#timer || this.#waiting.size === 0) return;
    const dueAt = (pair: CurrencyPair) => (this.#held.get(pair)?.sentAt ?? now) + this.spacingMs;
    const first = Math.min(...[...this.#waiting].map(dueAt));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const at = Date.now();
      const ready = [...this.#waiting].filter((pair) => dueAt(pair) <= at);
      for (const pair of ready) this.#waiting.delete(pair);
      // A timer may run a little before the clock says it is due: then it only sets the next one.
      if (ready.length > 0) sendDue(ready);
      this.schedule(at, sendDue);
    }, first - now);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#waiting.clear();
  }
}
