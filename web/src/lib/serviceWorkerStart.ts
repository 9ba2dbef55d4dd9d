/**
 * When the service worker is registered. Its first install precaches every page, chunk and icon
 * (about 130 requests, and Chromium compiles each script it stores): measured on a cold load of the
 * login page, 0.9 s of a core between 1.2 and 4 s, beside the app's own start-up. So the app's
 * registration (features/pwa/UpdatePrompt) waits until 4 s after the load event and an idle moment,
 * or at most 15 s from when it began waiting if the load event never comes; push, which needs the
 * worker, asks for it and skips the wait (not the install). On a returning visit registering only
 * checks for a new version, so the wait costs nothing there but a later update prompt.
 */
export const SERVICE_WORKER_SETTLE_MS = 4000;
export const SERVICE_WORKER_MAX_WAIT_MS = 15_000;
const IDLE_TIMEOUT_MS = 2000;

let wanted: (() => void) | undefined;
const wantedNow = new Promise<void>((resolve) => {
  wanted = resolve;
});

/** Ends the wait now: a feature needs the worker (push). The registration itself is UpdatePrompt's. */
export function needServiceWorker(): void {
  wanted?.();
}

/** Resolves once the page has loaded and settled, or as soon as a feature needs the worker. */
export function whenServiceWorkerDue(): Promise<void> {
  const settled = new Promise<void>((resolve) => {
    let started = false;
    const idle = () => {
      if (started) return;
      started = true;
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else resolve();
    };
    const settle = () => window.setTimeout(idle, SERVICE_WORKER_SETTLE_MS);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
    window.setTimeout(idle, SERVICE_WORKER_MAX_WAIT_MS);
  });
  return Promise.race([settled, wantedNow]);
}
