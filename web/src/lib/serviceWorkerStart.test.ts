import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether a feature has asked for the worker: each case loads a fresh copy.
const load = async () => {
  vi.resetModules();
  return import('./serviceWorkerStart');
};

/** Whether the promise has resolved once the timers up to `ms` have run. */
async function resolvedBy(promise: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('whenServiceWorkerDue', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    readyState = 'complete';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each([
    { case: 'a loaded page, before it has settled', loaded: true, after: 3_900, due: false },
    { case: 'a loaded page, settled and idle', loaded: true, after: 6_100, due: true },
    { case: 'a page still loading', loaded: false, after: 14_900, due: false },
    { case: 'a page whose load event never comes, past the longest wait', loaded: false, after: 17_100, due: true },
  ])('$case: due $due', async ({ loaded, after, due }) => {
    readyState = loaded ? 'complete' : 'loading';
    const { whenServiceWorkerDue } = await load();
    expect(await resolvedBy(whenServiceWorkerDue(), after)).toBe(due);
  });

  it('waits for an idle moment where the browser has one, at most 2 s', async () => {
    const idle = vi.fn((callback: IdleRequestCallback, options?: IdleRequestOptions) =>
      window.setTimeout(() => callback({} as IdleDeadline), options?.timeout ?? 0),
    );
    vi.stubGlobal('requestIdleCallback', idle);
    const { whenServiceWorkerDue, SERVICE_WORKER_SETTLE_MS } = await load();
    const due = whenServiceWorkerDue();
    expect(await resolvedBy(due, SERVICE_WORKER_SETTLE_MS + 1_900)).toBe(false);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
    expect(await resolvedBy(due, 200)).toBe(true);
  });

  it('counts the settling time from the load event', async () => {
    readyState = 'loading';
    const { whenServiceWorkerDue, SERVICE_WORKER_SETTLE_MS } = await load();
    const due = whenServiceWorkerDue();
    expect(await resolvedBy(due, 5_000)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(await resolvedBy(due, SERVICE_WORKER_SETTLE_MS - 100)).toBe(false);
    expect(await resolvedBy(due, 2_200)).toBe(true);
  });

  it('is due at once when a feature needs the worker, before or after the wait began', async () => {
    readyState = 'loading';
    const first = await load();
    const waiting = first.whenServiceWorkerDue();
    first.needServiceWorker();
    expect(await resolvedBy(waiting, 0)).toBe(true);

    const second = await load();
    second.needServiceWorker();
    expect(await resolvedBy(second.whenServiceWorkerDue(), 0)).toBe(true);
  });
});
