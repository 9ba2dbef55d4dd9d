// Move alerts end to end: a new user creates one of each move type on the form, the
// simulator moves the market, and each fires with a trader's words in PREVIOUS, in its history and
// in the email at the mail sink.
import type { PriceDocument } from '@price-alerts/domain/store';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from './email-alerts';
import { PHONE, WEB_URL, checkScreenAtEachSize, launchBrowser, newPage, screenshot, simulator } from './harness';
import { adminApp, adminDb, closeAdmin, seedUser, signInAs } from './lists';
import type { App } from 'firebase-admin/app';

// No other test forces this pair, and no active demo alert watches it.
const PAIR = 'AUD/USD';
const PRICE = /\d\.\d{5}/.source;
/** What each alert is created as, and the words it fires with ('AUD/USD up 3.00% in 5 min (0.64000 to 0.65920)'). */
const ALERTS = [
  { type: 'Moving down %', choose: ['Within', '5 min'], words: `down \\d+\\.\\d\\d% in 5 min` },
  { type: 'Change on the day', choose: ['From the day’s open', 'Down'], words: `down \\d+\\.\\d\\d% on the day` },
  { type: 'Moving up %', choose: ['Within', '5 min'], words: `up \\d+\\.\\d\\d% in 5 min` },
] as const;
const fired = (words: string) => new RegExp(`^${words} \\(${PRICE} to ${PRICE}(, across the weekend)?\\)$`, 'i');

let browser: Browser;
let admin: App;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('move-alerts-test');
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
});

/** The pair's stored latest price: its ask and where it stands for moves (written every 20 s). */
async function stored(): Promise<PriceDocument> {
  let price: PriceDocument | undefined;
  await expect
    .poll(
      async () => {
        price = (await adminDb(admin).doc('prices/AUDUSD').get()).data() as PriceDocument | undefined;
        return price?.moves?.ask?.['5'] !== undefined && price.moves.ask.day !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return price as PriceDocument;
}

/**
 * Picks in a field's modal and waits for the modal to be gone: while it animates out the form
 * behind it is still inert, and text typed then would go nowhere (as it would for a person).
 */
async function pick(page: Page, field: 'Currency pair' | 'Alert type', choice: string) {
  await page.getByRole('button', { name: new RegExp(field) }).click();
  const dialog = page.getByRole('dialog', { name: field });
  await dialog.getByRole('button', { name: choice }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function createMoveAlert(page: Page, alert: (typeof ALERTS)[number], percent: string, shot?: string) {
  await page.goto(`${WEB_URL}/create_alert`);
  await pick(page, 'Currency pair', PAIR);
  await pick(page, 'Alert type', alert.type);
  await page
    .getByRole('group', { name: alert.choose[0] })
    .getByRole('radio', { name: alert.choose[1], exact: true })
    .check();
  await page.getByLabel('Move (%)').fill(percent);
  // The live panel measures the move so far against the threshold once the stored lows and highs come.
  const panel = page.getByLabel(`Live price of ${PAIR}`);
  await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toMatch(/· fires at [−+]?1\.00%/);
  if (shot) await checkScreenAtEachSize(page, shot);
  await page.getByRole('button', { name: 'Create New Alert' }).click();
  await page.waitForURL(`${WEB_URL}/alert_added_successfully`);
}

// At one size: what this checks does not depend on the screen's, and each screen is checked at every
// size (checkScreenAtEachSize).
describe('move alerts', () => {
  const viewport = PHONE;
  it('creates each move type, fires each on a forced move, and says what moved in PREVIOUS, history and email', async () => {
    const user = await seedUser(admin, 'moves', []);
    const { context, page } = await newPage(browser, viewport);
    await signInAs(page, WEB_URL, user.email);

    // A wrong threshold is refused on the field, and nothing is stored.
    await page.goto(`${WEB_URL}/create_alert`);
    await pick(page, 'Alert type', 'Moving up %');
    await page.getByLabel('Move (%)').fill('75');
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await pick(page, 'Currency pair', PAIR);
    await page.getByRole('button', { name: 'Create New Alert' }).click();
    await expect
      .poll(() => page.locator('.field-error').textContent())
      .toBe('Enter a move from 0.01% to 50%, such as 1.5.');
    expect(await page.getByLabel('Move (%)').getAttribute('aria-invalid')).toBe('true');
    await checkScreenAtEachSize(page, 'move-alert-refused');

    for (const [i, alert] of ALERTS.entries())
      await createMoveAlert(page, alert, '1', i === 0 ? 'move-alert-form' : undefined);
    const db = adminDb(admin);
    const ids = (await db.collection(`users/${user.uid}/alerts`).get()).docs.map((d) => d.id);
    expect(ids).toHaveLength(3);

    await page.goto(`${WEB_URL}/dashboard`);
    for (const alert of ALERTS) {
      await expect.poll(() => page.locator('.alert-row', { hasText: alert.type }).count()).toBe(1);
    }
    await checkScreenAtEachSize(page, 'move-alerts-active');

    // Down at least 3% from the 5-minute high and from the day's open, then up 4% from there.
    const before = await stored();
    const reference = before.moves?.ask;
    const low = Math.min(before.ask, reference?.['5']?.low ?? before.ask, reference?.day?.low ?? before.ask);
    const down = Number((low * 0.97).toFixed(5));
    await simulator('price', { pair: PAIR, ask: down });
    // (A rise left by an earlier run within the last 5 minutes may already have fired 'Moving up %'.)
    await expect
      .poll(
        async () =>
          (await db.collection(`users/${user.uid}/alerts`).where('status', '==', 'triggered').get()).docs
            .map((d) => d.get('alertType') as string)
            .sort(),
        { timeout: 60_000 },
      )
      .toEqual(expect.arrayContaining(['Change on the day', 'Moving down %']));
    await simulator('price', { pair: PAIR, ask: Number((down * 1.04).toFixed(5)) });
    await expect
      .poll(
        async () => (await db.collection(`users/${user.uid}/alerts`).where('status', '==', 'triggered').get()).size,
        { timeout: 60_000 },
      )
      .toBe(3);

    // PREVIOUS: each row says what moved.
    await page.getByRole('tab', { name: 'PREVIOUS' }).click();
    for (const alert of ALERTS) {
      const row = page.locator('.alert-row', { hasText: alert.type });
      await expect.poll(() => row.locator('.alert-moved').textContent()).toMatch(fired(alert.words));
    }
    await checkScreenAtEachSize(page, 'move-alerts-previous');

    // The history, in the details sheet.
    await page.locator('.alert-row', { hasText: 'Moving up %' }).click();
    const sheet = page.getByRole('dialog', { name: 'Alert Details' });
    await expect
      .poll(() => sheet.locator('.history-list li', { hasText: 'Fired:' }).first().textContent())
      .toMatch(new RegExp(`Fired: up \\d+\\.\\d\\d% in 5 min \\(${PRICE} to ${PRICE}\\), on the ask$`));
    expect(await sheet.getByText('The lowest price of the last 5 min').isVisible()).toBe(true);
    await screenshot(page, 'move-alert-details');

    // The emails, titled with the move: firings told together (one evaluation fired them) are one
    // email, '… and 1 more', which lists each move; every firing is told once.
    const told = (subject: string) => 1 + Number(/ and (\d+) more$/.exec(subject)?.[1] ?? 0);
    await expect
      .poll(async () => (await mailsTo(user.email)).reduce((n, m) => n + told(m.subject), 0), { timeout: 60_000 })
      .toBe(3);
    const mails = await mailsTo(user.email);
    for (const alert of ALERTS) {
      const move = new RegExp(`${PAIR} ${alert.words} \\(${PRICE} to ${PRICE}(, across the weekend)?\\)`, 'i');
      expect(
        mails.some((m) => move.test(m.subject) || move.test(m.text ?? '')),
        `${alert.type} in ${mails.map((m) => m.subject).join(' | ')}`,
      ).toBe(true);
    }
    await context.close();
  });
});
