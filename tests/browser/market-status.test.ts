// Honest prices through the whole chain, for a user of its own: a closed market
// shows 'Market closed' with its last price and time on the top pairs, the create screen's panel (with
// when the alert will first be judged) and an alert row; a pair whose ticks stop while its market is
// open shows 'Delayed · N s ago', with the panel's age moving.
//
// 'Market closed' needs the browser and the simulator to agree that it is a weekend. The simulator's
// market clock is moved to just before the last Friday close, with market hours on, so FX stops
// ticking there as a real provider does. The page's clock (playwright's clock.install, time flowing) is
// set to the same market time. Ticks, though, are stamped on the wall clock (the ingest service windows
// by them), days after the page's 'now'; so the relay's type 0 is rewritten on its way to the page with
// its start_time moved by the same offset, which moves every tick time with it: to the page, the world
// is consistently that Friday evening. A past Friday rather than a coming Saturday, because Firebase
// Auth on the page compares token expiry with the page's clock: a page clock in the future would
// take every token for expired and refresh it in a loop, one in the past takes them for fresh. The
// relay checks tokens on the real clock, which nothing here moves.
import { formatWeekdayTime } from '@price-alerts/domain/common';
import { nextJudgedText, nextOpen, previousClose } from '@price-alerts/domain/prices';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import type { App } from 'firebase-admin/app';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  TABLET,
  WEB_URL,
  checkScreen,
  checkScreenAtEachSize,
  launchBrowser,
  signIn,
  simulator,
} from './harness';
import { PASSWORD, adminApp, closeAdmin, seedUser, type SeededUser } from './lists';

const NARROW = { width: 320, height: 640 } as const;
/** The test user's active EUR/USD alert (its own, so no other file's changes reach it), on the top pairs too. */
const DEMO_ROW = { pair: 'EUR/USD', shown: '1.09500' } as const;
/** Long enough for a price to go stale (30 s) and be seen to. */
const STALE_WAIT = 45_000;
/** The age grows past a minute while the screens are checked. */
const DELAYED = /^Delayed · \d+ (s|min) ago$/;

let browser: Browser;
let admin: App;
let user: SeededUser;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminApp('market-status-test');
  user = await seedUser(admin, 'market-status', [{ status: 'active', pair: 'EUR/USD', triggerPrice: 1.095 }]);
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin(admin);
  // Whatever happened, the next test file gets a simulator on the wall clock, every pair ticking.
  await simulator('clock', { offsetMs: 0, marketHours: false });
  await simulator('silence', { silent: false });
});

const card = (page: Page, pair: string) => page.locator('.pair-card', { hasText: pair });
const cardStatus = (page: Page, pair: string) => card(page, pair).locator('.pair-status').textContent();
const demoRow = (page: Page) =>
  page.locator('.alert-row').filter({ hasText: DEMO_ROW.pair }).filter({ hasText: DEMO_ROW.shown });
const rowLine = (page: Page) => demoRow(page).locator('.alert-live').textContent();
const panel = (page: Page, pair: string = DEMO_ROW.pair) => page.getByRole('region', { name: `Live price of ${pair}` });
const panelAge = (page: Page) => panel(page).locator('.live-updated .live-age').textContent();
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * Waits out the toast a browser without notification permission gets at sign-in, so the screenshots
 * show the screen rather than it.
 */
const toastGone = (page: Page) =>
  expect.poll(() => page.getByText(PUSH_MESSAGES.permissionDenied).count(), { timeout: 10_000 }).toBe(0);

/** Opens the create screen from the pair's top card (the form then follows that pair). */
async function createFrom(page: Page, pair: string) {
  await card(page, pair).locator('.pair-open').click();
  await page.waitForURL(`${WEB_URL}/create_alert`);
  await expect.poll(() => panel(page, pair).isVisible()).toBe(true);
}

async function toDashboard(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
  await page.waitForURL(`${WEB_URL}/dashboard`);
}

/** Shifts the time of every tick by `offsetMs`: the relay's type 0 start_time, which tick times count from. */
function shiftStartTime(frame: string, offsetMs: number): string {
  return frame
    .split('\n')
    .map((line) => {
      if (!line.startsWith('0')) return line;
      const session = JSON.parse(line.slice(1)) as { start_time: number };
      return `0${JSON.stringify({ ...session, start_time: session.start_time + offsetMs })}`;
    })
    .join('\n');
}

/** A signed-in page living at market time (wall clock + offsetMs), ticks included. */
async function pageAtMarketTime(viewport: { width: number; height: number }, offsetMs: number) {
  const context: BrowserContext = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: true });
  await context.clock.install({ time: Date.now() + offsetMs });
  await context.routeWebSocket(
    (url) => url.pathname === '/prices',
    (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => ws.send(typeof message === 'string' ? shiftStartTime(message, offsetMs) : message));
    },
  );
  const page = await context.newPage();
  await signIn(page, user.email, PASSWORD);
  await page.waitForURL(`${WEB_URL}/dashboard`);
  return { context, page };
}

describe('a closed market', () => {
  // The last Friday close before now, and the market time a few seconds before it.
  const close = previousClose('EUR/USD', Date.now()) as number;
  const opens = nextOpen('EUR/USD', close) as number;
  let offsetMs = 0;

  beforeAll(async () => {
    const state = (await simulator('clock', { at: close - 3_000, marketHours: true })) as { offsetMs: number };
    offsetMs = state.offsetMs;
    // FX trades its last three seconds, then stops at the close. (expect.poll is for tests, not hooks.)
    const deadline = Date.now() + 10_000;
    const closed = async () => ((await simulator('clock', {})) as { closed: string[] }).closed.includes('EUR/USD');
    while (!(await closed())) {
      if (Date.now() > deadline) throw new Error('The simulator did not close EUR/USD at the Friday close');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await simulator('clock', { offsetMs: 0, marketHours: false });
  });

  /** What the page shows for the last price (from the final seconds before the close) and the open. */
  const lastPriceTime = () => formatWeekdayTime(close - 1, close);
  const openTime = () => formatWeekdayTime(opens, close);

  // At the narrowest size; each screen is checked, and must not scroll sideways, at every size.
  it('says Market closed with the last price and its time', async () => {
    const { context, page } = await pageAtMarketTime(NARROW, offsetMs);
    const closedLine = `Market closed · ${lastPriceTime()}`;
    for (const pair of ['EUR/USD', 'GBP/USD', 'AUD/USD']) {
      await expect.poll(() => cardStatus(page, pair)).toBe(closedLine);
      expect(await card(page, pair).locator('.pair-ask').textContent()).toMatch(/^\d\.\d{5}$/);
    }
    // Crypto trades through the weekend.
    await expect.poll(() => card(page, 'BTC/USD').locator('.pair-ask').textContent()).toMatch(/^[\d,]+\.\d{2}$/);
    expect(await card(page, 'BTC/USD').locator('.pair-status').count()).toBe(0);
    await expect
      .poll(() => rowLine(page))
      .toMatch(new RegExp(`^Market closed · Ask \\d\\.\\d{5} · ${lastPriceTime()}$`));
    await toastGone(page);
    await demoRow(page).scrollIntoViewIfNeeded();
    await checkScreenAtEachSize(page, 'market-closed-dashboard');
    await page.locator('.top-pairs').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await checkScreenAtEachSize(page, 'market-closed-top-pairs');

    await createFrom(page, 'EUR/USD');
    expect(await panel(page).locator('.live-status').textContent()).toBe('Market closed');
    // The chart says it too, over its candles.
    expect(await page.locator('.chart-status').textContent()).toBe('Market closed');
    // The last price's time in the panel, and how old it is (seconds to minutes, as the test runs).
    expect(await panel(page).locator('.live-updated dd').textContent()).toMatch(/ · \d+ (s|min) ago$/);
    // When the alert is first judged, in this time zone (the browser's too), counted from the page's clock.
    const note = page.locator('.market-note');
    const text = await note.textContent();
    expect(text).toMatch(
      new RegExp(`^The market is closed\\. This alert will first be judged when it opens, ${openTime()} `),
    );
    expect(text).toBe(nextJudgedText(opens, await page.evaluate(() => Date.now())));
    await panel(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await checkScreenAtEachSize(page, 'market-closed-create');
    await context.close();
  }, 90_000);
});

/**
 * From now back to the latest Wednesday noon UTC, when FX trades: on the wall clock a run on a
 * Friday night or a weekend would find the market closed, and be told so rather than 'Delayed'.
 */
function backToWednesdayNoon(now = Date.now()): number {
  const today = new Date(now);
  const days = (today.getUTCDay() - 3 + 7) % 7;
  let noon = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, 12);
  if (noon > now) noon -= 7 * 86_400_000;
  return noon - now;
}

describe('a pair whose ticks stop while its market is open', () => {
  it('says Delayed · N s ago on the top pairs, the row and the panel, whose age moves', async () => {
    // The page lives on a Wednesday, ticks included (the simulator ticks every pair on the wall clock).
    const { context, page } = await pageAtMarketTime(PHONE, backToWednesdayNoon());
    await expect.poll(() => card(page, 'EUR/USD').locator('.pair-ask').textContent()).toMatch(/^\d\.\d{5}$/);
    try {
      // Only EUR/USD stops; the feed stays up, so this is a stale pair, not an outage.
      await simulator('silence', { silent: true, pairs: ['EUR/USD'] });
      await createFrom(page, 'EUR/USD');
      await expect
        .poll(() => panel(page).locator('.live-status').textContent(), { timeout: STALE_WAIT })
        .toMatch(DELAYED);
      await expect.poll(() => page.locator('.chart-status').textContent()).toMatch(DELAYED);
      // The Updated age keeps moving while no tick comes.
      const age = await panelAge(page);
      await expect.poll(() => panelAge(page)).not.toBe(age);
      expect(await panelAge(page)).toMatch(/^ · \d+ (s|min) ago$/);
      expect(await page.locator('.market-note').count()).toBe(0);
      for (const viewport of [PHONE, TABLET]) {
        await page.setViewportSize(viewport);
        await checkScreen(page, 'market-delayed-create');
      }
      await page.setViewportSize(NARROW);
      expect(await scrollsSideways(page)).toBe(false);

      await toDashboard(page);
      await expect.poll(() => cardStatus(page, 'EUR/USD')).toMatch(DELAYED);
      await expect
        .poll(() => rowLine(page))
        .toMatch(/^Delayed · \d+ (s|min) ago · Ask \d\.\d{5} · [\d.]+% (away|past)$/);
      // The other pairs tick on, live.
      expect(await card(page, 'GBP/USD').locator('.pair-status').count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      for (const viewport of [PHONE, TABLET]) {
        await page.setViewportSize(viewport);
        await demoRow(page).scrollIntoViewIfNeeded();
        await checkScreen(page, 'market-delayed-dashboard');
        await page.locator('.top-pairs').evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await checkScreen(page, 'market-delayed-top-pairs');
      }
    } finally {
      await simulator('silence', { silent: false });
    }
    // Ticks again: live again.
    await expect.poll(() => card(page, 'EUR/USD').locator('.pair-status').count()).toBe(0);
    await expect.poll(() => rowLine(page)).toMatch(/^Ask \d\.\d{5} · /);
    await context.close();
  }, 120_000);
});
