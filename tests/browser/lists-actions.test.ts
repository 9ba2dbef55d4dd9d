// Edit only where editing is possible, rows whose price column
// stays put, a capitalised status, and actions that a double tap runs once.
import { DASHBOARD_TEXT, MSG_EDIT_MISSING, TOAST } from '@price-alerts/domain/copy';
import type { App } from 'firebase-admin/app';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  SMALL_PHONE,
  TABLET,
  WEB_URL,
  checkScreen,
  checkScreenAtEachSize,
  launchBrowser,
  newPage,
  screenshot,
  sideScroll,
} from './harness';
import { adminApp, adminDb, closeAdmin, recordToasts, seedUser, shownToasts, signInAs } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('lists-actions-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Alert Details' });

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('finished alerts', () => {
  const viewport = PHONE;
  it('disables Edit for triggered and cancelled alerts, and their edit URL says why', async () => {
    const user = await seedUser(admin, 'lists-finished', [
      { status: 'active' },
      { status: 'triggered' },
      { status: 'cancelled' },
    ]);
    const [, triggeredId, cancelledId] = user.alertIds;
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);
    await page.getByRole('tab', { name: 'PREVIOUS' }).click();
    const rows = page.getByRole('tabpanel').locator('.alert-row');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().click();
    const sheet = sheetOf(page);
    await expect.poll(() => sheet.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await sheet.getByRole('button', { name: 'Pause' }).isDisabled()).toBe(true);
    expect(await sheet.getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
    await checkScreenAtEachSize(page, 'lists-details-triggered');

    for (const [id, status] of [
      [triggeredId, 'triggered'],
      [cancelledId, 'cancelled'],
    ] as const) {
      await page.goto(`${WEB_URL}/edit_alert/${id}`);
      await expect.poll(() => page.getByText(DASHBOARD_TEXT.notEditable(status)).isVisible()).toBe(true);
      expect(await page.getByText(MSG_EDIT_MISSING).count()).toBe(0);
    }
    await checkScreenAtEachSize(page, 'lists-edit-finished');
    await page.goto(`${WEB_URL}/edit_alert/no-such-alert`);
    await expect.poll(() => page.getByText(MSG_EDIT_MISSING).isVisible()).toBe(true);
    await context.close();
  });
});

describe('rows of the active list', () => {
  it('keeps the type on one line and the price column in place with a Paused badge, at every width', async () => {
    const user = await seedUser(admin, 'lists-rows', [
      { status: 'paused', alertType: 'Price rising above' },
      { status: 'active', alertType: 'Price rising above' },
      { status: 'paused', alertType: 'Price dropping below', pair: 'BTC/USD', triggerPrice: 999_999.5 },
    ]);
    const { context, page } = await newPage(browser, PHONE);
    await signInAs(page, WEB_URL, user.email);
    const rows = page.getByRole('tabpanel').locator('.alert-row');
    await expect.poll(() => rows.count()).toBe(3);
    for (const viewport of [SMALL_PHONE, PHONE, TABLET]) {
      await page.setViewportSize(viewport);
      const boxes = await rows.evaluateAll((buttons) =>
        buttons.map((b) => {
          // One client rect per line box the type's text takes.
          const type = b.querySelector('.alert-type');
          const price = b.querySelector('.alert-price');
          if (!type || !price) return { typeLines: 0, priceRight: -1 };
          const range = document.createRange();
          range.selectNodeContents(type);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          return { typeLines: lines, priceRight: Math.round(price.getBoundingClientRect().right) };
        }),
      );
      expect(
        boxes.map((b) => b.typeLines),
        `type lines at ${viewport.width}`,
      ).toEqual([1, 1, 1]);
      const rights = new Set(boxes.map((b) => b.priceRight));
      expect(rights.size, `price column at ${viewport.width}: ${[...rights].join(', ')}`).toBe(1);
      expect(await sideScroll(page)).toBe(0);
      if (viewport === SMALL_PHONE) await screenshot(page, 'lists-rows-paused');
      else await checkScreen(page, 'lists-rows-paused');
    }
    await context.close();
  });
});

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('details and actions', () => {
  const viewport = PHONE;
  async function openOnlyAlert(prefix: string) {
    const user = await seedUser(admin, prefix, [{ status: 'active' }]);
    const { context, page } = await newPage(browser, viewport);
    await recordToasts(page);
    await signInAs(page, WEB_URL, user.email);
    await page.getByRole('tabpanel').locator('.alert-row').first().click();
    const sheet = sheetOf(page);
    const status = sheet.locator('dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd[1]');
    return { user, context, page, sheet, status };
  }

  it('capitalises the status as the badges do', async () => {
    const { context, page, status } = await openOnlyAlert('lists-status');
    await expect.poll(() => status.textContent()).toBe('Active');
    await checkScreenAtEachSize(page, 'lists-details-active');
    await context.close();
  });

  it('pauses once for a double tap on Pause, even when the write is back before the second tap', async () => {
    const { user, context, page, sheet, status } = await openOnlyAlert('lists-double');
    await expect.poll(() => status.textContent()).toMatch(/^active$/i);
    await sheet.getByRole('button', { name: 'Pause' }).dblclick();
    await expect.poll(() => status.textContent()).toMatch(/^paused$/i);
    // The second tap of a double tap landing after the write came back (a fast network): the
    // browser counts it as the second click, on the button that now reads Play.
    const box = await sheet.getByRole('button', { name: 'Play' }).boundingBox();
    if (!box) throw new Error('No Play button on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    // One deliberate tap on the toggle after it: it must resume (had the late tap resumed, this pauses).
    await sheet.locator('.sheet-actions button').first().click();
    await expect.poll(() => status.textContent()).toMatch(/^active$/i);

    const history = adminDb(admin).collection(`users/${user.uid}/alerts/${user.alertIds[0]}/history`);
    const types = async () =>
      (await history.orderBy('at').get()).docs.map((d) => d.get('type') as string).filter((t) => t !== 'created');
    await expect.poll(types).toContain('resumed');
    expect(await types()).toEqual(['paused', 'resumed']);
    // The toast follows the server's acknowledgement, which can reach the page after the history is written.
    const told = async () => (await shownToasts(page)).filter((t) => t === TOAST.paused || t === TOAST.resumed);
    await expect.poll(told).toEqual([TOAST.paused, TOAST.resumed]);
    await context.close();
  });
});
