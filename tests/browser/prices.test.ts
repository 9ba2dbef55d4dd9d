// Live prices on the dashboard through the whole chain: simulator -> ingest -> relay -> app.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, WEB_URL, axeViolations, launchBrowser, newPage, screenshot, signIn, simulator } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const askOf = (page: Page, pair: string) =>
  page.locator('.pair-card', { hasText: pair }).locator('.pair-ask').textContent();

describe.each(VIEWPORTS)('top currency pairs at $width x $height', (viewport) => {
  it('shows live asks, follows a forced price, says Offline without a network and comes back', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { name: 'Top Currency Pairs' }).isVisible()).toBe(true);
    for (const pair of ['EUR/USD', 'GBP/USD', 'AUD/USD', 'BTC/USD']) {
      await expect.poll(() => askOf(page, pair)).toMatch(/^[\d,]+\.\d+$/);
    }
    // Random ticks would move a forced price on within 250 ms; hold them while checking.
    await simulator('silence', { silent: true });
    try {
      await simulator('price', { pair: 'EUR/USD', ask: 1.08456 });
      await expect.poll(() => askOf(page, 'EUR/USD')).toBe('1.08456');
      await simulator('price', { pair: 'BTC/USD', ask: 95123.5 });
      await expect.poll(() => askOf(page, 'BTC/USD')).toBe('95,123.50');
      await screenshot(page, 'dashboard-prices');
    } finally {
      await simulator('silence', { silent: false });
    }
    expect(await axeViolations(page)).toEqual([]);

    // A lost network drops the app's socket abnormally.
    await context.setOffline(true);
    await expect.poll(() => askOf(page, 'EUR/USD')).toBe('Offline');
    await screenshot(page, 'dashboard-offline');
    await context.setOffline(false);
    await expect.poll(() => askOf(page, 'EUR/USD'), { timeout: 20_000 }).toMatch(/^[\d,]+\.\d+$/);

    await page.getByRole('button', { name: 'Refresh EUR/USD' }).click();
    await expect.poll(() => askOf(page, 'EUR/USD')).toMatch(/^[\d,]+\.\d+$/);
    await context.close();
  });
});
