// Every control a finger has to hit is at least 44 x 44 CSS px (Apple's and WCAG 2.5.5's size),
// measured on the phone screens people use most.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, launchBrowser, newPage, signIn } from './harness';

const MIN = 44;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Visible controls smaller than 44 px either way, described so a failure says which. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="tab"], [role="switch"], input:not([type="checkbox"]):not([type="hidden"]), label:has(input[type="checkbox"])',
    );
    return [...controls]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < min || box.height < min)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
  }, MIN);
}

describe('tap targets at 390 x 844', () => {
  it('are at least 44 px on login, dashboard, details sheet, create and account screens', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${WEB_URL}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
    expect(await smallTargets(page), 'login').toEqual([]);
    for (const path of ['/signup', '/forgot_password']) {
      await page.goto(`${WEB_URL}${path}`);
      await expect.poll(() => page.locator('form').count()).toBe(1);
      expect(await smallTargets(page), path).toEqual([]);
    }

    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => page.locator('.alert-row').count()).toBeGreaterThan(0);
    expect(await smallTargets(page), 'dashboard').toEqual([]);

    await page.locator('.alert-row').first().click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Alert Details' }).isVisible()).toBe(true);
    expect(await smallTargets(page), 'alert details').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Add alert' }).click();
    await page.waitForURL(`${WEB_URL}/create_alert`);
    expect(await smallTargets(page), 'create alert').toEqual([]);

    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${WEB_URL}/account`);
    expect(await smallTargets(page), 'account').toEqual([]);
    await context.close();
  });
});
