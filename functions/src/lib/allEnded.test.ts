import { describe, expect, it } from 'vitest';
import { allEnded } from './allEnded';

describe('allEnded', () => {
  it('returns every value in order', async () => {
    expect(await allEnded([Promise.resolve(1), Promise.resolve(2)])).toEqual([1, 2]);
  });

  it('throws only once every one has settled, the first failure in the order given', async () => {
    let slowEnded = false;
    const slow = new Promise<number>((resolve) =>
      setTimeout(() => {
        slowEnded = true;
        resolve(3);
      }, 20),
    );
    const failing = [Promise.reject(new Error('first')), slow, Promise.reject(new Error('second'))];
    await expect(allEnded(failing)).rejects.toThrow('first');
    expect(slowEnded).toBe(true);
  });
});
