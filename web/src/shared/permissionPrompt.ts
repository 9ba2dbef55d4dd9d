/**
 * Whether this browser asks for notification permission only in answer to a tap. Chromium asks on
 * its own (the app asks on sign-in there); Firefox refuses a request made outside a user gesture,
 * and so do Safari and home-screen apps on iOS (every browser on iOS is WebKit, whose user agents
 * carry no 'Chrome/'; headless Chromium's says 'HeadlessChrome/'), so there the app offers a switch
 * to tap instead.
 */
export function asksOnlyOnTap(userAgent: string = navigator.userAgent): boolean {
  return !/(?:Chrome|Chromium)\/\d/.test(userAgent);
}
