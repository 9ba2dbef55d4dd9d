/** Runs `task` over `items`, at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Runs `task` over `items`, at most `limit` at a time, to the end: an item that fails is handed to
 * `failed` (to log) and the others go on. mapLimit would reject at the first failure with the rest
 * still in flight, and a scheduled function returning then leaves work running it no longer owns.
 * Returns how many failed.
 */
export async function settleEach<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
  failed: (item: T, error: unknown) => void,
): Promise<number> {
  let failures = 0;
  await mapLimit(items, limit, async (item) => {
    try {
      await task(item);
    } catch (error) {
      failures += 1;
      failed(item, error);
    }
  });
  return failures;
}
