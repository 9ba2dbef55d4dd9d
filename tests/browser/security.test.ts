// The app as Firebase Hosting serves it: every path carries firebase.json's security headers (the
// preview server sends them too, with the emulators' origins), and the whole signed-in app runs
// under its Content-Security-Policy without a single violation.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/stack.mjs';
import { previewHeaders } from '../../web/securityHeaders';
import {
  PHONE,
  WEB_URL,
  WITH_SERVICE_WORKER,
  controlledPage,
  launchBrowser,
  newPage,
  signInThroughForm,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const expected = previewHeaders(root, 'emulator');

describe('security headers', () => {
  it.each(['/', '/login', '/dashboard', '/sw.js', '/manifest.webmanifest', '/icons/favicon-32.png'])(
    'are sent with %s',
    async (path) => {
      const res = await fetch(`${WEB_URL}${path}`);
      for (const [key, value] of Object.entries(expected)) expect(res.headers.get(key), key).toBe(value);
    },
  );
});

/** Every CSP violation the page's documents report, and the console's CSP errors. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}

const askOf = (page: Page, pair: string) =>
  page.locator('.pair-card', { hasText: pair }).locator('.pair-ask').textContent();

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('under the Content-Security-Policy', () => {
  const viewport = PHONE;
  it('signs in, shows live prices and the alert lists, and opens every tab with no violation', async () => {
    const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    const violations = await watchViolations(page);
    await context.grantPermissions(['notifications'], { origin: WEB_URL });
    await controlledPage(context, page, '/login');
    const document = await page.goto(`${WEB_URL}/login`);
    expect(document?.headers()['content-security-policy']).toBe(expected['Content-Security-Policy']);
    await signInThroughForm(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    // Live prices over the relay socket, the lists from Firestore, push through the functions.
    await expect.poll(() => askOf(page, 'EUR/USD')).toMatch(/^[\d,]+\.\d+$/);
    await expect.poll(() => page.getByRole('tab', { name: 'ACTIVE' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('price-alerts:push-token') ?? ''))
      .toMatch(/^local:/);
    for (const path of ['/create_alert', '/account', '/notifications', '/profile', '/dashboard']) {
      // Firestore's long poll keeps the network busy: wait for the screen instead.
      await page.goto(`${WEB_URL}${path}`);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('load');
    }
    // Offline, Firestore's transport tests the network by loading Google's cleardot.gif
    // (firebase-js-sdk#6777), which the policy must allow rather than report.
    const networkTest = page.waitForRequest(/cleardot\.gif/, { timeout: 30_000 });
    await context.setOffline(true);
    await page.getByText('You are offline', { exact: false }).first().waitFor();
    await networkTest;
    await context.setOffline(false);
    await expect.poll(() => page.getByText('You are offline', { exact: false }).count()).toBe(0);
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
