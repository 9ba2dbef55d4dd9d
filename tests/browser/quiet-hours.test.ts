// Quiet hours end to end on the stack: the settings on the Notifications screen, an alert firing
// inside them (recorded at once, its push held), and turning them off releasing the held push as
// one digest notification on this device.
import type { CurrencyPair } from '@price-alerts/domain/common';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addAlertAbove } from './firings';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs, type SeededUser } from './lists';

// Crypto trades all week, so no market clock moves it; no other test forces it, and no active demo alert watches it.
const PAIR: CurrencyPair = 'ETH/USD';
let browser: Browser;
let admin: App;
let db: Firestore;
let user: SeededUser;
const profile = () => db.doc(`users/${user.uid}`);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('quiet-hours-test');
  db = adminDb(admin);
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

/** The user's only alert fires inside the hours, so the digest holds it alone. */
const DIGEST_TITLE = '1 alert fired during quiet hours';

/** What the server holds for the user's digests, for a failure to say where the release stopped. */
async function digestState(): Promise<string> {
  const digests = await db.collection('digests').where('userId', '==', user.uid).get();
  const pushes = await profile().collection('localPush').get();
  return JSON.stringify({
    quietHours: (await profile().get()).get('quietHours') as unknown,
    digests: digests.docs.map((d) => ({ id: d.id, ...d.data() })),
    localPush: pushes.docs.map((d) => d.data()),
  });
}

/** HH:MM in UTC, `hours` from now. */
const utcClock = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(11, 16);
const quietSwitch = (page: Page) => page.getByRole('switch', { name: 'Quiet hours' });
/** The card in the middle of the screen, clear of the bottom navigation. */
const showQuietHours = (page: Page) =>
  page.locator('.quiet-hours').evaluate((card) => card.scrollIntoView({ block: 'center' }));

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('quiet hours', () => {
  const viewport = PHONE;
  it('are set on the Notifications screen, hold a firing’s push, and release it as one digest when turned off', async () => {
    // Seeded here, not once for the file: a second try starts from a fresh account too.
    user = await seedUser(admin, 'quiet-hours', []);
    const { context, page } = await signInWithPush(browser, viewport, user);
    await page.goto(`${WEB_URL}/notifications`);
    await expect.poll(() => quietSwitch(page).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('22:00');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('07:00');
    await showQuietHours(page);
    await checkScreenAtEachSize(page, 'quiet-hours-off');

    // Hours around now, in UTC, so the firing below falls inside them whatever the time of the run.
    const window = { from: utcClock(-2), to: utcClock(2) };
    await quietSwitch(page).click();
    await expect.poll(() => quietSwitch(page).getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Time zone').selectOption('UTC');
    await page.getByLabel('From', { exact: true }).fill(window.from);
    await page.getByLabel('To', { exact: true }).fill(window.to);
    await expect
      .poll(async () => (await profile().get()).get('quietHours'))
      .toEqual({ enabled: true, ...window, timeZone: 'UTC', holdEmail: false });
    await checkScreenAtEachSize(page, 'quiet-hours-on');

    // ETH/USD moves more in the 20 s its stored price may lag than the usual 0.2%: a level that close
    // could fire before the test forces it.
    const { ref, shown, crossing } = await addAlertAbove(db, PAIR, 2, {
      uid: user.uid,
      email: false,
      push: true,
      margin: 0.01,
    });
    await page.goto(`${WEB_URL}/dashboard`);
    // Once over 15 s on CI, while the previous viewport's digest still kept Functions emulator workers busy.
    await expect.poll(() => page.locator('.alert-row', { hasText: shown }).count(), { timeout: 40_000 }).toBe(1);
    await simulator('price', { pair: PAIR, ask: crossing });

    // Recorded at once (triggered, with its history), the push held: nothing shows on the device.
    await page.goto(`${WEB_URL}/dashboard?alert=${ref.id}`);
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    // Generous: the first firing on a fresh stack waits for the Functions emulator to start workers.
    await expect.poll(() => sheet.getByText('Push: Held for quiet hours').isVisible(), { timeout: 60_000 }).toBe(true);
    expect((await ref.get()).get('status')).toBe('triggered');
    const ours = (title: string) => title.includes(shown);
    expect((await shownNotifications(page)).filter((n) => ours(n.title))).toEqual([]);
    await checkScreenAtEachSize(page, 'quiet-hours-held');

    // Off: what was held goes out at once, as one notification that opens the dashboard.
    await page.goto(`${WEB_URL}/notifications`);
    await quietSwitch(page).click();
    // The settings write, the digest's sender and the push each wait for a Functions emulator worker:
    // over 60 s once on a loaded CI machine, with the stack's two relays beside it.
    const digestShown = async () =>
      (await shownNotifications(page)).some((n) => n.title === DIGEST_TITLE && n.url === '/dashboard');
    await expect
      .poll(digestShown, { timeout: 100_000 })
      .toBe(true)
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nState when the digest did not show: ${await digestState()}`);
      });
    await page.goto(`${WEB_URL}/dashboard?alert=${ref.id}`);
    await expect.poll(() => sheet.getByText(/^Push: Sent in the \d\d:\d\d digest$/).isVisible()).toBe(true);
    await context.close();
    // Each settings write and the firing start Functions emulator workers: minutes, not seconds, on a busy machine.
  }, 180_000);
});

describe('quiet hours on a small phone', () => {
  it('fit 320 px without scrolling sideways', async () => {
    const small = await seedUser(admin, 'quiet-hours-small', []);
    const { context, page } = await newPage(browser, { width: 320, height: 568 });
    await signInAs(page, WEB_URL, small.email);
    await page.goto(`${WEB_URL}/notifications`);
    await showQuietHours(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await checkScreenAtEachSize(page, 'quiet-hours-small');
    await context.close();
  });
});
