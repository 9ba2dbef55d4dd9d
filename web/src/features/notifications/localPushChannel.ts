import { repository } from '../../lib/repositories/load';
import { needServiceWorker } from '../../lib/serviceWorkerStart';

/**
 * How long the service worker has to answer, how many tries a push gets and how far apart, how many
 * rounds of those tries and the pause before each further round (doubling), and how long a failed
 * listener waits before it listens again (doubling up to the cap while it keeps failing).
 */
export const LOCAL_PUSH_TIMING = {
  answerWaitMs: 5_000,
  retryMs: 1_000,
  tries: 5,
  rounds: 3,
  roundPauseMs: 5_000,
  relistenMs: 2_000,
  relistenCapMs: 60_000,
};

/** The worker's answer: shown, or not a notification at all (logged there); either way it is done with. */
const DONE = new Set(['shown', 'ignored']);

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Hands a push to the service worker and resolves true once it answers that it is done with it;
 * false when no worker is active, the hand-over fails, it answers 'failed', or it does not answer in
 * time. A worker from before this protocol does not know the message type and never answers.
 */
export async function showInServiceWorker(
  id: string,
  payload: unknown,
  waitMs = LOCAL_PUSH_TIMING.answerWaitMs,
): Promise<boolean> {
  needServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return false;
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const answered = (done: boolean) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(done);
    };
    const timer = setTimeout(() => answered(false), waitMs);
    channel.port1.onmessage = (event: MessageEvent) => answered(DONE.has(String(event.data)));
    try {
      worker.postMessage({ type: 'SHOW_LOCAL_PUSH', id, payload }, [channel.port2]);
    } catch (error) {
      console.error('Could not hand a local push to the service worker', error);
      answered(false);
    }
  });
}

/**
 * Emulators only: shows each message the sender writes for this device (users/{uid}/localPush). A
 * message is consumed only once the service worker is done with it, and never tried twice at once
 * (a listener that starts again sees the messages still there as new). A worker busy for a while
 * gets a few rounds of tries, further apart each time, while the listener goes on serving other
 * messages; after the last the message is left for the next listener. A listener that fails starts
 * again, so one error (a brief permission or network failure) does not silence every later push.
 */
export function listenForLocalPushes(uid: string): () => void {
  let live = true;
  let stop: (() => void) | undefined;
  let again: ReturnType<typeof setTimeout> | undefined;
  let relistenMs = LOCAL_PUSH_TIMING.relistenMs;
  const inFlight = new Set<string>();
  const deliver = async (id: string, payload: unknown): Promise<boolean> => {
    if (inFlight.has(id)) return false;
    inFlight.add(id);
    try {
      for (let round = 1; live && round <= LOCAL_PUSH_TIMING.rounds; round += 1) {
        if (round > 1) await pause(LOCAL_PUSH_TIMING.roundPauseMs * 2 ** (round - 2));
        for (let tried = 1; live && tried <= LOCAL_PUSH_TIMING.tries; tried += 1) {
          if (await showInServiceWorker(id, payload)) return true;
          if (tried < LOCAL_PUSH_TIMING.tries) await pause(LOCAL_PUSH_TIMING.retryMs);
        }
      }
      if (live) console.error('Local push not shown by the service worker; left for the next listener', id);
      return false;
    } finally {
      inFlight.delete(id);
    }
  };
  const listen = () => {
    repository('pushTokens')
      .then(([db, tokens]) => {
        if (!live) return;
        stop = tokens.watchLocalPushes(db, uid, deliver, failed);
      })
      .catch(failed);
  };
  function failed(error: unknown) {
    console.error('Local push channel failed', error);
    stop?.();
    stop = undefined;
    if (!live) return;
    again = setTimeout(listen, relistenMs);
    relistenMs = Math.min(relistenMs * 2, LOCAL_PUSH_TIMING.relistenCapMs);
  }
  listen();
  return () => {
    live = false;
    clearTimeout(again);
    stop?.();
  };
}
