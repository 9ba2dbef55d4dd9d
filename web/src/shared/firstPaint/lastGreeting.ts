/**
 * What the dashboard last showed on this device, so that a signed-in reload paints it as it was
 * rather than filling in and pushing things about:
 * - the greeting (the name and avatar, and which of 'My Todos' were done): in the HTML's first
 *   paint (web/src/shared/firstPaint/build/lastGreetingScript.ts reads the same key), and in the app until the profile arrives;
 * - each alert list's height, which its skeleton rows keep until the list arrives;
 * - the push hint the alert form last showed, whose place is held while push is being checked.
 * It is whoever was signed in last on this device, and it goes when they sign out or their session
 * ends, as soon as auth reports no one signed in (app/useAuthListener.ts).
 *
 * Only the keys and the forgetting here, in every page's code; the reading and writing, with their
 * schemas, are in modules that only the dashboard's and form's chunks import (lastGreetingSchema.ts,
 * shared/firstPaint/lastListHeights.ts, shared/firstPaint/lastPushHint.ts).
 */
export const LAST_GREETING_KEY = 'price-alerts:last-greeting';
export const LAST_LIST_HEIGHTS_KEY = 'price-alerts:last-list-heights';
export const LAST_PUSH_HINT_KEY = 'price-alerts:last-push-hint';

export function forgetLastDashboard(): void {
  try {
    localStorage.removeItem(LAST_GREETING_KEY);
    localStorage.removeItem(LAST_LIST_HEIGHTS_KEY);
    localStorage.removeItem(LAST_PUSH_HINT_KEY);
  } catch {
    // Storage refused: then nothing was remembered either.
  }
}
