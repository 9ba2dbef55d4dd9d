/**
 * Discord's rate limits as a webhook sender meets them (https://discord.com/developers/docs/topics/rate-limits):
 * a bucket per route and webhook (the top-level resource is the webhook's id and token), told in the
 * X-RateLimit-* headers of every answer, and a global limit over every request (per IP without a bot token).
 * Over either: 429 with `retry_after` in seconds and a Retry-After header. Each window opens with its first
 * request and lasts `perMs`, as Discord's do; a refused request uses none of it.
 */
import { createHash } from 'node:crypto';

export interface Limit {
  requests: number;
  perMs: number;
}

/** Discord publishes no number for executing a webhook; 5 per 2 s is what its headers have said. */
export const WEBHOOK_LIMIT: Limit = { requests: 5, perMs: 2_000 };
/** "All bots can make up to 50 requests per second to our API." */
export const GLOBAL_LIMIT: Limit = { requests: 50, perMs: 1_000 };

interface Window {
  resetAt: number;
  used: number;
}

export interface Verdict {
  allowed: boolean;
  headers: Record<string, string>;
  /** The 429's body, when not allowed. */
  body?: { message: string; retry_after: number; global: boolean };
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
/** Discord's bucket is named by route, not by webhook: every webhook shows the same one for the same route. */
const bucketHash = (route: string) => createHash('sha256').update(route).digest('hex').slice(0, 32);
/** Windows past their reset are dropped once there are this many, so unknown ids cannot grow the map. */
const PRUNE_AT = 1_000;

/** Opens a new window once the last has passed, and counts the request if there is room in it. */
function take(window: Window, limit: Limit, now: number): boolean {
  if (now >= window.resetAt) {
    window.resetAt = now + limit.perMs;
    window.used = 0;
  }
  if (window.used >= limit.requests) return false;
  window.used += 1;
  return true;
}

export class RateLimits {
  readonly #webhook: Limit;
  readonly #global: Limit;
  readonly #now: () => number;
  readonly #windows = new Map<string, Window>();
  #globalWindow: Window = { resetAt: 0, used: 0 };

  constructor(webhook: Limit, global: Limit, now: () => number) {
    this.#webhook = webhook;
    this.#global = global;
    this.#now = now;
  }

  /** Takes one request from the global limit: headers only when refused, as Discord sends. */
  global(): Verdict {
    const now = this.#now();
    if (take(this.#globalWindow, this.#global, now)) return { allowed: true, headers: {} };
    const wait = this.#globalWindow.resetAt - now;
    return {
      allowed: false,
      headers: {
        'Retry-After': String(Math.ceil(wait / 1000)),
        'X-RateLimit-Global': 'true',
        'X-RateLimit-Scope': 'global',
      },
      body: { message: 'You are being rate limited.', retry_after: Number(seconds(wait)), global: true },
    };
  }

  /** Takes one request from the bucket of `route` (e.g. `POST /webhooks/{id}/{token}`) for one webhook. */
  bucket(route: string, webhook: string): Verdict {
    const now = this.#now();
    if (this.#windows.size >= PRUNE_AT) {
      for (const [key, w] of this.#windows) if (now >= w.resetAt) this.#windows.delete(key);
    }
    const key = `${route} ${webhook}`;
    const window = this.#windows.get(key) ?? { resetAt: 0, used: 0 };
    this.#windows.set(key, window);
    const allowed = take(window, this.#webhook, now);
    const wait = window.resetAt - now;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(this.#webhook.requests),
      'X-RateLimit-Remaining': String(this.#webhook.requests - window.used),
      'X-RateLimit-Reset': seconds(window.resetAt),
      'X-RateLimit-Reset-After': seconds(wait),
      'X-RateLimit-Bucket': bucketHash(route),
    };
    if (allowed) return { allowed, headers };
    return {
      allowed,
      headers: { ...headers, 'Retry-After': String(Math.ceil(wait / 1000)), 'X-RateLimit-Scope': 'user' },
      body: { message: 'You are being rate limited.', retry_after: Number(seconds(wait)), global: false },
    };
  }

  reset(): void {
    this.#windows.clear();
    this.#globalWindow = { resetAt: 0, used: 0 };
  }
}
