// The local stack's minute timer for scheduled functions, with a fake fetch and vitest's fake clock:
// one request at a time, once a minute, quiet while it works, and stopped at once on shutdown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledFunctionUrl, startLocalScheduler } from '../../scripts/lib/local-scheduler.mjs';

const URL = 'http://127.0.0.1:5001/demo-price-alerts/us-central1/expireAlerts-0';
const MINUTE = 60_000;

interface Call {
  at: number;
  init: RequestInit;
  answer(status?: number): void;
  fail(error: Error): void;
}

/** A fetch whose every request waits until the test answers it, so the test decides how long each takes. */
function fakeFetch() {
  const calls: Call[] = [];
  const fetch = vi.fn(
    (_url: string | URL | Request, init: RequestInit = {}) =>
      new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        calls.push({
          at: Date.now(),
          init,
          answer: (status = 200) => resolve(new Response('{}', { status })),
          fail: reject,
        });
      }),
  );
  return { fetch, calls };
}

let fake: ReturnType<typeof fakeFetch>;
let log: ReturnType<typeof vi.fn<(message: string) => void>>;
const stops: (() => Promise<void>)[] = [];
const start = () => {
  const scheduler = startLocalScheduler({ name: 'expireAlerts', url: URL, fetch: fake.fetch, log });
  stops.push(() => scheduler.stop());
  return scheduler;
};
/** Answers the request in flight and lets the scheduler see it. */
const answer = async (status?: number) => {
  fake.calls.at(-1)?.answer(status);
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  fake = fakeFetch();
  log = vi.fn<(message: string) => void>();
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  vi.useRealTimers();
});

describe('local scheduler', () => {
  it('names the emulator endpoint of a scheduled function', () => {
    expect(scheduledFunctionUrl({ host: '127.0.0.1:5001', project: 'demo-price-alerts', name: 'expireAlerts' })).toBe(
      URL,
    );
  });

  it('posts at once, then once a minute, and logs nothing while the runs succeed', async () => {
    start();
    expect(fake.fetch).toHaveBeenCalledWith(URL, expect.objectContaining({ method: 'POST' }));
    await vi.advanceTimersByTimeAsync(1_000);
    await answer();
    await vi.advanceTimersByTimeAsync(MINUTE - 1_001);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls).toHaveLength(2);
    await answer();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(fake.calls.map((c) => c.at - 1_000_000)).toEqual([0, MINUTE, 2 * MINUTE]);
    expect(log).not.toHaveBeenCalled();
  });

  it('never sends a request while one is in flight, and sends the next as soon as a slow one ends', async () => {
    start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(fake.calls).toHaveLength(1);
    await answer();
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]?.at).toBe(1_000_000 + 5 * MINUTE - 1);
  });

  it('says once that runs fail, and once that they work again', async () => {
    start();
    fake.calls.at(-1)?.fail(new Error('connect ECONNREFUSED'));
    await vi.advanceTimersByTimeAsync(MINUTE);
    await answer(500);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain('could not run it (connect ECONNREFUSED)');
    await answer(200);
    await vi.advanceTimersByTimeAsync(MINUTE);
    await answer(200);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1]?.[0]).toBe('expireAlerts: the local scheduler runs it again.');
  });

  it('runs several functions in turn each minute, never two at once', async () => {
    const SEND = URL.replace('expireAlerts', 'sendDueDeliveries');
    const scheduler = startLocalScheduler({ name: 'minute checks', url: [URL, SEND], fetch: fake.fetch, log });
    stops.push(() => scheduler.stop());
    expect(fake.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fake.fetch).toHaveBeenCalledTimes(1);
    await answer();
    expect(fake.fetch).toHaveBeenLastCalledWith(SEND, expect.objectContaining({ method: 'POST' }));
    await answer();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(fake.fetch.mock.calls.map(([url]) => url)).toEqual([URL, SEND, URL]);
  });

  it('stops at once: the request in flight is aborted and no other is sent', async () => {
    const scheduler = start();
    const signal = fake.calls[0]?.init.signal;
    await scheduler.stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(fake.calls).toHaveLength(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('sends nothing more when stopped between two runs', async () => {
    const scheduler = start();
    await answer();
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(fake.calls).toHaveLength(1);
  });
});
