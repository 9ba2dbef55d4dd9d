// A 64-character address or name wraps on every screen. At 320 px nothing
// scrolls sideways, the bottom navigation stays on screen, and no element showing the long text
// sticks out of the viewport or is clipped by its box.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_NAME, heading, longEmail, signUp } from './forms';
import { PHONE, SMALL_PHONE, WEB_URL, checkScreen, latestOobCode, launchBrowser, newPage } from './harness';

const PASSWORD = 'long-strings-1';
/** A note is the user's own text too. */
const LONG_NOTE = 'N'.repeat(64);

let browser: Browser;
let admin: App;
let db: Firestore;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = initializeApp({ projectId: 'demo-price-alerts' }, 'wrap-long-strings-test');
  db = getFirestore(admin);
});
afterAll(async () => {
  await browser?.close();
  await deleteApp(admin);
});

interface Layout {
  sideScroll: number;
  /** Where the bottom navigation is: 'inside' the viewport, 'outside' it, or 'none' on a public screen. */
  nav: 'inside' | 'outside' | 'none';
  /** Elements showing a long text that reach past the viewport or are cut off by their own box. */
  sticksOut: string[];
}

/** Measures the screen as it is now; `needles` are the long texts to look for. */
function measure(page: Page, needles: string[]): Promise<Layout> {
  return page.evaluate((texts) => {
    const root = document.documentElement;
    const nav = document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect();
    const inside = (r: DOMRect) => r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    const holders = [...document.querySelectorAll('body *')].filter(
      (el) =>
        texts.some((t) => el.textContent?.includes(t)) &&
        ![...el.children].some((child) => texts.some((t) => child.textContent?.includes(t))),
    );
    // A text cut with an ellipsis on purpose (a row's note, shown whole in the details) is no overflow.
    const cutOnPurpose = (el: Element) => getComputedStyle(el).textOverflow === 'ellipsis';
    const sticksOut = holders
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const clipped = el.scrollWidth > el.clientWidth + 1 && !cutOnPurpose(el);
        return r.left < 0 || r.right > innerWidth + 0.5 || clipped;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return {
      sideScroll: root.scrollWidth - root.clientWidth,
      nav: nav ? (inside(nav) ? 'inside' : 'outside') : 'none',
      sticksOut,
    } satisfies Layout;
  }, needles);
}

const fine = (nav: Layout['nav']): Layout => ({ sideScroll: 0, nav, sticksOut: [] });

async function addAlert(uid: string): Promise<string> {
  const ref = await db.collection(`users/${uid}/alerts`).add({
    userId: uid,
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 9.5,
    priceSide: 'ask',
    status: 'active',
    armed: true,
    note: LONG_NOTE,
    notificationPreferences: { email: true, push: false },
    createdAt: FieldValue.serverTimestamp(),
  });
  return ref.id;
}

describe.each([SMALL_PHONE, PHONE])('long address and name at $width x $height', (viewport) => {
  it('wrap on every screen, signed out and signed in', { timeout: 240_000 }, async () => {
    const email = longEmail();
    const local = email.split('@')[0] ?? email;
    const needles = [LONG_NAME, local, LONG_NOTE];
    const seen: Record<string, Layout> = {};
    const expected: Record<string, Layout> = {};
    const look = async (page: Page, screen: string, nav: Layout['nav'], picture = false) => {
      seen[screen] = await measure(page, needles);
      expected[screen] = fine(nav);
      if (picture) await checkScreen(page, `wrap-${screen}`);
    };

    const { context, page } = await newPage(browser, viewport);
    // Push allowed, so no 'blocked' toast covers the screens pictured.
    await context.grantPermissions(['notifications'], { origin: WEB_URL });
    await signUp(page, { name: LONG_NAME, email, password: PASSWORD });
    await heading(page, 'Verify your email');
    // A public route: no bottom navigation.
    await look(page, 'verify-email', 'none', true);

    await page.goto(`${WEB_URL}/profile`);
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe(LONG_NAME);
    await page.getByLabel('Full name').fill(LONG_NAME);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Profile saved.').isVisible()).toBe(true);
    await look(page, 'profile', 'inside', true);

    const uid = (await getAuth(admin).getUserByEmail(email)).uid;
    const alertId = await addAlert(uid);
    const screens: [path: string, ready: string, picture: boolean][] = [
      ['/dashboard', LONG_NAME, true],
      ['/create_alert', 'Customize your alert', false],
      ['/alert_added_successfully', 'Alert added successfully', false],
      [`/edit_alert/${alertId}`, 'Edit alert', false],
      ['/account', LONG_NAME, true],
      ['/change-password', 'Change Password', false],
      ['/notifications', 'Notifications', false],
      ['/about-us', 'About us', false],
      ['/setup_pwa', 'Add to Home Screen', false],
    ];
    for (const [path, ready, picture] of screens) {
      await page.goto(`${WEB_URL}${path}`);
      await heading(page, ready);
      await look(page, path.split('/')[1] ?? path, 'inside', picture);
    }
    await page.goto(`${WEB_URL}/dashboard`);
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /EUR\/USD/ })
      .click();
    await heading(page, 'Alert Details');
    await look(page, 'alert-details', 'inside', true);
    await context.close();

    const { context: out, page: signedOut } = await newPage(browser, viewport);
    const publicScreens: [path: string, ready: string][] = [
      ['/login', 'Log in'],
      ['/signup', 'Create your account'],
      ['/forgot_password', 'Forgot your password?'],
      ['/password_changed', 'Password changed'],
      ['/email_verified', 'Could not verify'],
    ];
    for (const [path, ready] of publicScreens) {
      await signedOut.goto(`${WEB_URL}${path}`);
      await heading(signedOut, ready);
      await look(signedOut, path.slice(1), 'none');
    }
    await signedOut.goto(`${WEB_URL}/forgot_password`);
    await signedOut.getByLabel('Email').fill(email);
    await signedOut.getByRole('button', { name: 'Send reset link' }).click();
    await heading(signedOut, 'Check your email');
    await look(signedOut, 'reset-email-sent', 'none', true);
    await signedOut.goto(`${WEB_URL}/reset_password?oobCode=${await latestOobCode(email, 'PASSWORD_RESET')}`);
    await heading(signedOut, 'Choose a new password');
    await look(signedOut, 'reset-password', 'none', true);
    await out.close();

    expect(seen).toEqual(expected);
  });
});
