/**
 * When the service worker is registered. Its first install precaches every page, chunk and icon
 * (about 130 requests, and Chromium compiles each script it stores): measured on a cold load of the
 * login page, 0.9 s of a core between 1.2 and 4 s, beside the app's own start-up. So a first visit
 * registers it once the page has loaded and then been left alone for a few seconds; a feature that
 * needs the worker sooner (push) asks for it, and gets it at once. A returning visit's registration
 * only checks for a new version, so its waiting costs nothing but a later update prompt.
 */
export const SERVICE_WORKER_SETTLE_MS = 4000;
const IDLE_TIMEOUT_MS = 2000;

let wanted: (() => void) | undefined;
const wantedNow = new Promise<void>((resolve) => {
  wanted = resolve;
});

/** Registers the worker now, whether or not the page has settled (push needs it). */
export function needServiceWorker(): void {
  wanted?.();
}

/** Resolves once the page has loaded and settled, or as soon as a feature needs the worker. */
export function whenServiceWorkerDue(): Promise<void> {
  const settled = new Promise<void>((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
        : resolve();
    const settle = () => window.setTimeout(idle, SERVICE_WORKER_SETTLE_MS);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  });
  return Promise.race([settled, wantedNow]);
}
