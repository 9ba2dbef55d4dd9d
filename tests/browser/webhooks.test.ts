// The webhook channel as a user sets it up: a bad URL is refused on its field and nothing
// is stored; a good one shows its secret once; 'Send a test' shows the receiver's answer; a firing
// reaches the local webhook sink signed with that secret, the sink's page shows it, and the alert's
// history says 'Webhook: 200'.
import type { CurrencyPair } from '@price-alerts/domain/common';
import { parseSignatureHeader, webhookPayloadSchema } from '@price-alerts/domain/notify';
import type { App } from 'firebase-admin/app';
import type { Browser } from 'playwright-core';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SINK_URL } from '../../scripts/lib/stack.mjs';
import { addAlertAbove } from './firings';
import {
  PHONE,
  WEB_URL,
  checkScreenAtEachSize,
  launchBrowser,
  newPage,
  onScreen,
  screenshot,
  simulator,
} from './harness';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs } from './lists';

// Only the actions test forces it too, for a user of its own.
const PAIR: CurrencyPair = 'XAU/GBP';

interface Hook {
  path: string;
  event: string;
  signature: string;
  body: string;
}

let browser: Browser;
let admin: App;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('webhooks-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

const hooksAt = async (path: string) =>
  ((await (await fetch(`${WEBHOOK_SINK_URL}/api/hooks`)).json()) as Hook[]).filter((h) => h.path === path);

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('a webhook', () => {
  const viewport = PHONE;
  it('is set up on the Notifications screen and receives a signed firing', async () => {
    const user = await seedUser(admin, 'webhook', []);
    const db = adminDb(admin);
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);
    await page.goto(`${WEB_URL}/notifications`);
    const field = page.getByLabel('Webhook URL', { exact: true });

    await field.fill('example.com/hooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => page.getByText('Enter the full address of your receiver').isVisible()).toBe(true);
    expect((await db.doc(`users/${user.uid}`).get()).get('webhook')).toBeUndefined();

    const path = `/hooks/${user.uid}`;
    await field.fill(`${WEBHOOK_SINK_URL}${path}`);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secretBox = page.locator('.webhook-secret code');
    await expect.poll(() => secretBox.textContent(), { timeout: 30_000 }).toMatch(/^whsec_[\w-]{43}$/);
    const secret = (await secretBox.textContent()) ?? '';
    // The answer shows where the tap was, not below the fold or under the bottom navigation.
    await expect.poll(() => onScreen(secretBox)).toBe(true);
    await checkScreenAtEachSize(page, 'webhook-secret');

    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Your receiver answered' }).textContent(), {
        timeout: 30_000,
      })
      .toBe('Your receiver answered 200: {"ok":true}');
    await expect
      .poll(() => onScreen(page.getByRole('status').filter({ hasText: 'Your receiver answered' })))
      .toBe(true);
    // The receiver confirmed it wants the webhooks as it was saved; then the test.
    expect((await hooksAt(path)).map((h) => h.event)).toEqual(['webhook.verify', 'webhook.test']);
    // A picture only: the scan of both schemes waits for the refusal below, which must come within 5 s.
    await screenshot(page, 'webhook-tested');
    // Tests are spaced: a second at once is refused in the server's own words, sent nowhere.
    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect
      .poll(() => page.locator('.webhook').getByRole('alert').textContent())
      .toBe('Wait a few seconds between tests.');
    await expect.poll(() => onScreen(page.locator('.webhook').getByRole('alert'))).toBe(true);
    expect(await hooksAt(path)).toHaveLength(2);
    await checkScreenAtEachSize(page, 'webhook-test-spaced');

    const { ref, shown, crossing } = await addAlertAbove(db, PAIR, 2, { uid: user.uid, email: false, push: true });
    await simulator('price', { pair: PAIR, ask: crossing });
    await expect.poll(async () => (await hooksAt(path)).length, { timeout: 60_000 }).toBe(3);
    const fired = (await hooksAt(path))[2] as Hook;
    const signature = parseSignatureHeader(fired.signature);
    const expected = createHmac('sha256', secret).update(`${signature?.t}.${fired.body}`).digest('hex');
    expect(signature?.v1).toBe(expected);
    expect(webhookPayloadSchema.parse(JSON.parse(fired.body))).toMatchObject({
      event: 'alert.fired',
      alertId: ref.id,
      pair: PAIR,
      title: `${PAIR}: Price rising above ${shown}`,
    });

    // The sink's page shows it, signature and all.
    const sink = await context.newPage();
    await sink.goto(`${WEBHOOK_SINK_URL}/`);
    await expect.poll(() => sink.getByText('alert.fired · answered 200').first().isVisible()).toBe(true);
    await screenshot(sink, 'webhook-sink');
    await sink.close();

    // The alert's history tells the webhook's outcome.
    await page.goto(`${WEB_URL}/dashboard?alert=${ref.id}`);
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await expect
      .poll(() => sheet.locator('.history-list li', { hasText: 'Webhook' }).first().textContent(), { timeout: 30_000 })
      .toMatch(/Webhook: 200$/);
    await context.close();
  });
});
