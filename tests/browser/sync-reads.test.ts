// Notification.permission is a synchronous round trip from the page's main thread to
// Chromium's browser process. On a busy machine each read held a signed-in load's main thread for
// several ms (as CPU profiles showed), so push registration reads it once
// (features/notifications/registerPush.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, PHONE, WEB_URL, launchBrowser, newPage, signIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a signed-in load of the dashboard', () => {
  it('reads the notification permission once', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await page.addInitScript(() => {
      const reads = { permission: 0 };
      Object.assign(window, { syncReads: reads });
      const permission = Object.getOwnPropertyDescriptor(Notification, 'permission');
      Object.defineProperty(Notification, 'permission', {
        ...permission,
        get() {
          reads.permission += 1;
          return permission?.get?.call(this) as NotificationPermission;
        },
      });
    });
    await page.reload();
    // The app has loaded and read its lists, and push registration (which reads the permission) has run.
    await page.locator('[role="tabpanel"][aria-busy="false"] .alert-row').first().waitFor();
    const readsNow = () => page.evaluate(() => (window as unknown as { syncReads: { permission: number } }).syncReads);
    await expect.poll(async () => (await readsNow()).permission, { timeout: 15_000 }).toBeGreaterThan(0);
    // Any later read: the profile (its name in the greeting) and the settings with it, then two price
    // ticks, each redrawing a card.
    await page.getByRole('heading', { level: 1, name: DEMO.name }).waitFor();
    const ask = page.locator('.pair-card .pair-ask').first();
    await ask.filter({ hasNotText: 'Loading...' }).waitFor();
    for (let tick = 0; tick < 2; tick++) {
      const shown = await ask.textContent();
      await expect.poll(() => ask.textContent()).not.toBe(shown);
    }
    const reads = await readsNow();
    expect(reads.permission).toBe(1);
    await context.close();
  });
});
