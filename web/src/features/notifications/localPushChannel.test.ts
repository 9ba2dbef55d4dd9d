import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway and the push tokens repository; the service worker is a typed fake below.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/pushTokens', () => import('../../test/fakePushTokens'));
const { watchLocalPushes } = await import('../../test/fakePushTokens');
const { LOCAL_PUSH_TIMING, listenForLocalPushes, showInServiceWorker } = await import('./localPushChannel');

type Answer = 'shown' | 'failed' | 'silent';
const received: unknown[] = [];
let answers: Answer[] = [];
let active = true;

/** A service worker that answers each LOCAL_PUSH as the test says, on the port it was given. */
function fakeServiceWorker() {
  const worker = {
    postMessage: (message: { type: string; payload: unknown }, ports: MessagePort[]) => {
      received.push(message.payload);
      const answer = answers.shift() ?? 'shown';
      if (answer !== 'silent') ports[0]?.postMessage(answer);
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      get ready() {
        return Promise.resolve({ active: active ? worker : null });
      },
    },
  });
}

const listener = () => {
  const call = watchLocalPushes.mock.calls.at(-1);
  if (!call) throw new Error('Not listening');
  const [, uid, deliver, onError] = call;
  return { uid, deliver, onError };
};

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  received.length = 0;
  answers = [];
  active = true;
  fakeServiceWorker();
});
afterEach(() => vi.useRealTimers());

describe('handing a local push to the service worker', () => {
  it('is delivered once the worker says it showed it', async () => {
    await expect(showInServiceWorker({ n: 1 })).resolves.toBe(true);
    expect(received).toEqual([{ n: 1 }]);
  });

  it('is not delivered when the worker fails, does not answer in time, or none is active', async () => {
    answers = ['failed', 'silent'];
    await expect(showInServiceWorker({ n: 1 })).resolves.toBe(false);
    const silent = showInServiceWorker({ n: 2 });
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.shownWaitMs);
    await expect(silent).resolves.toBe(false);
    active = false;
    await expect(showInServiceWorker({ n: 3 })).resolves.toBe(false);
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe('listening on the local channel', () => {
  it('asks again until the worker shows it, and only then counts it delivered', async () => {
    const stop = listenForLocalPushes('u1');
    await settle();
    expect(listener().uid).toBe('u1');
    answers = ['failed', 'failed'];
    const delivered = listener().deliver({ n: 1 });
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.retryMs * 2);
    await expect(delivered).resolves.toBe(true);
    expect(received).toHaveLength(3);
    stop();
  });

  it('leaves a push it could not have shown for the next listener', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = listenForLocalPushes('u1');
    await settle();
    answers = Array<Answer>(LOCAL_PUSH_TIMING.attempts).fill('failed');
    const delivered = listener().deliver({ n: 1 });
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.retryMs * LOCAL_PUSH_TIMING.attempts);
    await expect(delivered).resolves.toBe(false);
    expect(received).toHaveLength(LOCAL_PUSH_TIMING.attempts);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Local push not shown'), { n: 1 });
    stop();
  });

  it('listens again after its query fails, until stopped', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = listenForLocalPushes('u1');
    await settle();
    listener().onError(new Error('permission-denied'));
    expect(error).toHaveBeenCalledWith('Local push channel failed', new Error('permission-denied'));
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.relistenMs);
    expect(watchLocalPushes).toHaveBeenCalledTimes(2);
    listener().onError(new Error('unavailable'));
    stop();
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.relistenMs * 2);
    expect(watchLocalPushes).toHaveBeenCalledTimes(2);
  });
});
