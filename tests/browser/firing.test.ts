// The product's promise, in the browser: a price crosses an alert's trigger on the simulator, and
// the demo user's device shows the push, the alert moves to PREVIOUS, and the push's link opens it.
import type { CurrencyPair } from '@price-alerts/domain/common';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, signInWithPush, simulator } from './harness';
import { addPushAlertAbove, expectPushShown } from './demoAlerts';

// No other test forces this pair, and no demo alert watches it.
const PAIR: CurrencyPair = 'NZD/USD';
let browser: Browser;
let admin: App;
let db: Firestore;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = initializeApp({ projectId: 'demo-price-alerts' }, 'firing-test');
  db = getFirestore(admin);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(created.map((id) => db.doc(`users/demo-user/alerts/${id}`).delete()));
  await deleteApp(admin);
});

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('an alert firing', () => {
  const viewport = PHONE;
  it('shows the push, moves the alert to PREVIOUS, and the push link opens its details', async () => {
    const { context, page, token } = await signInWithPush(browser, viewport);

    const { ref, shown, crossing } = await addPushAlertAbove(db, PAIR, 5);
    created.push(ref.id);
    await expect.poll(() => page.locator('.alert-row', { hasText: shown }).count()).toBe(1);

    const forcedAt = Date.now();
    await simulator('price', { pair: PAIR, ask: crossing });
    await expectPushShown(
      page,
      db,
      ref.id,
      { token, forcedAt },
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
    expect(await sheet.getByText(shown).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'PREVIOUS' }).getAttribute('aria-selected')).toBe('true');
    await checkScreenAtEachSize(page, 'alert-link-details');
    await context.close();
  });
});
