// The sweepers' concurrency helpers: at most `limit` at once, and (settleEach) every item to the end.
import { describe, expect, it } from 'vitest';
import { mapLimit, settleEach } from './mapLimit';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('mapLimit', () => {
  it('keeps the order of the results and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([30, 10, 20, 5, 15], 2, async (ms) => {
      most = Math.max(most, ++running);
      await later(ms, null);
      running -= 1;
      return ms * 2;
    });
    expect(results).toEqual([60, 20, 40, 10, 30]);
    expect(most).toBe(2);
  });
});

describe('settleEach', () => {
  it('returns only when every item has settled, the others sent although one failed at once', async () => {
    const done: string[] = [];
    const failed: [string, string][] = [];
    const failures = await settleEach(
      ['bad', 'a', 'b', 'c'],
      2,
      async (id) => {
        if (id === 'bad') throw new Error('contended');
        await later(30, null);
        done.push(id);
      },
      (id, error) => failed.push([id, (error as Error).message]),
    );
    expect(failures).toBe(1);
    expect(failed).toEqual([['bad', 'contended']]);
    expect(done.sort()).toEqual(['a', 'b', 'c']);
  });

  it('returns 0 and calls nothing for no items', async () => {
    const failed: unknown[] = [];
    expect(
      await settleEach(
        [],
        8,
        async () => {},
        (id) => failed.push(id),
      ),
    ).toBe(0);
    expect(failed).toEqual([]);
  });
});
