/** `items` in consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  return chunkByWeight(items, size, () => 1);
}

/**
 * `items` in consecutive chunks whose weights add up to at most `max` each (an item heavier than
 * `max` goes alone): the writes of a commit, say, where items write different numbers of documents.
 */
export function chunkByWeight<T>(items: readonly T[], max: number, weight: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let total = 0;
  for (const item of items) {
    const w = weight(item);
    if (current.length > 0 && total + w > max) {
      out.push(current);
      current = [];
      total = 0;
    }
    current.push(item);
    total += w;
  }
  if (current.length > 0) out.push(current);
  return out;
}
