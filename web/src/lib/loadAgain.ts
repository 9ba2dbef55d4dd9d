/** How long a failed chunk waits before it is asked for once more. */
export const LOAD_AGAIN_AFTER_MS = 1_000;

/**
 * Runs `load`, and once more a moment after it fails. A page being left has its pending loads cut
 * (Firefox does so as soon as the next page is asked for) and runs no timer after it is gone, so a
 * load cut that way ends quietly instead of as an error. Where the engine fetches a failed module
 * again (not every engine does yet: some keep its error for the page's life), a load that failed for
 * a moment of poor network gets a second chance. A page frozen for back and forward tries again
 * when it is shown.
 */
export function loadAgainOnce<T>(load: () => Promise<T>, waitMs = LOAD_AGAIN_AFTER_MS): Promise<T> {
  return load().catch(() => new Promise<void>((done) => setTimeout(done, waitMs)).then(load));
}
