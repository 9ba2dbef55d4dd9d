import { beforeEach, describe, expect, it, vi } from 'vitest';

// Boundary: the gateway. The repositories themselves load for real (their Firestore calls are not made).
const getDb = vi.fn(async () => ({}));
vi.mock('../firebase', () => ({ getDb: () => getDb() }));
const { repository } = await import('./load');

const nextTask = () => new Promise<void>((done) => setTimeout(done, 0));

beforeEach(() => {
  getDb.mockClear();
});

describe('repository', () => {
  it('loads a repository the first time in a task of its own, and at once after that', async () => {
    const first = repository('history');
    await Promise.resolve();
    expect(getDb).not.toHaveBeenCalled();
    await nextTask();
    const [, history] = await first;
    expect(typeof history.watchHistory).toBe('function');
    expect(getDb).toHaveBeenCalledTimes(1);

    void repository('history');
    expect(getDb).toHaveBeenCalledTimes(2);
  });

  it('waits a task again after a load that failed', async () => {
    getDb.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(repository('profiles')).rejects.toThrow('chunk failed');
    void repository('profiles').catch(() => undefined);
    expect(getDb).toHaveBeenCalledTimes(1);
    await nextTask();
    expect(getDb).toHaveBeenCalledTimes(2);
  });
});
