// Acting on an alert where it reaches the user: an every-time alert fires, its push shows
// 'Snooze 1 h' and 'Pause', and a tap on 'Snooze 1 h' (dispatched to the service worker, as the
// platform would) snoozes it: the app says so in a toast, the row and the history. A once alert's
// email offers 'Set again', whose link opens a page that asks first, on a device signed out.
import type { CurrencyPair } from '@price-alerts/domain/common';
import type { App } from 'firebase-admin/app';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAlertAbove, expectPushShown } from './firings';
import { mailsTo } from './email-alerts';
import {
  PHONE,
  WEB_URL,
  checkScreenAtEachSize,
  launchBrowser,
  newPage,
  shownNotifications,
  signInWithPush,
  simulator,
} from './harness';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs } from './lists';

// No other test forces these pairs, and no active demo alert would fire on a rise of them.
const PUSH_PAIR: CurrencyPair = 'USD/CAD';
const EMAIL_PAIR: CurrencyPair = 'XAU/GBP';
const EVERY = { repeat: 'every', cooldownMinutes: 15, rearmPercent: 0.1 };

let browser: Browser;
let admin: App;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('alert-actions-test');
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(created.map((path) => adminDb(admin).doc(path).delete()));
  await closeAdmin(admin);
});

/** Taps a notification's button: the click event the platform sends the service worker. */
async function tapNotificationButton(page: Page, title: string, action: string): Promise<void> {
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  await worker.evaluate(
    async ({ title, action }) => {
      // The worker's own globals, typed here: the tests compile without the webworker library.
      const sw = self as unknown as {
        registration: { getNotifications(): Promise<Notification[]> };
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = (await sw.registration.getNotifications()).filter((n) => n.title === title);
      if (!notification) throw new Error(`No notification titled ${title}`);
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification, action }));
    },
    { title, action },
  );
}

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('acting on an alert', () => {
  const viewport = PHONE;
  it('snoozes an every-time alert from its push, and the app shows it snoozed', async () => {
    const user = await seedUser(admin, 'snooze', []);
    const { context, page, token } = await signInWithPush(browser, viewport, user);
    const db = adminDb(admin);
    const { ref, shown, crossing } = await addAlertAbove(db, PUSH_PAIR, 5, {
      uid: user.uid,
      email: false,
      push: true,
      extra: EVERY,
    });
    created.push(ref.path);
    await expect.poll(() => page.locator('.alert-row', { hasText: shown }).count()).toBe(1);
    const forcedAt = Date.now();
    await simulator('price', { pair: PUSH_PAIR, ask: crossing });
    const title = `${PUSH_PAIR}: Price rising above ${shown}`;
    await expectPushShown(
      page,
      db,
      ref.id,
      { uid: user.uid, token, forcedAt },
      { title, actions: ['Snooze 1 h', 'Pause'] },
    );

    await tapNotificationButton(page, title, 'snooze');
    await expect
      .poll(() => shownNotifications(page), { timeout: 30_000 })
      .toContainEqual(
        expect.objectContaining({ title: 'Price Alerts', body: expect.stringMatching(/^Snoozed until \d\d:\d\d\.$/) }),
      );
    await expect
      .poll(() =>
        page
          .getByText(/^Snoozed until \d\d:\d\d\.$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    const row = page.locator('.alert-row', { hasText: shown });
    await expect.poll(() => row.locator('.alert-snoozed').textContent()).toMatch(/^Snoozed until \d\d:\d\d$/);
    expect(await row.getByText('Paused', { exact: true }).isVisible()).toBe(true);
    await row.click();
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    // (The push's own 'Push sent' may be recorded a moment after the tap, so it is looked for by its words.)
    await expect
      .poll(() => sheet.locator('.history-list li', { hasText: 'Snoozed until' }).first().textContent())
      .toMatch(/Snoozed until \d\d:\d\d from the push$/);
    await checkScreenAtEachSize(page, 'alert-snoozed-from-push');
    // Resumed early, with Play.
    await sheet.getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await ref.get()).get('status')).toBe('active');
    expect((await ref.get()).get('snoozedUntil')).toBeUndefined();
    await context.close();
  });

  it('sets a once alert again, further from the market, from its email on a device where nobody is signed in', async () => {
    const user = await seedUser(admin, 'set-again', []);
    const db = adminDb(admin);
    const { ref, crossing } = await addAlertAbove(db, EMAIL_PAIR, 2, { uid: user.uid, email: true, push: false });
    await simulator('price', { pair: EMAIL_PAIR, ask: crossing });
    await expect.poll(async () => (await mailsTo(user.email)).length, { timeout: 60_000 }).toBe(1);
    const [mail] = await mailsTo(user.email);
    // Half a per cent further: the market is still past the old level, which would fire again at once.
    const href = /Set again \+0\.5%: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(href).toMatch(/\/action\?t=[\w-]+\.[\w-]+$/);

    // Opening the link, as a mail scanner or a preview does, asks first and changes nothing.
    const { context, page } = await newPage(browser, viewport);
    await page.goto(href.replace('http://127.0.0.1:5173', WEB_URL));
    await expect.poll(() => page.getByRole('heading', { name: 'Set again +0.5%?' }).isVisible()).toBe(true);
    expect((await db.collection(`users/${user.uid}/alerts`).get()).size).toBe(1);
    await checkScreenAtEachSize(page, 'alert-action-confirm');
    await page.getByRole('button', { name: 'Set again +0.5%' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Set again.');
    await checkScreenAtEachSize(page, 'alert-action-done');
    const alerts = (await db.collection(`users/${user.uid}/alerts`).get()).docs;
    expect(alerts.map((d) => d.get('status')).sort()).toEqual(['active', 'triggered']);
    const level = (await ref.get()).get('triggerPrice') as number;
    expect(alerts.find((d) => d.id !== ref.id)?.get('triggerPrice')).toBeCloseTo(level * 1.005, 1);

    // The same link again says it was done, at once and with no button, and makes nothing more.
    await page.reload();
    await expect.poll(() => page.getByText('This was already done: Set again.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Set again +0.5%' }).count()).toBe(0);
    expect((await db.collection(`users/${user.uid}/alerts`).get()).size).toBe(2);

    // Signed in, the new alert is in ACTIVE.
    await signInAs(page, WEB_URL, user.email);
    await expect.poll(() => page.locator('.alert-row', { hasText: EMAIL_PAIR }).count()).toBe(1);
    await context.close();
  });
});
