// Times in the user's own zone: a device in Tokyo signs a fresh account in, the profile learns its
// zone, and the email of an alert that fires tells the time as a clock in Tokyo shows it, naming the
// zone. Then the email itself, as a phone and a tablet show it, in the light and the dark scheme.
import type { CurrencyPair } from '@price-alerts/domain/common';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, launchBrowser, signIn, simulator, uniqueEmail } from './harness';
import { addAlertAbove } from './firings';
import { checkEmailScreens, mailsTo } from './email-alerts';

// Crypto trades all week, so no market clock stops it; the alert is the fresh user's own.
const PAIR: CurrencyPair = 'LTC/USD';
const ZONE = 'Asia/Tokyo';
const PASSWORD = 'tokyo-pass-1234';
let browser: Browser;
let admin: App;
let db: Firestore;
let auth: Auth;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = initializeApp({ projectId: 'demo-price-alerts' }, 'timezone-email-test');
  db = getFirestore(admin);
  auth = getAuth(admin);
});
afterAll(async () => {
  await browser?.close();
  await deleteApp(admin);
});

/** 'Nov 24, 23:05', as a clock in Tokyo shows the instant (Japan keeps no daylight-saving time). */
const tokyoClock = (at: Date) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe('a user in Tokyo', () => {
  it('has the device’s zone stored on sign-in, and the alert email tells the Tokyo time', async () => {
    const email = uniqueEmail('tokyo');
    const { uid } = await auth.createUser({ email, password: PASSWORD, emailVerified: true, displayName: 'Kenji' });
    const context = await browser.newContext({ viewport: PHONE, timezoneId: ZONE, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, email, PASSWORD);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await expect.poll(async () => (await db.doc(`users/${uid}`).get()).get('timeZone')).toBe(ZONE);
    await context.close();

    const { ref, shown, crossing } = await addAlertAbove(db, PAIR, 2, { uid, email: true, push: false });
    await simulator('price', { pair: PAIR, ask: crossing });
    // Generous: the first firing on a fresh stack waits for the Functions emulator to start workers.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 60_000 }).toBe(1);
    const [mail] = await mailsTo(email);
    const firedAt = (await ref.get()).get('triggeredAt').toDate() as Date;
    expect(mail?.subject).toContain(`${PAIR}: Price rising above ${shown}`);
    expect(mail?.text).toContain(`Time: ${tokyoClock(firedAt)} GMT+9`);
    expect(mail?.text).toContain(`Times are in ${ZONE}.`);
    expect(mail?.html).toContain(`${tokyoClock(firedAt)} GMT+9`);
    expect(mail?.text).not.toContain('UTC');

    await checkEmailScreens(browser, mail?.html ?? '', 'email-alert-tokyo', 'Open the alert');
  }, 180_000);
});
