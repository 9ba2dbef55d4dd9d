import { describe, expect, it, vi } from 'vitest';
import { loadAgainOnce } from './loadAgain';

describe('loadAgainOnce', () => {
  it.each([
    { name: 'a load that succeeds is made once', results: ['ok'], value: 'ok', calls: 1 },
    {
      name: 'a load that fails once succeeds the second time',
      results: [new Error('cut'), 'ok'],
      value: 'ok',
      calls: 2,
    },
  ])('$name', async ({ results, value, calls }) => {
    const load = vi.fn();
    for (const result of results) {
      if (result instanceof Error) load.mockRejectedValueOnce(result);
      else load.mockResolvedValueOnce(result);
    }
    await expect(loadAgainOnce(load, 1)).resolves.toBe(value);
    expect(load).toHaveBeenCalledTimes(calls);
  });

  it('gives up after the second failure, with its error', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('first')).mockRejectedValueOnce(new Error('second'));
    await expect(loadAgainOnce(load, 1)).rejects.toThrow('second');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
