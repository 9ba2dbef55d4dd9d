// The dashboard never claims 'no alerts' before it knows, and offline it shows
// what the cache holds under a banner, then comes back to life on its own.
import { DASHBOARD_TEXT, TOAST } from '@price-alerts/domain/copy';
import type { App } from 'firebase-admin/app';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  TABLET,
  WEB_URL,
  WITH_SERVICE_WORKER,
  checkScreen,
  controlledPage,
  launchBrowser,
  newPage,
  sideScroll,
} from './harness';
import { adminApp, adminDb, closeAdmin, recordToasts, seedUser, shownToasts, signInAs } from './lists';

const EMPTY_ACTIVE = 'You have no active alerts right now. Tap the + sign to create one and start monitoring!';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('dashboard-states-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

describe.each([PHONE, TABLET])('dashboard loading and offline at $width x $height', (viewport) => {
  it('shows skeleton rows and no name until the first snapshots, never the empty state', async () => {
    const user = await seedUser(admin, 'dash-skeleton', [
      { status: 'active' },
      { status: 'paused' },
      { status: 'triggered' },
    ]);
    const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    // Every Firestore listen is held until released: the first snapshots cannot arrive before.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/Listen\/channel/, (route) => (holding ? held.push(route) : route.continue()));
    await signInAs(page, WEB_URL, user.email);

    const panel = page.getByRole('tabpanel');
    await expect.poll(() => panel.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => panel.locator('.skeleton-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByText(EMPTY_ACTIVE).count()).toBe(0);
    // Neither a stand-in name nor its initial while the profile loads.
    expect(await page.locator('.greeting h1').textContent()).toBe('');
    expect(await page.locator('.greeting .avatar').textContent()).toBe('');
    expect(await page.getByRole('link', { name: 'See all' }).count()).toBe(0);
    await checkScreen(page, 'dashboard-skeleton');

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await expect.poll(() => panel.locator('.alert-row').count()).toBe(2);
    await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => page.locator('.greeting h1').textContent()).toBe('List Tester');
    expect(await page.getByText(EMPTY_ACTIVE).count()).toBe(0);
    // Under the caps, nothing is hidden: no 'See all'.
    expect(await page.getByRole('link', { name: 'See all' }).count()).toBe(0);
    await context.close();
  });

  it('reloaded offline shows the cached alerts, the real to-dos and a banner, then refreshes online', async () => {
    const user = await seedUser(admin, 'dash-offline', [{ status: 'active' }, { status: 'paused' }]);
    const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    await recordToasts(page);
    await controlledPage(context, page, '/login');
    await signInAs(page, WEB_URL, user.email);
    const rows = page.getByRole('tabpanel').locator('.alert-row');
    await expect.poll(() => rows.count()).toBe(2);
    const avatarTodo = page.getByRole('link', { name: 'Setup Your Avatar' });
    await expect.poll(() => avatarTodo.getAttribute('class')).toBe('done');

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByText(DASHBOARD_TEXT.offline).isVisible()).toBe(true);
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => avatarTodo.getAttribute('class')).toBe('done');
    expect(await page.getByText(EMPTY_ACTIVE).count()).toBe(0);
    expect(await sideScroll(page)).toBe(0);
    await checkScreen(page, 'dashboard-offline');

    await context.setOffline(false);
    await expect.poll(() => page.getByText(DASHBOARD_TEXT.offline).count()).toBe(0);
    // Live again without a reload: an alert written now appears.
    await adminDb(admin)
      .collection(`users/${user.uid}/alerts`)
      .add({
        userId: user.uid,
        currencyPair: 'GBP/USD',
        alertType: 'Price rising above',
        triggerPrice: 7.77777,
        priceSide: 'ask',
        armed: true,
        status: 'active',
        notificationPreferences: { email: false, push: true },
        createdAt: Timestamp.now(),
      });
    await expect.poll(() => rows.count()).toBe(3);
    // The toasts the spec raises for a failed live query are not raised for a lost network.
    const toasts = await shownToasts(page);
    expect(toasts.filter((t) => t === TOAST.activeAlertsFailed || t === TOAST.previousAlertsFailed)).toEqual([]);
    // The to-do kept its true state the whole time (no profile written back from an empty cache).
    expect((await adminDb(admin).doc(`users/${user.uid}`).get()).get('hasSetAvatar')).toBe(true);
    await context.close();
  });
});
