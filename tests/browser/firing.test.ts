// The product's promise, in the browser: a price crosses an alert's trigger on the simulator, and
// the user's device shows the push, the alert moves to PREVIOUS, and the push's link opens it.
import type { CurrencyPair } from '@price-alerts/domain/common';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, signInWithPush, simulator } from './harness';
import { addPushAlertAbove, expectPushShown } from './firings';
import { adminApp, adminDb, closeAdmin, seedUser } from './lists';

// No other test forces this pair, and no demo alert watches it.
const PAIR: CurrencyPair = 'NZD/USD';
let browser: Browser;
let admin: App;
let db: Firestore;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('firing-test');
  db = adminDb(admin);
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('an alert firing', () => {
  const viewport = PHONE;
  it('shows the push, moves the alert to PREVIOUS, and the push link opens its details', async () => {
    const user = await seedUser(admin, 'firing', []);
    const { context, page, token } = await signInWithPush(browser, viewport, user);

    const { ref, shown, crossing } = await addPushAlertAbove(db, user.uid, PAIR, 5);
    await expect.poll(() => page.locator('.alert-row', { hasText: shown }).count()).toBe(1);

    const forcedAt = Date.now();
    await simulator('price', { pair: PAIR, ask: crossing });
    await expectPushShown(
      page,
      db,
      ref.id,
      { uid: user.uid, token, forcedAt },
      {
        title: `${PAIR}: Price rising above ${shown}`,
        url: `/dashboard?alert=${ref.id}`,
      },
    );
    await expect.poll(() => page.locator('.alert-row', { hasText: shown }).count()).toBe(0);
    await page.getByRole('tab', { name: 'PREVIOUS' }).click();
    const row = page.locator('.alert-row', { hasText: shown });
    await expect.poll(() => row.getByText('Triggered').isVisible()).toBe(true);
    await checkScreenAtEachSize(page, 'alert-fired-previous');

    // What tapping the notification opens.
    await page.goto(`${WEB_URL}/dashboard?alert=${ref.id}`);
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await expect.poll(() => sheet.getByText('Triggered', { exact: true }).first().isVisible()).toBe(true);
    // The trigger price's row (the chart's words under it name the level too).
    expect(await sheet.getByText(shown, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'PREVIOUS' }).getAttribute('aria-selected')).toBe('true');
    await checkScreenAtEachSize(page, 'alert-link-details');
    await context.close();
  });
});
