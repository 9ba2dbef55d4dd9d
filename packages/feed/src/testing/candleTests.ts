// What the tests of the charts' history between the ingest and the relays share: the feed's key, whole
// hours back from now (a live tick folds into later buckets only), and cleanups run after each test.
import { afterEach, vi } from 'vitest';

export const FEED_TEST_KEY = 'relay-feed-test-key-0123456789';
const HOUR = 3_600_000;
export const hoursAgo = (n: number) => Math.floor(Date.now() / HOUR) * HOUR - n * HOUR;

/** Registers the per-test cleanup and a timeout for socket flows; push what a test starts. */
export function cleanupsAfterEach(): (() => unknown)[] {
  vi.setConfig({ testTimeout: 20_000 });
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
