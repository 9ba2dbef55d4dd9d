import type { ZodMiniType } from 'zod/mini';

/**
 * What a screen keeps on this device between loads (shared/firstPaint/lastGreeting.ts names the keys). Storage may
 * be refused (private modes, quota, blocked storage): then nothing is kept and nothing is read. Only
 * zod's types here: each caller brings its own schema, so this module adds no zod to a chunk.
 */
export function readKept<T>(key: string, schema: ZodMiniType<T>): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, writing only when it changed. */
export function keep(key: string, value: unknown): void {
  try {
    const text = JSON.stringify(value);
    if (localStorage.getItem(key) !== text) localStorage.setItem(key, text);
  } catch {
    // Not kept: the next load behaves as on a new device.
  }
}
