import { repository } from '../../lib/repositories/load';

/** How long the service worker has to say it showed a push, how often it is asked, and when a failed listener starts again. */
export const LOCAL_PUSH_TIMING = { shownWaitMs: 5_000, retryMs: 1_000, attempts: 5, relistenMs: 2_000 };

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Hands a push to the service worker and resolves true once it answers that the notification is
 * shown; false when no worker is active, it answers otherwise, or it does not answer in time.
 */
export async function showInServiceWorker(payload: unknown, waitMs = LOCAL_PUSH_TIMING.shownWaitMs): Promise<boolean> {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return false;
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, waitMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data === 'shown');
    };
    worker.postMessage({ type: 'LOCAL_PUSH', payload }, [channel.port2]);
  });
}

/**
 * Emulators only: shows each message the sender writes for this device (users/{uid}/localPush). A
 * message is consumed only once the service worker has shown it, and is asked for again a few
 * times before it is left for the next listener; a listener that fails starts again, so one error
 * (a brief permission or network failure) does not silence every later push.
 */
export function listenForLocalPushes(uid: string): () => void {
  let live = true;
  let stop: (() => void) | undefined;
  let again: ReturnType<typeof setTimeout> | undefined;
  const deliver = async (payload: unknown): Promise<boolean> => {
    for (let attempt = 1; live && attempt <= LOCAL_PUSH_TIMING.attempts; attempt += 1) {
      if (await showInServiceWorker(payload)) return true;
      await pause(LOCAL_PUSH_TIMING.retryMs);
    }
    if (live) console.error('Local push not shown by the service worker; left for the next listener', payload);
    return false;
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
    if (live) again = setTimeout(listen, LOCAL_PUSH_TIMING.relistenMs);
  }
  listen();
  return () => {
    live = false;
    clearTimeout(again);
    stop?.();
  };
}
