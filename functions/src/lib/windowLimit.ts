/**
 * A per-key count of calls in a fixed window, in this instance's memory: what a function allows one
 * user or one address before it answers 'too many'. Nothing is read or written for it, so it bills
 * nothing; a function allowed N instances lets a key through at most N times the limit, which still
 * bounds a flood. A key's count starts again once its window has passed, and at most `maxKeys` are
 * kept (the first seen go first).
 */
export class WindowLimit {
  readonly #counts = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxKeys = 10_000,
  ) {}

  /** Counts a call for `key`; false once the key is over its limit in the current window. */
  take(key: string, now = Date.now()): boolean {
    const entry = this.#counts.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      this.#counts.delete(key);
      this.#counts.set(key, { start: now, count: 1 });
      if (this.#counts.size > this.maxKeys) this.#counts.delete(this.#counts.keys().next().value as string);
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }
}
