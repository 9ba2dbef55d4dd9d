// An alert never fires in silence without the user having been told
// (unverified address, push blocked or on no device), and blocked notifications are told once,
// with the true state on the Notifications screen.
import { EMAIL_HINTS, PUSH_HINTS } from '@price-alerts/domain/notify';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  SMALL_PHONE,
  WEB_URL,
  WITH_SERVICE_WORKER,
  checkScreenAtEachSize,
  controlledPage,
  launchBrowser,
  newPage,
  sideScroll,
  signIn,
  uniqueEmail,
} from './harness';

let browser: Browser;
let admin: App;
const PASSWORD = 'hint-pass-1234';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = initializeApp({ projectId: 'demo-price-alerts' }, 'notify-hints-test');
});
afterAll(async () => {
  await browser?.close();
  if (admin) await deleteApp(admin);
});

/** A new, unverified account, as sign-up leaves it. */
async function newAccount(prefix: string): Promise<{ email: string; uid: string }> {
  const email = uniqueEmail(prefix);
  const user = await getAuth(admin).createUser({ email, password: PASSWORD, displayName: 'Hint Tester' });
  return { email, uid: user.uid };
}

/** Sets this site's notification permission in the browser, as the user would in site settings. */
async function setPermission(context: BrowserContext, page: Page, setting: 'denied' | 'granted') {
  const cdp = await context.newCDPSession(page);
  // Without its context's id the setting would go to the browser's default context, not this one,
  // and the app's permission prompt would be left to headless Chromium's own answer.
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting,
    origin: WEB_URL,
    browserContextId: targetInfo.browserContextId,
  });
}

const toasts = (page: Page) => page.locator('[data-rht-toaster] [role="status"]').allTextContents();
const describedBy = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((input) => {
    const id = input.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('what cannot reach the user is said', () => {
  const viewport = PHONE;
  const size = `${viewport.width}x${viewport.height}`;

  it('an unverified address and a device without push are said at the checkboxes and on the dashboard', async () => {
    const { email, uid } = await newAccount(`hints-${size}`);
    const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    await setPermission(context, page, 'denied');
    await signIn(page, email, PASSWORD);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    const banner = page.getByRole('region', { name: 'Email not verified' });
    await expect.poll(() => banner.textContent()).toContain(EMAIL_HINTS.banner);
    await checkScreenAtEachSize(page, 'verify-banner');

    await page.goto(`${WEB_URL}/create_alert`);
    await expect.poll(() => describedBy(page, 'Send email')).toBe(EMAIL_HINTS.unverified(email));
    await expect.poll(() => describedBy(page, 'Push notifications')).toBe(PUSH_HINTS.blockedNoDevice);
    await page.getByLabel('Push notifications', { exact: true }).scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'notify-hints');

    // A double tap sends one link.
    await page.getByRole('button', { name: EMAIL_HINTS.resend }).dblclick();
    await expect.poll(() => page.getByText(EMAIL_HINTS.sent).count()).toBe(1);

    // Verified in the mail app and back: the warnings go without a reload.
    await getAuth(admin).updateUser(uid, { emailVerified: true });
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => describedBy(page, 'Send email')).toBeNull();

    // Another device of the account registers for push: this one says pushes go there.
    const other = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    await other.context.grantPermissions(['notifications'], { origin: WEB_URL });
    await controlledPage(other.context, other.page, '/login');
    await signIn(other.page, email, PASSWORD);
    await other.page.waitForURL(`${WEB_URL}/dashboard`);
    const token = () => other.page.evaluate(() => localStorage.getItem('price-alerts:push-token') ?? '');
    await expect.poll(token, { timeout: 30_000 }).toMatch(/^local:/);
    await expect
      .poll(() => describedBy(page, 'Push notifications'), { timeout: 30_000 })
      .toBe(PUSH_HINTS.blockedOthers);
    await other.context.close();
    await context.close();
  });

  it('blocked notifications are told once, and the Notifications screen shows push as off', async () => {
    const { email } = await newAccount(`blocked-${size}`);
    const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    await setPermission(context, page, 'denied');
    await signIn(page, email, PASSWORD);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => toasts(page)).toEqual([PUSH_MESSAGES.permissionDenied]);

    // Each full load of the dashboard registers again; none of them says it again. The app goes on to
    // the create screen without a reload, where the hint shows once that registration has ended (when
    // it would have toasted), and a toast from the dashboard would still be showing.
    for (let load = 0; load < 3; load += 1) {
      await page.goto(`${WEB_URL}/dashboard`);
      // The name comes with the profile, and registration starts with it: it ends on the dashboard.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hint Tester');
      await page.getByRole('link', { name: 'Add alert' }).click();
      await expect.poll(() => describedBy(page, 'Push notifications')).toBe(PUSH_HINTS.blockedNoDevice);
      expect(await toasts(page)).toEqual([]);
    }

    await page.goto(`${WEB_URL}/notifications`);
    const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
    await expect.poll(() => pushSwitch.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText(PUSH_MESSAGES.permissionDenied).count()).toBe(1);
    expect(await toasts(page)).toEqual([]);
    await checkScreenAtEachSize(page, 'notifications-blocked');
    await context.close();
  });
});

it('the hints wrap at 320 px without scrolling sideways', async () => {
  const { email } = await newAccount('hints-narrow');
  const { context, page } = await newPage(browser, SMALL_PHONE, WITH_SERVICE_WORKER);
  await setPermission(context, page, 'denied');
  await signIn(page, email, PASSWORD);
  await page.waitForURL(`${WEB_URL}/dashboard`);
  await expect.poll(() => page.getByRole('region', { name: 'Email not verified' }).count()).toBe(1);
  expect(await sideScroll(page)).toBe(0);
  // The name shows from the account at once, so the page is often left before the new profile is
  // written, with the cache knowing it as missing: the next load must still create and show it.
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hint Tester');
  await page.goto(`${WEB_URL}/create_alert`);
  await expect.poll(() => describedBy(page, 'Push notifications')).toBe(PUSH_HINTS.blockedNoDevice);
  expect(await sideScroll(page)).toBe(0);
  await checkScreenAtEachSize(page, 'notify-hints-narrow');
  await context.close();
});
