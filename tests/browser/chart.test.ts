// The chart on the create and edit screens: its line dragged with a finger on a phone and with a mouse on a
// tablet, moved with the keys, and the price saved; the page does not scroll under a drag on the line.
import type { App } from 'firebase-admin/app';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, TABLET, WEB_URL, checkScreenAtEachSize, launchBrowser, newPage } from './harness';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('chart-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

const trigger = (page: Page) => page.getByLabel('Trigger price', { exact: true });
const chart = (page: Page) => page.locator('.price-chart');

/** Where the trigger line is drawn, in the page's coordinates, once the chart has drawn the relay's candles. */
async function line(page: Page): Promise<{ x: number; y: number }> {
  await page.locator('.chart-frame[data-state=ready]').waitFor();
  await expect.poll(() => chart(page).getAttribute('data-line-y')).toMatch(/^\d+$/);
  const box = await chart(page).boundingBox();
  const y = Number(await chart(page).getAttribute('data-line-y'));
  if (!box) throw new Error('the chart is not laid out');
  return { x: box.x + box.width / 3, y: box.y + y };
}

/** A finger's drag through the DevTools protocol: real touch events, as a phone sends them. */
async function touchDrag(page: Page, from: { x: number; y: number }, dy: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= 8; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x, y: from.y + (dy * i) / 8 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function pick(page: Page, field: 'Currency pair' | 'Alert type', choice: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(field) }).click();
  const dialog = page.getByRole('dialog', { name: field });
  await dialog.getByRole('button', { name: choice, exact: true }).click();
  // The page behind a sheet takes no input until the sheet has gone.
  await dialog.waitFor({ state: 'detached' });
}

const savedPrice = async (uid: string) => {
  // Whatever its status: the market may reach a level set this near it before the check.
  const snapshot = await adminDb(admin).collection(`users/${uid}/alerts`).get();
  return snapshot.docs.map((d) => d.get('triggerPrice') as number);
};

describe('the chart', () => {
  it('sets a new alert’s level by dragging the line with a finger, the page held still', async () => {
    const user = await seedUser(admin, 'chart-touch', [{ status: 'active', triggerPrice: 1.5 }]);
    const { page } = await newPage(browser, PHONE);
    await signInAs(page, WEB_URL, user.email);
    await page.goto(`${WEB_URL}/create_alert`);
    await pick(page, 'Currency pair', 'EUR/USD');
    await pick(page, 'Alert type', 'Price rising above');
    // With no level typed, a dashed line at the market offers a start.
    await line(page);
    await chart(page).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    const at = await line(page);
    await touchDrag(page, at, -50);
    await expect.poll(() => trigger(page).inputValue()).toMatch(/^1\.\d{5}$/);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    const set = Number(await trigger(page).inputValue());
    const summary = page.locator('.chart-summary');
    await expect.poll(() => summary.textContent()).toMatch(/Level 1\.\d{5}, [\d.]+% above the market\./);
    // A drag elsewhere on the chart is the chart's or the page's, never the level's.
    await touchDrag(page, { x: at.x, y: at.y + 80 }, 30);
    expect(Number(await trigger(page).inputValue())).toBe(set);
    await checkScreenAtEachSize(page, 'create-alert-chart');
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await page.waitForURL(`${WEB_URL}/alert_added_successfully`);
    await expect.poll(() => savedPrice(user.uid)).toContain(set);
  });

  it('moves an edited alert’s line with a mouse and with the keys, and typing moves the line', async () => {
    const user = await seedUser(admin, 'chart-mouse', [{ status: 'active', triggerPrice: 1.3 }]);
    const { page } = await newPage(browser, TABLET);
    await signInAs(page, WEB_URL, user.email);
    await page.goto(`${WEB_URL}/edit_alert/${user.alertIds[0]}`);
    await expect.poll(() => trigger(page).inputValue()).toBe('1.3');
    // Typing a level the chart can show moves the line to it.
    const before = await line(page);
    const market = Number((await page.locator('.chart-summary').textContent())?.match(/last ([\d.]*\d)/)?.[1]);
    await trigger(page).fill((market + 0.001).toFixed(5));
    await expect.poll(async () => (await line(page)).y).not.toBe(before.y);
    const at = await line(page);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x, at.y + 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => Number(await trigger(page).inputValue())).toBeLessThan(market + 0.001);
    const dragged = Number(await trigger(page).inputValue());
    const slider = page.getByRole('slider', { name: 'Level on the chart of EUR/USD' });
    await slider.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Number(await trigger(page).inputValue())).toBeGreaterThan(dragged);
    const keyed = await trigger(page).inputValue();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => savedPrice(user.uid)).toEqual([Number(keyed)]);
  });
});
