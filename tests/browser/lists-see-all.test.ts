// The dashboard keeps the spec's caps, and 'See all' reaches every alert, a
// page at a time.
import { ACTIVE_ALERTS_LIMIT, PREVIOUS_ALERTS_LIMIT } from '@price-alerts/domain/common';
import { ALERT_PAGE_SIZE, DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import type { App } from 'firebase-admin/app';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, newPage, sideScroll } from './harness';
import { adminApp, closeAdmin, seedUser, signInAs, type SeedAlert } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('lists-see-all-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

const ACTIVE_COUNT = ALERT_PAGE_SIZE + 5;
const PREVIOUS_COUNT = PREVIOUS_ALERTS_LIMIT + 2;

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('See all', () => {
  const viewport = PHONE;
  it('leads from each capped list to all of its alerts, paged with Load more', async () => {
    const alerts: SeedAlert[] = [
      ...Array.from({ length: ACTIVE_COUNT }, (_, i): SeedAlert => ({ status: i % 4 ? 'active' : 'paused' })),
      ...Array.from({ length: PREVIOUS_COUNT }, (_, i): SeedAlert => ({ status: i % 2 ? 'triggered' : 'cancelled' })),
    ];
    const user = await seedUser(admin, 'lists-all', alerts);
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);
    const dashboardRows = page.getByRole('tabpanel').locator('.alert-row');
    await expect.poll(() => dashboardRows.count()).toBe(ACTIVE_ALERTS_LIMIT);
    const seeAll = page.getByRole('link', { name: 'See all' });
    await seeAll.scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'lists-dashboard-see-all');

    await seeAll.click();
    await page.waitForURL(`${WEB_URL}/alerts/active`);
    await expect.poll(() => page.getByRole('heading', { name: DASHBOARD_TEXT.allActiveTitle }).isVisible()).toBe(true);
    const rows = page.locator('.alert-row');
    await expect.poll(() => rows.count()).toBe(ALERT_PAGE_SIZE);
    expect(await sideScroll(page)).toBe(0);
    const loadMore = page.getByRole('button', { name: DASHBOARD_TEXT.loadMore });
    await loadMore.scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'lists-all-active');
    await loadMore.click();
    await expect.poll(() => rows.count()).toBe(ACTIVE_COUNT);
    // The last page was not full: nothing more to load.
    await expect.poll(() => page.getByRole('button', { name: DASHBOARD_TEXT.loadMore }).count()).toBe(0);
    // Newest first across the page boundary, each alert once.
    const prices = await rows.locator('.alert-price').allTextContents();
    expect(new Set(prices).size).toBe(ACTIVE_COUNT);

    // A row opens the same details sheet as on the dashboard.
    await rows.nth(ALERT_PAGE_SIZE + 1).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Alert Details' }).isVisible()).toBe(true);
    await page.getByRole('dialog', { name: 'Alert Details' }).getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${WEB_URL}/dashboard`);
    await page.getByRole('tab', { name: 'PREVIOUS' }).click();
    await expect.poll(() => dashboardRows.count()).toBe(PREVIOUS_ALERTS_LIMIT);
    await page.getByRole('link', { name: 'See all' }).click();
    await page.waitForURL(`${WEB_URL}/alerts/previous`);
    await expect.poll(() => rows.count()).toBe(PREVIOUS_COUNT);
    expect(await page.getByRole('button', { name: DASHBOARD_TEXT.loadMore }).count()).toBe(0);
    await checkScreenAtEachSize(page, 'lists-all-previous');
    await context.close();
  });
});
