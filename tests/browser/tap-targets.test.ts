// Every control a finger has to hit is at least 44 x 44 CSS px (Apple's and WCAG 2.5.5's size),
// measured on the phone screens people use most.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, PHONE, WEB_URL, launchBrowser, newPage, signIn } from './harness';

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

/**
 * Waits until the screen itself is drawn, not a stand-in for it: every locator in `content` is
 * visible, no spinner is left (the route's lazy chunk and the session check both show one, and a
 * spinner page has almost no controls, so measuring it would pass for nothing), web fonts are in
 * (they change text sizes) and what slides in has come to rest.
 */
async function settled(page: Page, name: string, ...content: Locator[]): Promise<void> {
  for (const locator of content) {
    await expect.poll(() => locator.first().isVisible(), { message: `${name}: ${locator}` }).toBe(true);
  }
  await expect.poll(() => page.locator('.spinner').count(), { message: `${name}: a spinner is still showing` }).toBe(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

describe('tap targets at 390 x 844', () => {
  it('are at least 44 px on login, dashboard, details sheet, create and account screens', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${WEB_URL}/login`);
    await settled(page, 'login', page.getByRole('button', { name: 'Log in' }), page.getByLabel('Password'));
    expect(await smallTargets(page), 'login').toEqual([]);
    for (const [path, submit] of [
      ['/signup', 'Sign up'],
      ['/forgot_password', 'Send reset link'],
    ] as const) {
      await page.goto(`${WEB_URL}${path}`);
      await settled(page, path, page.locator('form'), page.getByRole('button', { name: submit, exact: true }));
      expect(await smallTargets(page), path).toEqual([]);
    }

    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await settled(
      page,
      'dashboard',
      page.getByRole('heading', { level: 1, name: DEMO.name }),
      page.locator('.alert-row'),
      page.getByRole('tab').first(),
      page.getByRole('heading', { name: 'Top Currency Pairs' }),
      page.getByRole('button', { name: 'Refresh EUR/USD' }),
    );
    expect(await smallTargets(page), 'dashboard').toEqual([]);

    await page.locator('.alert-row').first().click();
    const details = page.getByRole('dialog', { name: 'Alert Details' });
    await settled(page, 'alert details', details, details.getByRole('button', { name: 'Cancel' }));
    expect(await smallTargets(page), 'alert details').toEqual([]);
    await details.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => details.isVisible()).toBe(false);

    await page.getByRole('link', { name: 'Add alert' }).click();
    await page.waitForURL(`${WEB_URL}/create_alert`);
    await settled(
      page,
      'create alert',
      page.getByRole('heading', { level: 1, name: 'Customize your alert' }),
      page.getByRole('button', { name: 'Create New Alert' }),
    );
    expect(await smallTargets(page), 'create alert').toEqual([]);

    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${WEB_URL}/account`);
    await settled(
      page,
      'account',
      page.getByRole('heading', { level: 1, name: DEMO.name }),
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }),
      page.getByRole('button', { name: 'Log out' }),
    );
    expect(await smallTargets(page), 'account').toEqual([]);
    await context.close();
  });
});
