// The shared guard every action button and form submit goes through: one run at a time.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isRepeatTap, useExclusive, useSubmit } from './useSubmit';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useExclusive', () => {
  it('ignores a run while one is under way, in the same tick, and runs again once it is over', async () => {
    const { result } = renderHook(() => useExclusive());
    const first = deferred();
    const action = vi.fn(() => first.promise);
    let runs: Promise<unknown>[] = [];
    act(() => {
      runs = [result.current.run(action), result.current.run(action)];
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      first.resolve();
      await Promise.all(runs);
    });
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run(async () => action()));
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('ignores the second click of a double tap, even after the first run is over', async () => {
    const { result } = renderHook(() => useExclusive());
    const action = vi.fn(async () => 'done');
    await act(async () => {
      expect(await result.current.run(action, { detail: 1 })).toBe('done');
      expect(await result.current.run(action, { detail: 2 })).toBeUndefined();
    });
    expect(action).toHaveBeenCalledOnce();
  });

  it('counts keyboard activation (detail 0) and a first click as taps of their own', () => {
    expect([0, 1, 2, 3].map((detail) => isRepeatTap({ detail }))).toEqual([false, false, true, true]);
    expect(isRepeatTap()).toBe(false);
  });

  it('is free again after a failure', async () => {
    const { result } = renderHook(() => useExclusive());
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    });
    const action = vi.fn(async () => undefined);
    await act(() => result.current.run(action));
    expect(action).toHaveBeenCalledOnce();
  });
});

describe('useSubmit', () => {
  it('submits once for two submits in a row', async () => {
    const failure = () => null;
    const { result } = renderHook(() => useSubmit({ failure }));
    const first = deferred();
    const action = vi.fn(() => first.promise);
    let runs: Promise<void>[] = [];
    act(() => {
      runs = [result.current.run(action), result.current.run(action)];
    });
    await act(async () => {
      first.resolve();
      await Promise.all(runs);
    });
    expect(action).toHaveBeenCalledOnce();
    expect(result.current.busy).toBe(false);
  });
});
