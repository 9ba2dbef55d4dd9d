// Review of the dashboard lists: 'See all' shows every alert once while alerts arrive and change,
// the open sheet follows its alert out of a full list, and offline the actions wait with a word
// instead of hanging (the draft kept).
import { ALERT_PAGE_SIZE, DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import type { App } from 'firebase-admin/app';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, SMALL_PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, newPage, sideScroll } from './harness';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs, type SeedAlert } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('lists-changes-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Alert Details' });
const disabled = (page: Page) =>
  Promise.all(['Pause', 'Edit', 'Delete'].map((name) => sheetOf(page).getByRole('button', { name }).isDisabled()));
// seedUser's trigger prices: 9 + i/1000 for the i-th alert, shown with EUR/USD's five decimals.
const priceOf = (i: number) => (9 + i / 1000).toFixed(5);

// At one size: what these check does not depend on the screen's.
describe('See all while alerts change', () => {
  const viewport = PHONE;
  it('shows every alert exactly once after Load more when a newer alert arrives and another ends', async () => {
    const count = ALERT_PAGE_SIZE + 5;
    const user = await seedUser(
      admin,
      'lists-changes',
      Array.from({ length: count }, (): SeedAlert => ({ status: 'active' })),
    );
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);
    await page.goto(`${WEB_URL}/alerts/active`);
    const rows = page.locator('.alert-row');
    await expect.poll(() => rows.count()).toBe(ALERT_PAGE_SIZE);
    await page.getByRole('button', { name: DASHBOARD_TEXT.loadMore }).click();
    await expect.poll(() => rows.count()).toBe(count);

    const db = adminDb(admin);
    await db.doc(`users/${user.uid}/alerts/newest`).set({
      userId: user.uid,
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: 8.5,
      priceSide: 'ask',
      armed: true,
      status: 'active',
      notificationPreferences: { email: false, push: true },
      createdAt: Timestamp.now(),
    });
    await db.doc(`users/${user.uid}/alerts/${user.alertIds[3]}`).update({ status: 'triggered', armed: false });
    // The newest arrives first and the fourth leaves; the twentieth, pushed past the first twenty,
    // must still show.
    const want = ['8.50000', ...Array.from({ length: count }, (_, i) => priceOf(i)).filter((_, i) => i !== 3)];
    await expect.poll(() => rows.locator('.alert-price').allTextContents()).toEqual(want);
    expect(await sideScroll(page)).toBe(0);
    await context.close();
  });

  it('keeps the open sheet on an alert that triggers, with Pause disabled', async () => {
    const user = await seedUser(admin, 'lists-follow', [{ status: 'active' }, { status: 'active' }]);
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);
    await page.goto(`${WEB_URL}/alerts/active`);
    await page.locator('.alert-row').first().click();
    await expect.poll(() => sheetOf(page).getByRole('button', { name: 'Pause' }).isEnabled()).toBe(true);
    await adminDb(admin)
      .doc(`users/${user.uid}/alerts/${user.alertIds[0]}`)
      .update({ status: 'triggered', armed: false });
    await expect.poll(() => sheetOf(page).getByRole('button', { name: 'Pause' }).isDisabled()).toBe(true);
    expect(await sheetOf(page).getByText('Triggered').count()).toBe(1);
    await context.close();
  });
});

// At the narrowest size, where a note could push the page sideways; each screen is checked at every
// size (checkScreenAtEachSize).
describe('offline actions', () => {
  const viewport = SMALL_PHONE;
  it('disables the sheet’s actions with a note, keeps an unsent draft, and all works back online', async () => {
    const user = await seedUser(admin, 'lists-offline', [{ status: 'active' }]);
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);
    await page.locator('.alert-row').first().click();
    await expect.poll(() => disabled(page)).toEqual([false, false, false]);

    await context.setOffline(true);
    await expect.poll(() => disabled(page)).toEqual([true, true, true]);
    expect(await sheetOf(page).getByText(DASHBOARD_TEXT.offlineChanges).isVisible()).toBe(true);
    expect(await sideScroll(page)).toBe(0);
    await checkScreenAtEachSize(page, 'lists-offline-sheet');

    await context.setOffline(false);
    await expect.poll(() => disabled(page)).toEqual([false, false, false]);
    await sheetOf(page).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => sheetOf(page).getByRole('button', { name: 'Play' }).isVisible()).toBe(true);
    await sheetOf(page).getByRole('button', { name: 'Cancel' }).click();

    // From the top pair's card, as toast-placement.test.ts does: the pair and its price are set.
    await expect.poll(() => page.locator('.pair-card', { hasText: 'EUR/USD' }).textContent()).toMatch(/\d\.\d{5}/);
    await page.locator('.pair-card', { hasText: 'EUR/USD' }).locator('.pair-open').click();
    await page.waitForURL(`${WEB_URL}/create_alert`);
    await expect.poll(() => page.getByLabel('Trigger price').inputValue()).toMatch(/\d/);
    await page.getByRole('button', { name: /Alert type/ }).click();
    await page.getByRole('dialog', { name: 'Alert type' }).getByRole('button', { name: 'Price rising above' }).click();
    // The picker makes the page inert until it has closed, and the toasts of the sheet's actions sit
    // over the form's button: a user taps them away (toasts.tsx), as this does. The tap is an event on
    // the toast itself, so it cannot land on the button if the toast moves, nor rest the pointer over
    // the others (a resting mouse pauses them).
    await page.mouse.move(0, 0);
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    // Read as texts, so a toast that stays says which it is.
    await expect
      .poll(
        async () => {
          // A toast may leave by itself between the listing and the tap: that tap has nothing to do.
          for (const shown of await page.locator('[data-rht-toaster] .toast-body').all())
            await shown.dispatchEvent('click', undefined, { timeout: 1_000 }).catch(() => undefined);
          return page.locator('[data-rht-toaster] [role="status"]').allTextContents();
        },
        { timeout: 20_000 },
      )
      .toEqual([]);
    await page.getByLabel('Trigger price').fill('9.5');

    await context.setOffline(true);
    const create = page.getByRole('button', { name: 'Create New Alert' });
    await create.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(DASHBOARD_TEXT.offlineChanges);
    expect(await create.isEnabled()).toBe(true);
    expect(page.url()).toBe(`${WEB_URL}/create_alert`);
    expect(await page.getByLabel('Trigger price').inputValue()).toBe('9.5');
    await create.scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'lists-offline-create');

    await context.setOffline(false);
    await expect.poll(() => page.getByText(DASHBOARD_TEXT.offlineChanges).count()).toBe(0);
    await create.click();
    await page.waitForURL(`${WEB_URL}/alert_added_successfully`);
    await expect.poll(() => page.getByRole('heading', { name: 'Alert added successfully' }).isVisible()).toBe(true);
    // In the dark scheme the badge takes the dark theme's token, not the light green it was drawn in.
    await page.emulateMedia({ colorScheme: 'dark' });
    const fills = await page.locator('.added svg circle').evaluate((circle) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--success-soft)';
      const token = getComputedStyle(probe).color;
      probe.remove();
      return [getComputedStyle(circle).fill, token];
    });
    expect(fills[0]).toBe(fills[1]);
    expect(fills[0]).not.toBe('rgb(220, 252, 231)');
    await page.emulateMedia({ colorScheme: 'light' });
    await checkScreenAtEachSize(page, 'lists-alert-added');
    await context.close();
  });
});
