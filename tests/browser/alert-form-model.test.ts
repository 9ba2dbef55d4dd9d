// The alert model on the create and edit screens: an every-time alert
// judged on the bid, with its guards, an expiry and a level typed as a percentage from the live
// bid; then the edit screen loads every field back, saves a change, and the alert is deleted.
import { levelFromPercent, localDateTimeValue } from '@price-alerts/domain/alerts';
import type { App } from 'firebase-admin/app';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, newPage, screenshot, simulator } from './harness';
import { adminApp, closeAdmin, seedUser, signInAs } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('alert-form-model-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

const PAIR = 'USD/CHF';
/** The simulator's USD/CHF spread: a forced ask puts the bid this far below. */
const SPREAD = 0.0001;
const WEEK = 7 * 24 * 60 * 60_000;

const toast = (page: Page, text: string) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
const radio = (page: Page, group: string, name: string) =>
  page.getByRole('group', { name: group }).getByRole('radio', { name });

/** Nothing on the page is wider than the screen (no sideways scrolling). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Inputs and buttons of the form smaller than a 44 px tap target either way. */
const smallControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('form input:not([type="checkbox"]), form button, form select')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.tagName} ${el.getAttribute('name') ?? el.textContent} ${box.width}x${box.height}`),
  );

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('alert model on the form', () => {
  const viewport = PHONE;
  it('creates an every-time alert on the bid with a typed level and an expiry, and edit loads it all', async () => {
    const user = await seedUser(admin, 'form-model', []);
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);
    await page.getByRole('link', { name: 'Add alert' }).click();
    await page.waitForURL(`${WEB_URL}/create_alert`);
    // The defaults: judged on the ask, once, never expiring, without the guards' fields.
    await expect.poll(() => radio(page, 'Judge on', 'Ask').isChecked()).toBe(true);
    expect(await radio(page, 'Repeat', 'Once').isChecked()).toBe(true);
    expect(await page.getByLabel('Expires').inputValue()).toBe('never');
    expect(await page.getByLabel('Cooldown').count()).toBe(0);

    await page.getByRole('button', { name: /Currency pair/ }).click();
    await page.getByRole('dialog', { name: 'Currency pair' }).getByRole('button', { name: PAIR }).click();
    await page.getByRole('button', { name: /Alert type/ }).click();
    await page.getByRole('dialog', { name: 'Alert type' }).getByRole('button', { name: 'Price rising above' }).click();
    await radio(page, 'Judge on', 'Bid').check();

    // A fixed price while the level is set from it, one per viewport so the two alerts differ.
    const ask = viewport.width < 500 ? 0.91234 : 0.92345;
    const bid = Number((ask - SPREAD).toFixed(5));
    const level = levelFromPercent(PAIR, bid, 0.3);
    await simulator('silence', { silent: true });
    try {
      await simulator('price', { pair: PAIR, ask });
      const panel = page.getByLabel(`Live price of ${PAIR}`);
      await expect.poll(() => panel.textContent()).toContain(String(ask));
      // The panel names the side the alert is judged on.
      expect(await panel.locator('[aria-current]').textContent()).toContain('Bid');
      await page.getByLabel('or type %').fill('0.3');
      await page.getByLabel('or type %').press('Enter');
      await expect.poll(() => page.getByLabel('Trigger price').inputValue()).toBe(level);
    } finally {
      await simulator('silence', { silent: false });
    }
    // Enter filled the level; it did not submit the form.
    expect(page.url()).toBe(`${WEB_URL}/create_alert`);
    await screenshot(page, 'alert-model-level');

    await radio(page, 'Repeat', 'Every time').check();
    await page.getByLabel('Cooldown').selectOption({ label: '5 min' });
    await page.getByLabel('Re-arm distance (%)').fill('0.2');
    await page.getByLabel('Expires').selectOption({ label: 'In a week' });
    await expect
      .poll(() => page.getByText('Fires again only after the price moves back this far past the level.').isVisible())
      .toBe(true);
    await page.getByLabel('Note (optional)').scrollIntoViewIfNeeded();
    expect(await smallControls(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await checkScreenAtEachSize(page, 'alert-model-create');
    const created = Date.now();
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await page.waitForURL(`${WEB_URL}/alert_added_successfully`);
    await toast(page, 'Alert created successfully!');
    await page.getByRole('link', { name: 'Continue' }).click();

    const row = page.locator('.alert-row', { hasText: level }).first();
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.click();
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await sheet.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit_alert\//);
    await expect.poll(() => page.getByLabel('Trigger price').inputValue()).toBe(level);
    expect(await radio(page, 'Judge on', 'Bid').isChecked()).toBe(true);
    expect(await radio(page, 'Repeat', 'Every time').isChecked()).toBe(true);
    expect(await page.getByLabel('Cooldown').inputValue()).toBe('5');
    expect(await page.getByLabel('Re-arm distance (%)').inputValue()).toBe('0.2');
    expect(await page.getByLabel('Expires').inputValue()).toBe('date');
    // A week from saving, to the minute the date input shows (the browser's time zone is this process's).
    const expiry = new Date(await page.getByLabel('Expiry date and time').inputValue()).getTime();
    expect(expiry).toBeGreaterThanOrEqual(new Date(localDateTimeValue(created + WEEK)).getTime());
    expect(expiry).toBeLessThanOrEqual(Date.now() + WEEK);
    await page.getByLabel('Note (optional)').scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'alert-model-edit');

    // A change is saved, and the alert is deleted again.
    await page.getByLabel('Cooldown').selectOption({ label: '1 hour' });
    // Mid-screen, clear of the fixed bottom bar and the toasts: scrolled only as far as needed, the button
    // sat under the bar, and CI's click waited out its 30 s there once.
    const save = page.getByRole('button', { name: 'Save changes' });
    await save.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await save.click();
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await toast(page, 'Alert updated successfully!');
    await row.click();
    await sheet.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => page.getByLabel('Cooldown').inputValue()).toBe('60');
    await page.getByRole('link', { name: 'Alerts' }).click();
    await row.click();
    await sheet.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm alert deletion' })
      .getByRole('button', { name: 'Yes, Delete' })
      .click();
    await toast(page, 'Alert deleted successfully!');
    await expect.poll(() => page.locator('.alert-row', { hasText: level }).count()).toBe(0);
    await context.close();
  });
});

describe('alert model on the form at 320 x 640', () => {
  it('fits the narrowest phone with every field open', async () => {
    const user = await seedUser(admin, 'form-narrow', []);
    const { context, page } = await newPage(browser, { width: 320, height: 640 });
    await signInAs(page, WEB_URL, user.email);
    await page.getByRole('link', { name: 'Add alert' }).click();
    await page.getByRole('button', { name: /Currency pair/ }).click();
    await page.getByRole('dialog', { name: 'Currency pair' }).getByRole('button', { name: 'XAU/JPY' }).click();
    await radio(page, 'Judge on', 'Mid').check();
    await radio(page, 'Repeat', 'Every time').check();
    await page.getByLabel('Expires').selectOption({ label: 'On a date' });
    await expect.poll(() => page.getByLabel('Expiry date and time').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('or type %').isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await smallControls(page)).toEqual([]);
    await page.getByRole('group', { name: 'Repeat' }).scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'alert-model-narrow');
    await context.close();
  });
});
