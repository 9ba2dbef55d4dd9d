// One feed state for every screen, so the create
// screen's panel recovers from a type 7/9 frame as soon as the dashboard does; and a browser without
// a network gets 'Offline' and no 'WebSocket connection error.' toast, and comes back by itself.
import { TOAST } from '@price-alerts/domain/copy';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  WEB_URL,
  WITH_SERVICE_WORKER,
  controlledPage,
  launchBrowser,
  newPage,
  signIn,
  simulator,
} from './harness';
import { A_PRICE, askOf, panel, relaySocketCount } from './live-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const connectionToasts = (page: Page) => page.getByText(TOAST.websocketConnection, { exact: true }).count();

describe('the live price feed after trouble', () => {
  it('shows the create screen panel price again within seconds of an error frame, as the dashboard does', async () => {
    const { context, page } = await newPage(browser, PHONE, WITH_SERVICE_WORKER);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => askOf(page, 'EUR/USD')).toMatch(A_PRICE);
    await page.locator('.pair-card', { hasText: 'EUR/USD' }).locator('.pair-open').click();
    await page.waitForURL(`${WEB_URL}/create_alert`);
    const ask = panel(page, 'EUR/USD').locator('.live-value', { hasText: 'Ask' }).locator('dd');
    await expect.poll(() => ask.textContent()).toMatch(A_PRICE);

    await simulator('error', { code: '7', error: 'Quota exceeded' });
    // The frame arrived (its toast), and the ticks that follow it are proof the feed works again.
    await expect
      .poll(() => page.getByText(TOAST.websocketError('Quota exceeded')).count(), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => ask.count(), { timeout: 5_000 }).toBe(1);
    await expect.poll(() => ask.textContent(), { timeout: 5_000 }).toMatch(A_PRICE);
    expect(await panel(page, 'EUR/USD').textContent()).not.toContain('Error fetching live price.');

    // The dashboard, under the same state, shows prices too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    await expect.poll(() => askOf(page, 'EUR/USD'), { timeout: 5_000 }).toMatch(A_PRICE);
    await context.close();
  });

  it('says Offline without a connection-error toast when the network goes, even after a reload, and comes back', async () => {
    const { context, page } = await newPage(browser, PHONE, WITH_SERVICE_WORKER);
    await controlledPage(context, page, '/login');
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(() => askOf(page, 'EUR/USD')).toMatch(A_PRICE);

    await context.setOffline(true);
    await expect.poll(() => askOf(page, 'EUR/USD')).toBe('Offline');
    expect(await connectionToasts(page)).toBe(0);

    // Reloaded from the app shell with no network: the feed does not even try a socket.
    const sockets = relaySocketCount(page);
    await page.reload();
    await expect.poll(() => askOf(page, 'EUR/USD')).toBe('Offline');
    expect([await connectionToasts(page), sockets.count]).toEqual([0, 0]);

    await context.setOffline(false);
    await expect.poll(() => askOf(page, 'EUR/USD'), { timeout: 10_000 }).toMatch(A_PRICE);
    expect([await connectionToasts(page), sockets.count]).toEqual([0, 1]);
    await context.close();
  });
});
