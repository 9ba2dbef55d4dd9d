/**
 * The dashboard's greeting as the device last showed it (the name and avatar), so that a signed-in
 * reload paints the name at once: in the HTML's first paint (web/lastGreetingScript.ts reads the same
 * key), and in the app until the profile arrives. It is whoever was signed in last on this
 * device, and it goes when they sign out or their session ends (useSessionEffects).
 *
 * Only the key and the forgetting here, in every page's code; the rest is in lastGreetingSchema.ts,
 * in the dashboard's.
 */
export const LAST_GREETING_KEY = 'price-alerts:last-greeting';

export function forgetGreeting(): void {
  try {
    localStorage.removeItem(LAST_GREETING_KEY);
  } catch {
    // Storage refused: then nothing was remembered either.
  }
}
