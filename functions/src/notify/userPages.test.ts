import { describe, expect, it } from 'vitest';
import { userPages } from './sendMany';

const ids = (user: string, n: number) => Array.from({ length: n }, (_, i) => `${user}__alert-${i}__1800000000000`);

describe('pages of deliveries to send', () => {
  it.each([
    ['nothing', [], 3, []],
    ['one user', ids('u1', 2), 3, [2]],
    ['whole users up to the size', [...ids('u1', 2), ...ids('u2', 1), ...ids('u3', 2)], 3, [3, 2]],
    ['a user past the size, kept whole', [...ids('u1', 5), ...ids('u2', 1)], 3, [5, 1]],
    ['each user alone at size 1', [...ids('u1', 1), ...ids('u2', 1), ...ids('u3', 1)], 1, [1, 1, 1]],
  ])('cuts %s into pages of %j', (_l, all, size, sizes) => {
    const pages = userPages([...all].reverse(), size);
    expect(pages.map((p) => p.length)).toEqual(sizes);
    expect(pages.flat().sort()).toEqual([...all].sort());
    // No user straddles two pages.
    const owners = pages.map((p) => new Set(p.map((id) => id.split('__')[0])));
    owners.forEach((a, i) => owners.slice(i + 1).forEach((b) => expect([...a].filter((u) => b.has(u))).toEqual([])));
  });
});
