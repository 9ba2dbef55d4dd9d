// How the alert model shows, for a user of the test's own: ACTIVE rows with the
// live price on the alert's side and its distance to the level, moving with the simulator; an
// every-time alert's firings and a runaway pause; an expired alert in PREVIOUS; and the details
// sheet with the model's rows and the alert's history, written here as the server would.
import { formatDateTime } from '@price-alerts/domain/common';
import { HISTORY_RETENTION_MS, expiryText, type AlertEvent } from '@price-alerts/domain/alerts';
import type { App } from 'firebase-admin/app';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, simulator } from './harness';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs, type SeededUser } from './lists';

// Pairs no other test forces and no active demo alert watches (forcing a price fires what it
// crosses); the two forced here sit 2% or more from their levels so the random walk after the
// forcing cannot fire them. The trigger prices are unusual enough to find each row by.
const EVERY = { pair: 'LTC/USD', trigger: 98.94, shown: '98.94' } as const;
const BID = { pair: 'XAU/JPY', trigger: 390_000, shown: '390,000.00' } as const;
const RUNAWAY = { pair: 'XAU/GBP', trigger: 2111.11, shown: '2,111.11' } as const;
const EXPIRED = { pair: 'XAU/EUR', trigger: 2333.33, shown: '2,333.33' } as const;

let user: SeededUser;
const alerts = () => `users/${user.uid}/alerts`;
const NOW = Date.now();
const MINUTE = 60_000;
const LAST_FIRED = NOW - 5 * MINUTE;
// The page formats dates in its time zone; the expectations here are formatted in this process's.
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A history line's time of day ('14:07'; the day is its group's heading). */
const clock = (ms: number) =>
  new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: TIME_ZONE,
  }).format(ms);

let browser: Browser;
let admin: App;
let db: Firestore;
const ids: Record<'every' | 'bid' | 'runaway' | 'expired', string> = { every: '', bid: '', runaway: '', expired: '' };

function alertDoc(pair: string, trigger: number, patch: Record<string, unknown>) {
  return {
    userId: user.uid,
    currencyPair: pair,
    alertType: 'Price rising above',
    triggerPrice: trigger,
    priceSide: 'ask',
    status: 'active',
    armed: true,
    notificationPreferences: { email: true, push: true },
    createdAt: FieldValue.serverTimestamp(),
    ...patch,
  };
}

/** A history event as the server writes it. */
const event = (type: AlertEvent['type'], at: number, patch: Partial<AlertEvent> = {}) => ({
  type,
  at,
  expireAt: Timestamp.fromMillis(at + HISTORY_RETENTION_MS),
  ...patch,
});

beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('alert-model-view-test');
  db = adminDb(admin);
  user = await seedUser(admin, 'alert-model', []);
  const add = async (data: Record<string, unknown>) => (await db.collection(alerts()).add(data)).id;
  // Oldest first, so the every-time alert heads ACTIVE.
  ids.expired = await add(
    alertDoc(EXPIRED.pair, EXPIRED.trigger, {
      status: 'cancelled',
      armed: false,
      cancelReason: 'expired',
      expiresAt: NOW - 10 * MINUTE,
    }),
  );
  ids.runaway = await add(
    alertDoc(RUNAWAY.pair, RUNAWAY.trigger, {
      alertType: 'Price reaching',
      status: 'paused',
      repeat: 'every',
      fireCount: 16,
      lastFiredAt: NOW - MINUTE,
      lastFiredPrice: 2111.11,
      pauseReason: 'runaway',
    }),
  );
  ids.bid = await add(
    alertDoc(BID.pair, BID.trigger, {
      alertType: 'Price dropping below',
      priceSide: 'bid',
      expiresAt: NOW + 7 * 24 * 60 * MINUTE,
    }),
  );
  ids.every = await add(
    alertDoc(EVERY.pair, EVERY.trigger, {
      repeat: 'every',
      cooldownMinutes: 5,
      rearmPercent: 0.2,
      fireCount: 3,
      lastFiredAt: LAST_FIRED,
      lastFiredPrice: 98.95,
    }),
  );
  const history = db.collection(`${alerts()}/${ids.every}/history`);
  const batch = db.batch();
  for (const data of [
    event('created', NOW - 60 * MINUTE),
    event('fired', NOW - 40 * MINUTE, { price: 98.96, side: 'ask' }),
    event('rearmed', NOW - 30 * MINUTE),
    event('fired', LAST_FIRED, { price: 98.95, side: 'ask' }),
    event('notified', LAST_FIRED + 1000, { channel: 'email', outcome: 'skipped', reason: 'Email not verified' }),
    event('notified', LAST_FIRED + 2000, { channel: 'push', outcome: 'sent' }),
  ]) {
    batch.set(history.doc(), data);
  }
  batch.set(db.collection(`${alerts()}/${ids.expired}/history`).doc(), event('expired', NOW - 10 * MINUTE));
  await batch.commit();
});
afterAll(async () => {
  await browser?.close();
  await simulator('silence', { silent: false });
  await Promise.all(Object.values(ids).map((id) => id && db.recursiveDelete(db.doc(`${alerts()}/${id}`))));
  await closeAdmin(admin);
});

const rowOf = (page: Page, { pair, shown }: { pair: string; shown: string }) =>
  page.locator('.alert-row').filter({ hasText: pair }).filter({ hasText: shown });

/** The details sheet's rows as [label, value] pairs. */
const detailRows = (sheet: Locator) =>
  sheet
    .locator('dl.details')
    .evaluate((dl) =>
      [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']),
    );

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('the alert model', () => {
  const viewport = PHONE;
  it('shows live distances, firings, a runaway pause, an expiry, the details and the history', async () => {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      hasTouch: true,
      timezoneId: TIME_ZONE,
    });
    const page = await context.newPage();
    await signInAs(page, WEB_URL, user.email);
    const every = rowOf(page, EVERY);
    const bid = rowOf(page, BID);
    await expect.poll(() => every.count()).toBe(1);

    // Random ticks would move a forced price on within 250 ms; hold them while checking.
    await simulator('silence', { silent: true });
    try {
      await simulator('price', { pair: EVERY.pair, ask: 97 });
      // The bid is the ask less the simulator's XAU/JPY spread of 60.
      await simulator('price', { pair: BID.pair, ask: 400_060 });
      await expect.poll(() => every.locator('.alert-live').textContent()).toBe('Ask 97.00 · 2.00% away');
      await expect.poll(() => bid.locator('.alert-live').textContent()).toBe('Bid 400,000.00 · 2.50% away');
      // The row follows the feed, tick by tick.
      await simulator('price', { pair: EVERY.pair, ask: 96.5 });
      await expect.poll(() => every.locator('.alert-live').textContent()).toBe('Ask 96.50 · 2.53% away');
    } finally {
      await simulator('silence', { silent: false });
    }
    expect(await every.locator('.alert-repeat').textContent()).toBe(
      `Every time · fired 3× · last ${formatDateTime(LAST_FIRED)}`,
    );
    const runaway = rowOf(page, RUNAWAY);
    expect(await runaway.locator('.alert-runaway').textContent()).toBe('Paused: too many firings');
    expect(await runaway.locator('.badge').textContent()).toBe('Paused');
    // One line at a phone's width: the price column sits level with the pair, as in a row without extras.
    const [pairBox, priceBox] = await Promise.all([
      every.locator('.alert-pair').boundingBox(),
      every.locator('.alert-price').boundingBox(),
    ]);
    expect(Math.abs((pairBox?.y ?? 0) - (priceBox?.y ?? 1))).toBeLessThan(2);
    await checkScreenAtEachSize(page, 'alert-model-active');

    await page.getByRole('tab', { name: 'PREVIOUS' }).click();
    const expired = rowOf(page, EXPIRED);
    await expect.poll(() => expired.locator('.alert-reason').textContent()).toBe('Expired');
    expect(await expired.locator('.badge').textContent()).toBe('Cancelled');
    expect(await expired.locator('.alert-live').count()).toBe(0);
    await checkScreenAtEachSize(page, 'alert-model-previous');
    await expired.click();
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await expect
      .poll(() => detailRows(sheet))
      .toEqual(expect.arrayContaining([['Reason', `Expired on ${formatDateTime(NOW - 10 * MINUTE)}`]]));
    await expect
      .poll(() => sheet.locator('.history-list li').allTextContents())
      .toContain(`${clock(NOW - 10 * MINUTE)}Expired`);
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => sheet.count()).toBe(0);

    await page.getByRole('tab', { name: 'ACTIVE' }).click();
    await every.click();
    await expect
      .poll(() => detailRows(sheet))
      .toEqual(
        expect.arrayContaining([
          ['Repeat', 'Every time'],
          ['Cooldown', '5 min'],
          ['Re-arm distance', '0.2%'],
          ['Fired', '3 times'],
          ['Last fired', formatDateTime(LAST_FIRED)],
          ['Last firing price', '98.95'],
        ]),
      );
    // Ask and never expiring are the defaults: no rows for them.
    expect((await detailRows(sheet)).map(([label]) => label)).not.toContain('Judged on');
    expect((await detailRows(sheet)).map(([label]) => label)).not.toContain('Expires');
    const items = sheet.locator('.history-list li');
    // Newest first; the server may add events of its own (such as the creation) beside these.
    await expect
      .poll(() => items.allTextContents())
      .toEqual(
        expect.arrayContaining([
          `${clock(LAST_FIRED + 2000)}Push sent`,
          `${clock(LAST_FIRED + 1000)}Email skipped: Email not verified`,
          `${clock(LAST_FIRED)}Fired at 98.95 (ask)`,
          `${clock(NOW - 30 * MINUTE)}Re-armed`,
          `${clock(NOW - 40 * MINUTE)}Fired at 98.96 (ask)`,
        ]),
      );
    // Each event on one line, even the longest here at a phone's width.
    for (const box of await items.evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().height))) {
      expect(box).toBeLessThan(30);
    }
    const texts = await items.allTextContents();
    const order = ['Push sent', 'Email skipped', 'Fired at 98.95', 'Re-armed', 'Fired at 98.96'].map((t) =>
      texts.findIndex((line) => line.includes(t)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await checkScreenAtEachSize(page, 'alert-model-details');
    // On a phone the history may sit below the fold of the sheet: picture it too.
    await items.last().scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'alert-model-history');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => sheet.count()).toBe(0);

    await rowOf(page, RUNAWAY).click();
    await expect
      .poll(() => detailRows(sheet))
      .toEqual(
        expect.arrayContaining([
          ['Reason', 'Paused after more than 15 firings in 3 minutes. Resume it when the market calms.'],
        ]),
      );
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => sheet.count()).toBe(0);

    await bid.click();
    await expect
      .poll(() => detailRows(sheet))
      .toEqual(
        expect.arrayContaining([
          ['Judged on', 'Bid'],
          ['Expires', expiryText(NOW + 7 * 24 * 60 * MINUTE)],
        ]),
      );
    await checkScreenAtEachSize(page, 'alert-model-bid-details');

    // The live price panel of the edit screen names the side this alert is judged on.
    await sheet.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(`${WEB_URL}/edit_alert/${ids.bid}`);
    const panel = page.getByRole('region', { name: `Live price of ${BID.pair}` });
    const judged = panel.locator('[aria-current="true"]');
    await expect.poll(() => judged.locator('dt').textContent()).toBe('Bid Judged on');
    // Ask and bid; mid only for an alert judged on it.
    expect(await panel.locator('.live-value').count()).toBe(2);
    await panel.scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'alert-model-live-panel');
    await context.close();
  });
});
