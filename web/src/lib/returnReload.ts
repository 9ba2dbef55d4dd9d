/**
 * The load that a return from the back/forward cache sets off (lib/firebase.ts), marked in this tab's
 * sessionStorage just before it with the page it reloads: the screen loaded by it may put back what it
 * held when the page was left, as the page the person went back to had it.
 */
const KEY = 'price-alerts:return-reload';

/** This page load's own id: what a page keeps as it is left names it, and so does the mark of a return to it. */
export const PAGE_ID = Math.random().toString(36).slice(2);
/** The reload follows the mark at once; an older mark is from a load that never came. */
const MARK_MS = 30_000;

export function markReturnReload(): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ page: PAGE_ID, path: window.location.pathname, at: Date.now() }));
  } catch {
    // Storage refused: the reloaded page starts as any load does.
  }
}

/**
 * The id of the page whose return to `path` loaded this one (within moments), or null; the mark is
 * taken, so it is answered once.
 */
export function takeReturnReload(path: string): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (raw === null) return null;
    const mark: unknown = JSON.parse(raw);
    if (typeof mark !== 'object' || mark === null) return null;
    const { page, path: marked, at } = mark as { page?: unknown; path?: unknown; at?: unknown };
    const fresh = typeof at === 'number' && Date.now() - at >= 0 && Date.now() - at < MARK_MS;
    return marked === path && fresh && typeof page === 'string' ? page : null;
  } catch {
    return null;
  }
}
