// Landscape: a phone turned sideways still gets the whole app, fitting its width; a tablet turned
// sideways is 1180 px wide, past the spec's 1024 px line, so it gets the spec's message instead.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_URL, checkScreen, launchBrowser, newPage, screenshot, signIn } from './harness';

const PHONE_LANDSCAPE = { width: 844, height: 390 } as const;
const TABLET_LANDSCAPE = { width: 1180, height: 820 } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Nothing wider than the screen: no sideways scrolling. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('landscape', () => {
  it('a phone sideways: dashboard, details sheet and create screen fit and keep the navigation', async () => {
    const { context, page } = await newPage(browser, PHONE_LANDSCAPE);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => page.locator('.alert-row').count()).toBeGreaterThan(0);
    expect(await overflow(page)).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await checkScreen(page, 'landscape-dashboard');

    await page.locator('.alert-row').first().click();
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    // The sheet scrolls within the short screen: its last button can be reached.
    const cancel = sheet.getByRole('button', { name: 'Cancel' });
    await cancel.scrollIntoViewIfNeeded();
    expect(await cancel.isVisible()).toBe(true);
    await checkScreen(page, 'landscape-alert-details');
    await cancel.click();

    await page.getByRole('link', { name: 'Add alert' }).click();
    await page.waitForURL(`${WEB_URL}/create_alert`);
    await expect.poll(() => page.getByRole('heading', { name: 'Customize your alert' }).isVisible()).toBe(true);
    expect(await overflow(page)).toBe(0);
    await checkScreen(page, 'landscape-create-alert');
    await context.close();
  });

  it('a tablet sideways is past 1024 px and shows the spec’s message', async () => {
    const { context, page } = await newPage(browser, TABLET_LANDSCAPE);
    await page.goto(`${WEB_URL}/login`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Please use a tablet or mobile device' }).isVisible())
      .toBe(true);
    await screenshot(page, 'landscape-tablet-block');
    await context.close();
  });
});
