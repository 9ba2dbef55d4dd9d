// The alert life cycle: create from a top pair, pause, resume, edit, delete, for a user with alerts
// in every status.
import type { App } from 'firebase-admin/app';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, newPage, simulator } from './harness';
import { adminApp, closeAdmin, seedUser, signInAs } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('alerts-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

// A toast, or a form's message: the create form says what is missing above its button.
const shown = (page: Page, text: string) => expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('alerts', () => {
  const viewport = PHONE;
  it('creates an alert from a top pair, pauses, resumes, edits and deletes it', async () => {
    const user = await seedUser(admin, 'life-cycle', [
      ...Array.from({ length: 5 }, () => ({ status: 'active' as const })),
      { status: 'paused' },
      { status: 'triggered' },
      { status: 'cancelled' },
    ]);
    const { context, page } = await newPage(browser, viewport);
    // This browser blocks notifications, so the app says so once, in a toast that may come at any
    // moment and sit over the form's button (a pointer over it keeps it): tapped away, as a person
    // would, before the next tap.
    await page.addLocatorHandler(page.locator('.toast-body', { hasText: 'Notifications are blocked' }), (toast) =>
      toast.click(),
    );
    await signInAs(page, WEB_URL, user.email);
    const active = page.getByRole('tabpanel');
    await expect.poll(() => active.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    await expect.poll(() => active.getByText('Paused').count()).toBeGreaterThanOrEqual(1);
    await page.getByRole('tab', { name: 'PREVIOUS' }).click();
    await expect.poll(() => active.getByText('Triggered').count()).toBeGreaterThanOrEqual(1);
    expect(await active.getByText('Cancelled').count()).toBeGreaterThanOrEqual(1);
    await checkScreenAtEachSize(page, 'dashboard-previous');
    await page.getByRole('tab', { name: 'ACTIVE' }).click();

    // A fixed price so the prefill is known.
    await simulator('silence', { silent: true });
    const ask = viewport.width < 500 ? 1.31313 : 1.32323;
    try {
      await simulator('price', { pair: 'GBP/USD', ask });
      await expect
        .poll(() => page.locator('.pair-card', { hasText: 'GBP/USD' }).locator('.pair-ask').textContent())
        .toBe(String(ask));
      await page.locator('.pair-card', { hasText: 'GBP/USD' }).locator('.pair-open').click();
      await page.waitForURL(`${WEB_URL}/create_alert`);
      await expect.poll(() => page.getByLabel('Trigger price').inputValue()).toBe(String(ask));
      await expect.poll(() => page.getByLabel('Live price of GBP/USD').textContent()).toContain(String(ask));
    } finally {
      await simulator('silence', { silent: false });
    }
    // The server fires an alert at the live price within seconds; this one must stay active.
    const trigger = (ask + 0.05).toFixed(5);
    await page.getByLabel('Trigger price').fill(trigger);
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await shown(page, 'Fill all fields');
    await page.getByRole('button', { name: /Alert type/ }).click();
    await page.getByRole('button', { name: 'Price rising above' }).click();
    await page.getByLabel('Send email').uncheck();
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await shown(page, 'Choose at least one notification type');
    await page.getByLabel('Push notifications').check();
    await checkScreenAtEachSize(page, 'create-alert');
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await page.waitForURL(`${WEB_URL}/alert_added_successfully`);
    await shown(page, 'Alert created successfully!');
    await expect
      .poll(() =>
        page.getByText('Your trigger criteria will now be monitored to inform you as soon as it is met.').isVisible(),
      )
      .toBe(true);
    await checkScreenAtEachSize(page, 'alert-added');
    await page.getByRole('link', { name: 'Continue' }).click();

    const row = page.locator('.alert-row', { hasText: trigger });
    await expect.poll(() => page.locator('.alert-row').first().textContent()).toContain(trigger);
    await row.click();
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await expect.poll(() => sheet.getByText('Push', { exact: true }).isVisible()).toBe(true);
    await checkScreenAtEachSize(page, 'alert-details');
    await sheet.getByRole('button', { name: 'Pause' }).click();
    await shown(page, 'Alert paused successfully!');
    await expect.poll(() => row.getByText('Paused').isVisible()).toBe(true);
    await sheet.getByRole('button', { name: 'Play' }).click();
    await shown(page, 'Alert resumed successfully!');
    await expect.poll(() => row.getByText('Paused').count()).toBe(0);

    await sheet.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit_alert\//);
    await expect.poll(() => page.getByLabel('Trigger price').inputValue()).toBe(trigger);
    await page.getByLabel('Trigger price').fill('1.4');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${WEB_URL}/dashboard`);
    const edited = page.locator('.alert-row', { hasText: '1.40000' }).first();
    await expect.poll(() => edited.isVisible()).toBe(true);

    await edited.click();
    await sheet.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm alert deletion' });
    await expect.poll(() => confirm.getByText('Are you sure you want to delete this alert?').isVisible()).toBe(true);
    await checkScreenAtEachSize(page, 'confirm-delete');
    await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
    await shown(page, 'Alert deleted successfully!');
    await expect.poll(() => page.locator('.alert-row', { hasText: '1.40000' }).count()).toBe(0);
    await context.close();
  });
});
