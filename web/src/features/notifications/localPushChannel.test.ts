import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Boundaries: the gateway and the push tokens repository; the service worker is a typed fake below.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/pushTokens', () => import('../../test/fakePushTokens'));
const { watchLocalPushes } = await import('../../test/fakePushTokens');
const { LOCAL_PUSH_TIMING, listenForLocalPushes, showInServiceWorker } = await import('./localPushChannel');

type Answer = 'shown' | 'ignored' | 'failed' | 'silent' | 'throws';
const received: { id: string; payload: unknown }[] = [];
let answers: Answer[] = [];
let active = true;

/** A service worker that answers each SHOW_LOCAL_PUSH as the test says, on the port it was given. */
function fakeServiceWorker() {
  const worker = {
    postMessage: (message: { type: string; id: string; payload: unknown }, ports: MessagePort[]) => {
      const answer = answers.shift() ?? 'shown';
      if (answer === 'throws') throw new DOMException('could not be cloned', 'DataCloneError');
      received.push({ id: message.id, payload: message.payload });
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

// 1 ms, not 0: a repository's first load waits for a task of its own (lib/afterThisTask.ts), and the
// fake clock puts a 0 ms timer set while it is firing another one at 1 ms.
const settle = () => vi.advanceTimersByTimeAsync(1);

/** Starts listening as u1 and lets the repository load; returns the stop. */
async function listening() {
  const stop = listenForLocalPushes('u1');
  await settle();
  return stop;
}
// A round of tries the worker fails at once: the pauses between them.
const oneRound = LOCAL_PUSH_TIMING.retryMs * (LOCAL_PUSH_TIMING.tries - 1);
const pauses = Array.from({ length: LOCAL_PUSH_TIMING.rounds - 1 }, (_, i) => LOCAL_PUSH_TIMING.roundPauseMs * 2 ** i);
const allTries = oneRound * LOCAL_PUSH_TIMING.rounds + pauses.reduce((a, b) => a + b, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  received.length = 0;
  answers = [];
  active = true;
  fakeServiceWorker();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('handing a local push to the service worker', () => {
  it('is done once the worker says it showed it, or that it is not a notification', async () => {
    answers = ['shown', 'ignored'];
    await expect(showInServiceWorker('m1', { n: 1 })).resolves.toBe(true);
    await expect(showInServiceWorker('m2', 'junk')).resolves.toBe(true);
    expect(received).toEqual([
      { id: 'm1', payload: { n: 1 } },
      { id: 'm2', payload: 'junk' },
    ]);
  });

  it('is not done when the worker fails, does not answer in time, cannot be handed it, or none is active', async () => {
    answers = ['failed', 'silent', 'throws'];
    await expect(showInServiceWorker('m1', 1)).resolves.toBe(false);
    const silent = showInServiceWorker('m2', 2);
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.answerWaitMs);
    await expect(silent).resolves.toBe(false);
    await expect(showInServiceWorker('m3', 3)).resolves.toBe(false);
    active = false;
    await expect(showInServiceWorker('m4', 4)).resolves.toBe(false);
    expect(received.map((r) => r.id)).toEqual(['m1', 'm2']);
  });
});

describe('listening on the local channel', () => {
  it('asks again until the worker shows it, and only then counts it delivered', async () => {
    const stop = await listening();
    expect(listener().uid).toBe('u1');
    answers = ['failed', 'failed'];
    const delivered = listener().deliver('m1', { n: 1 });
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.retryMs * 2);
    await expect(delivered).resolves.toBe(true);
    expect(received).toHaveLength(3);
    stop();
  });

  it('gives a busy worker further rounds of tries, further apart, while other messages are shown', async () => {
    const stop = await listening();
    answers = Array<Answer>(LOCAL_PUSH_TIMING.tries).fill('failed');
    const first = listener().deliver('m1', 1);
    await vi.advanceTimersByTimeAsync(oneRound);
    expect(received).toHaveLength(LOCAL_PUSH_TIMING.tries);
    // Between rounds the listener goes on: another message is shown at once.
    await expect(listener().deliver('m2', 2)).resolves.toBe(true);
    expect(received).toHaveLength(LOCAL_PUSH_TIMING.tries + 1);
    // The next round starts after the pause, not before.
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.roundPauseMs - 100);
    expect(received).toHaveLength(LOCAL_PUSH_TIMING.tries + 1);
    await vi.advanceTimersByTimeAsync(100);
    await expect(first).resolves.toBe(true);
    expect(received.map((r) => r.id).slice(-2)).toEqual(['m2', 'm1']);
    stop();
  });

  it('leaves a push it could not have shown for the next listener, after its last round', async () => {
    const stop = await listening();
    const everyTry = LOCAL_PUSH_TIMING.tries * LOCAL_PUSH_TIMING.rounds;
    answers = Array<Answer>(everyTry).fill('failed');
    const delivered = listener().deliver('m1', { n: 1 });
    await vi.advanceTimersByTimeAsync(allTries);
    await expect(delivered).resolves.toBe(false);
    expect(received).toHaveLength(everyTry);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('Local push not shown'), 'm1');
    stop();
  });

  it('never tries one message twice at once (a listener started again sees it as new)', async () => {
    const stop = await listening();
    answers = ['silent'];
    const first = listener().deliver('m1', 1);
    await expect(listener().deliver('m1', 1)).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.answerWaitMs + LOCAL_PUSH_TIMING.retryMs);
    await expect(first).resolves.toBe(true);
    expect(received.map((r) => r.id)).toEqual(['m1', 'm1']);
    stop();
  });

  it('stops trying once stopped, without calling the push lost', async () => {
    const stop = await listening();
    answers = ['failed'];
    const delivered = listener().deliver('m1', 1);
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(allTries);
    await expect(delivered).resolves.toBe(false);
    expect(received).toHaveLength(1);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('listens again after its query fails, waiting longer each time, until stopped', async () => {
    const stop = await listening();
    listener().onError(new Error('permission-denied'));
    expect(console.error).toHaveBeenCalledWith('Local push channel failed', new Error('permission-denied'));
    // A settle after each wait, so that a listen the wait started has loaded its repository.
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.relistenMs);
    await settle();
    expect(watchLocalPushes).toHaveBeenCalledTimes(2);
    listener().onError(new Error('unavailable'));
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.relistenMs);
    await settle();
    expect(watchLocalPushes).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.relistenMs);
    await settle();
    expect(watchLocalPushes).toHaveBeenCalledTimes(3);
    listener().onError(new Error('unavailable'));
    stop();
    await vi.advanceTimersByTimeAsync(LOCAL_PUSH_TIMING.relistenCapMs);
    expect(watchLocalPushes).toHaveBeenCalledTimes(3);
  });
});
