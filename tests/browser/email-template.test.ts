// The notification emails as a mail app shows them, built by the same domain code the functions
// send with: a firing, an expiry and a quiet-hours digest, each with the longest texts a user can
// write, at 320, 390 and 820 px, in the light and the dark scheme. The user's text stays text.
import { NOTE_MAX_LENGTH } from '@price-alerts/domain/common';
import {
  alertEmail,
  digestEmail,
  expiredAlertEmail,
  type DigestItem,
  type FiredAlert,
} from '@price-alerts/domain/notify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './harness';
import { EMAIL_VIEWPORTS, checkEmailScreens } from './email-alerts';

// The longest note there is, with markup and a word no line can break.
const NOTE = `<b>Sell</b> & "re-buy" ${'x'.repeat(64)} `.padEnd(NOTE_MAX_LENGTH, 'y');
const ZONE = 'America/New_York';
const APP = 'http://127.0.0.1:5173';
const AT = Date.UTC(2026, 10, 24, 3, 12);

const fired: FiredAlert = {
  alertId: 'alert-with-a-rather-long-document-id-0123456789',
  currencyPair: 'BTC/USD',
  alertType: 'Price dropping below',
  triggerPrice: 88_000,
  priceSide: 'mid',
  fireCount: 16,
  runawayPaused: true,
  note: NOTE,
  triggeredPrice: 87_912.5,
  triggeredAt: new Date(AT),
};

const item = (n: number, kind: DigestItem['kind']): DigestItem => ({
  deliveryId: `d${n}`,
  alertId: `a${n}`,
  kind,
  currencyPair: 'XAU/JPY',
  alertType: 'Price reaching',
  triggerPrice: 390_000,
  ...(kind === 'fired' ? { triggeredPrice: 390_012.25 } : {}),
  at: AT + n * 60_000,
  note: NOTE,
  channels: ['email'],
});

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the notification emails', () => {
  it.each([
    ['email-fired', alertEmail(fired, APP, ZONE), 'Open the alert'],
    ['email-expired', expiredAlertEmail({ ...fired, expiredAt: new Date(AT) }, APP, ZONE), 'Open the alert'],
    [
      'email-digest',
      digestEmail({ items: [item(1, 'fired'), item(2, 'expired')], count: 14 }, APP, ZONE),
      'Open Price Alerts',
    ],
  ])(
    '%s reads on a phone and a tablet, in both schemes',
    async (name, email, link) => {
      await checkEmailScreens(browser, email.html, name, link);
      // The note arrives as the user typed it, as text: no markup of theirs is rendered.
      const context = await browser.newContext({ viewport: EMAIL_VIEWPORTS[0] });
      const page = await context.newPage();
      await page.setContent(email.html);
      expect(await page.locator('b', { hasText: 'Sell' }).count()).toBe(0);
      expect(await page.getByText('<b>Sell</b> & "re-buy"').first().isVisible()).toBe(true);
      await context.close();
    },
    120_000,
  );
});
