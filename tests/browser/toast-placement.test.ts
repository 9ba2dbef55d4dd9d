// Toasts cover nothing the user needs: not the greeting, a page's title, its
// back arrow or the bottom navigation, nor, inside a sheet or dialog, anything of it.
import type { App } from 'firebase-admin/app';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, WEB_URL, animationsSettled, arrivedAt, checkScreen, launchBrowser, newPage } from './harness';
import { adminApp, closeAdmin, seedUser, signInAs } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('toast-placement-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

/**
 * What the showing toasts cover: headings, the page header's back link, the bottom navigation and,
 * while a modal is open, every control and heading in it (the page behind it is inert).
 */
const covered = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].map((t) =>
      (t.closest('.toast-body')?.parentElement ?? t).getBoundingClientRect(),
    );
    const modal = [...document.querySelectorAll('dialog[open]')].at(-1);
    const selector = modal
      ? 'h1, h2, button, a, input, select, textarea'
      : 'h1, h2, .page-header a, .bottom-nav a, .bottom-nav button';
    const targets = [...(modal ?? document).querySelectorAll<HTMLElement>(selector)].filter(
      (el) => !el.closest('[data-rht-toaster]') && el.getClientRects().length > 0,
    );
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return targets
      .filter((el) => boxes.some((box) => overlaps(box, el.getBoundingClientRect())))
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
  });

/** Waits for the toast, and for it to come to rest: it slides in from the edge it sits at. */
async function showing(page: Page, text: string): Promise<void> {
  await page.locator('[data-rht-toaster] [role="status"]', { hasText: text }).waitFor();
  await animationsSettled(page);
}

describe.each(VIEWPORTS)('toasts hide nothing at %o', (viewport) => {
  it('on the page, in the details sheet and after a deletion', async () => {
    // Alerts enough to fill the phone's screen, as the demo account's: the created one joins them.
    const user = await seedUser(
      admin,
      'toasts',
      Array.from({ length: 5 }, () => ({ status: 'active' as const })),
    );
    const { context, page } = await newPage(browser, viewport);
    // Allowed, so that sign-in's registration has nothing to tell (that is notify-hints' test).
    await context.grantPermissions(['notifications'], { origin: WEB_URL });
    await signInAs(page, WEB_URL, user.email);

    // A top pair with its price, so the draft has a trigger price.
    await expect.poll(() => page.locator('.pair-card', { hasText: 'EUR/USD' }).textContent()).toMatch(/\d\.\d{5}/);
    await page.locator('.pair-card', { hasText: 'EUR/USD' }).locator('.pair-open').click();
    await expect.poll(() => page.getByLabel('Trigger price').inputValue()).toMatch(/\d/);
    // 1% above the market: the server fires an alert at the live price within seconds, and this one
    // must stay active while its sheet is tested.
    const ask = Number(await page.getByLabel('Trigger price').inputValue());
    await page.getByLabel('Trigger price').fill((ask * 1.01).toFixed(5));
    await page.getByRole('button', { name: /Alert type/ }).click();
    await page.getByRole('dialog', { name: 'Alert type' }).getByRole('button', { name: 'Price rising above' }).click();
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await arrivedAt(page, `${WEB_URL}/alert_added_successfully`);
    await showing(page, 'Alert created successfully!');
    expect(await covered(page)).toEqual([]);
    await checkScreen(page, 'toast-page');

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.locator('.alert-row', { hasText: 'EUR/USD' }).first().click();
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await sheet.getByRole('button', { name: 'Pause' }).click();
    await showing(page, 'Alert paused successfully!');
    expect(await covered(page)).toEqual([]);
    await checkScreen(page, 'toast-sheet');

    await sheet.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm alert deletion' })
      .getByRole('button', { name: 'Yes, Delete' })
      .click();
    await showing(page, 'Alert deleted successfully!');
    const deleted = page.locator('[data-rht-toaster] [role="status"]', { hasText: 'Alert deleted successfully!' });
    // A resting pointer holds it (the library pauses on hover), so a slow scan below cannot outlast it.
    await deleted.hover();
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect(await covered(page)).toEqual([]);
    await checkScreen(page, 'toast-dashboard');
    // A tap puts a toast away before its time.
    await deleted.click();
    await expect.poll(() => deleted.count()).toBe(0);
    await context.close();
  });
});
