import { describe, expect, it, vi } from 'vitest';
import { afterThisTask } from './afterThisTask';

describe('afterThisTask', () => {
  it('calls the load after the current task and its microtasks, and gives back what it loads', async () => {
    const order: string[] = [];
    const load = vi.fn(async () => {
      order.push('load');
      return 42;
    });
    const result = afterThisTask(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.resolve().then(() => order.push('microtask'));
    expect(load).not.toHaveBeenCalled();
    await expect(result).resolves.toBe(42);
    expect(order).toEqual(['microtask', 'load']);
  });

  it('passes a failed load on', async () => {
    await expect(afterThisTask(() => Promise.reject(new Error('chunk failed')))).rejects.toThrow('chunk failed');
  });
});
