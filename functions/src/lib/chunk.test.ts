import { describe, expect, it } from 'vitest';
import { chunk, chunkByWeight } from './chunk';

describe('chunk', () => {
  it.each([
    [[], 2, []],
    [[1, 2, 3], 2, [[1, 2], [3]]],
    [
      [1, 2, 3, 4],
      2,
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [[1, 2], 5, [[1, 2]]],
  ])('%j in chunks of %i: %j', (items, size, expected) => {
    expect(chunk(items, size)).toEqual(expected);
  });
});

describe('chunkByWeight', () => {
  it.each([
    [
      'fills each chunk up to the limit',
      [3, 3, 3, 5, 5],
      10,
      [
        [3, 3, 3],
        [5, 5],
      ],
    ],
    ['starts a chunk when the next would pass it', [5, 3, 3], 10, [[5, 3], [3]]],
    ['puts an item heavier than the limit alone', [2, 12, 2], 10, [[2], [12], [2]]],
  ])('%s', (_label, weights, max, expected) => {
    expect(chunkByWeight(weights, max, (w) => w)).toEqual(expected);
  });
});
