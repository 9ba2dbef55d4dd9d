// Signing out forgets this device's push token first, so the next person on the device gets none of
// the previous user's pushes, and then clears the user's cached documents from the device.
import { pushTokenId } from '@price-alerts/domain/notify';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, launchBrowser, signInWithPush } from './harness';
import { adminApp, adminDb, closeAdmin, seedUser } from './lists';

let browser: Browser;
let admin: App;
let db: Firestore;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('signout-test');
  db = adminDb(admin);
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

/** The Firestore caches in this browser's IndexedDB (the SDK names them firestore/...). */
const firestoreCaches = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases()).map((d) => d.name ?? '').filter((name) => name.startsWith('firestore/')),
  );

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('signing out', () => {
  const viewport = PHONE;
  it('deletes this device’s push token before the user is signed out', async () => {
    const user = await seedUser(admin, 'signout', []);
    const { context, page, token } = await signInWithPush(browser, viewport, user);
    const tokenDoc = db.doc(`users/${user.uid}/pushTokens/${await pushTokenId(token)}`);
    await expect.poll(async () => (await tokenDoc.get()).exists).toBe(true);

    await page.goto(`${WEB_URL}/account`);
    // The toasts on screen when the sign-out's shows, watched from the tap on: it comes once the cache
    // is cleared or the clearing's 3 s cap is up, and goes 5 s later, while a loaded machine may still be
    // deleting the cache. (Polled after the cache was gone, it had gone already in one CI run.)
    const toastsAtSignOut = page.waitForFunction(
      () => {
        const shown = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].map((t) => t.textContent);
        return shown.includes('Logged out successfully!') ? shown : null;
      },
      undefined,
      { polling: 100, timeout: 20_000 },
    );
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${WEB_URL}/login`);
    expect((await tokenDoc.get()).exists).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('price-alerts:push-token'))).toBeNull();
    // The user's cached documents are gone from the device, and signing out raised no error.
    await expect.poll(() => firestoreCaches(page)).toEqual([]);
    expect(await (await toastsAtSignOut).jsonValue()).toEqual(['Logged out successfully!']);
    await context.close();
  });

  it('offline, still forgets the device’s token, so the next sign-in registers a new one', async () => {
    const user = await seedUser(admin, 'signout-offline', []);
    const { context, page } = await signInWithPush(browser, viewport, user);
    await page.goto(`${WEB_URL}/account`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${WEB_URL}/login`);
    // The server could not be told. (Emulator builds use the local push channel, which has no browser
    // push subscription to end; production builds end it too.)
    expect(await page.evaluate(() => localStorage.getItem('price-alerts:push-token'))).toBeNull();
    await context.close();
  });
});
