// The service worker for real: offline shell, push display through CDP, and the emulators'
// local push channel end to end.
import { pushTokenId } from '@price-alerts/domain/notify';
import type { App } from 'firebase-admin/app';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_WORKER_SETTLE_MS } from '../../web/src/lib/serviceWorkerStart';
import {
  PHONE,
  WEB_URL,
  WITH_SERVICE_WORKER,
  controlledPage,
  launchBrowser,
  newPage,
  screenshot,
  shownNotifications,
  signInWithPush,
} from './harness';
import { adminApp, adminDb, closeAdmin, seedUser } from './lists';

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('pwa-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('service worker', () => {
  const viewport = PHONE;
  it('opens the app shell offline', async () => {
    const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    await controlledPage(context, page, '/login');
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Log in' }).isVisible()).toBe(true);
    await screenshot(page, 'offline-login');
    await context.close();
  });
});

describe('first visit', () => {
  it('registers the service worker only once the page has loaded and settled', async () => {
    const { context, page } = await newPage(browser, PHONE, WITH_SERVICE_WORKER);
    // Records, in page time, the load event and the app's call to register the worker.
    await page.addInitScript(() => {
      const times: Record<string, number> = {};
      (window as unknown as { swTimes: Record<string, number> }).swTimes = times;
      addEventListener('load', () => (times.load = performance.now()));
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args) => {
        times.register = performance.now();
        return register(...args);
      };
    });
    await page.goto(`${WEB_URL}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const times = await page.evaluate(() => (window as unknown as { swTimes: Record<string, number> }).swTimes);
    // A missing time makes the difference NaN, which fails too.
    expect((times.register ?? NaN) - (times.load ?? NaN)).toBeGreaterThanOrEqual(SERVICE_WORKER_SETTLE_MS);
    await context.close();
  });
});

describe('push', () => {
  it('displays a web push delivered to the service worker, with a link to the alert', async () => {
    const { context, page } = await newPage(browser, PHONE, WITH_SERVICE_WORKER);
    await context.grantPermissions(['notifications'], { origin: WEB_URL });
    await controlledPage(context, page, '/login');
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(WEB_URL) && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const payload = {
      notification: { title: 'EUR/USD rose above 1.09500', body: 'Ask 1.09512 at 14:05' },
      data: { alertId: 'demo-1' },
      from: '000000000000',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: WEB_URL,
      registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => shownNotifications(page))
      .toContainEqual({
        title: 'EUR/USD rose above 1.09500',
        body: 'Ask 1.09512 at 14:05',
        url: '/dashboard?alert=demo-1',
      });
    await context.close();
  });

  it('registers the device on sign-in and shows what the local channel delivers', async () => {
    const user = await seedUser(admin, 'pwa-push', []);
    const { context, page, token } = await signInWithPush(browser, PHONE, user);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text().slice(0, 120));
    });
    const db = adminDb(admin);
    const tokenDoc = db.doc(`users/${user.uid}/pushTokens/${await pushTokenId(token)}`);
    await expect.poll(async () => (await tokenDoc.get()).exists).toBe(true);

    const message = db.collection(`users/${user.uid}/localPush`).doc();
    await message.set({
      token,
      payload: {
        notification: { title: 'BTC/USD dropped below 88,000.00', body: 'Ask 87,990.50' },
        data: { alertId: 'demo-2' },
      },
    });
    try {
      await expect
        .poll(() => shownNotifications(page))
        .toContainEqual({
          title: 'BTC/USD dropped below 88,000.00',
          body: 'Ask 87,990.50',
          url: '/dashboard?alert=demo-2',
        });
    } catch (error) {
      // Whether the message is consumed (the app deletes it once the service worker says it showed it)
      // says which side of the channel failed.
      const consumed = !(await message.get()).exists;
      const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      const said = `consumed: ${consumed}; controlled: ${controlled}; console errors: [${errors.join(' | ')}]`;
      throw new Error(`No local push shown: ${said}`, { cause: error });
    }
    await expect.poll(async () => (await message.get()).exists).toBe(false);
    await context.close();
  });
});
