// Google sign-in through the Auth emulator's popup. The Firebase SDK and the emulator's helper
// iframe need Google's gapi loader from apis.google.com, which tests cannot download, so a small
// stand-in (fixtures/gapi-stub.js) is served in its place; everything else is the real flow.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineGoogle } from './google';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, newPage, screenshot, uniqueEmail } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('Google sign-in', () => {
  const viewport = PHONE;
  it('signs in a new Google account through the popup and greets it by name', async () => {
    const { context, page } = await newPage(browser, viewport);
    await offlineGoogle(context);
    await page.goto(`${WEB_URL}/login`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState('domcontentloaded');
    await popup.locator('#add-account-button button').click();
    const email = uniqueEmail('google');
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Grace Hopper');
    await screenshot(popup, 'google-popup');
    await popup.locator('#sign-in').click();

    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { name: 'Grace Hopper' }).isVisible()).toBe(true);
    // The new account's profile is created from it: the first-run card appears.
    await expect.poll(() => page.getByRole('heading', { name: 'My Todos' }).isVisible()).toBe(true);
    await checkScreenAtEachSize(page, 'google-signed-in');
    await context.close();
  });
});
