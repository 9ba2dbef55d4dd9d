// Prices that feel alive: the top pairs' change since the day's open and last-hour
// sparkline (from the relay's type 3 message), digits that flash on a tick (and do not move under
// reduced motion), and the pair picker's live prices and the type picker's one-line explanations.
import { ALERT_TYPE_HELP } from '@price-alerts/domain/copy';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE,
  SMALL_PHONE,
  checkScreenAtEachSize,
  WEB_URL,
  launchBrowser,
  newPage,
  signIn,
  simulator,
} from './harness';
import { A_PRICE, askOf, pairCard } from './live-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CHANGE = /^[+\u2212]?\d+\.\d\d%$/;

/**
 * Watches a card for its next tick flash and returns a reader of the first one seen: null until one
 * shows, else whether the coloured copy over the digits is there, and what its animations change, as
 * 'pseudo-element: properties'. Only the copy's opacity may be animated, which the compositor can run
 * alone; colour or background need a repaint every frame. A mutation observer reads the flash the
 * moment React puts it in, so a loaded machine whose polls are slower than the 700 ms flash still
 * sees it.
 */
async function watchFlash(page: Page, pair: string, direction: 'up' | 'down') {
  const key = `flash-${pair}-${direction}-${Date.now()}`;
  await pairCard(page, pair).evaluate(
    (card, [dir, slot]) => {
      const seen = window as unknown as Record<string, unknown>;
      seen[slot] = null;
      const read = () => {
        const digits = card.querySelector(`[data-tick="${dir}"] .tick-digits`);
        if (!digits) return;
        const timing = new Set(['offset', 'computedOffset', 'easing', 'composite']);
        const animations = digits.getAnimations({ subtree: true }).map((animation) => {
          const effect = animation.effect as KeyframeEffect;
          const properties = new Set(effect.getKeyframes().flatMap((frame) => Object.keys(frame)));
          return `${effect.pseudoElement ?? ''}: ${[...properties]
            .filter((p) => !timing.has(p))
            .sort()
            .join(' ')}`;
        });
        const copy = !['none', 'normal'].includes(getComputedStyle(digits, '::after').content);
        seen[slot] = { copy, animations };
        observer.disconnect();
      };
      const observer = new MutationObserver(read);
      observer.observe(card, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    [direction, key] as const,
  );
  return () => page.evaluate((slot) => (window as unknown as Record<string, unknown>)[slot], key);
}

/** The accessible name Chromium gives a top card's button (what a screen reader says for it). */
async function cardName(page: Page, pair: string): Promise<string | undefined> {
  await pairCard(page, pair)
    .locator('.pair-open')
    .evaluate((el) => el.setAttribute('data-name-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-name-probe]' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    return nodes[0]?.name?.value as string | undefined;
  } finally {
    await cdp.detach();
  }
}

/**
 * Forces a price and waits until the card shows it with no flash on. Each pair's ticks reach the page
 * in order, so a random tick sent before the silence has landed by then: the next flash is the test's
 * own, and a name read during it is not that of an older tick.
 */
async function holdAt(page: Page, pair: string, ask: number, shown: string): Promise<void> {
  await simulator('price', { pair, ask });
  await expect.poll(() => askOf(page, pair)).toBe(shown);
  await expect.poll(() => pairCard(page, pair).locator('[data-tick]').count()).toBe(0);
}

/** Forces a price a step away from the one shown. */
async function step(page: Page, pair: string, by: number): Promise<void> {
  const shown = Number((await askOf(page, pair))?.replace(/,/g, ''));
  await simulator('price', { pair, ask: Number((shown + by).toFixed(5)) });
}

async function dashboard(page: Page) {
  await signIn(page);
  await page.waitForURL(`${WEB_URL}/dashboard`);
  await expect.poll(() => askOf(page, 'EUR/USD')).toMatch(A_PRICE);
  // The sign-in toast of a browser without notification permission would cover the screenshots.
  await expect.poll(() => page.getByText(PUSH_MESSAGES.permissionDenied).count(), { timeout: 10_000 }).toBe(0);
}

// At the narrowest size; each screen is checked, and must not scroll sideways, at every size
// (checkScreenAtEachSize).
describe('live ticks', () => {
  const viewport = SMALL_PHONE;
  it('shows each top pair’s change and sparkline, flashes the digits a tick changed, and prices in the picker', async () => {
    const { context, page } = await newPage(browser, viewport);
    await dashboard(page);
    for (const pair of ['EUR/USD', 'GBP/USD', 'AUD/USD', 'BTC/USD']) {
      const card = pairCard(page, pair);
      await expect.poll(() => card.locator('.pair-change [aria-hidden="true"]').textContent()).toMatch(CHANGE);
      expect(await card.locator('.pair-change .visually-hidden').textContent()).toMatch(
        /^(Up|Down) \d+\.\d\d% since the day's open$|^Unchanged since the day's open$/,
      );
      expect(await card.locator('svg.sparkline polyline').getAttribute('points')).toMatch(/^[\d.]+,[\d.]+/);
    }

    await simulator('silence', { silent: true });
    try {
      await holdAt(page, 'EUR/USD', 1.08456, '1.08456');
      const up = await watchFlash(page, 'EUR/USD', 'up');
      await step(page, 'EUR/USD', 0.0003);
      // The flash shows, only its copy's opacity animated, and goes. Read out, the card says the
      // price once, during the flash as after it.
      const flashing = { copy: true, animations: ['::after: opacity'] };
      await expect.poll(up).toEqual(flashing);
      const nameDuring = await cardName(page, 'EUR/USD');
      const stillFlashing = (await pairCard(page, 'EUR/USD').locator('[data-tick]').count()) > 0;
      await expect.poll(() => pairCard(page, 'EUR/USD').locator('[data-tick]').count()).toBe(0);
      const nameAfter = await cardName(page, 'EUR/USD');
      expect(nameAfter).toMatch(/^EUR\/USD [\d,]+\.\d+ Ask/);
      // Only a name read while the flash showed says anything: under load the flash may have gone.
      if (stillFlashing) expect(nameDuring).toBe(nameAfter);
      const down = await watchFlash(page, 'EUR/USD', 'down');
      await step(page, 'EUR/USD', -0.0006);
      await expect.poll(down).toEqual(flashing);
      await expect.poll(() => pairCard(page, 'EUR/USD').locator('[data-tick]').count()).toBe(0);
    } finally {
      await simulator('silence', { silent: false });
    }
    // Centred, so the bottom navigation, which overlays the page's end, does not hide the cards.
    await page.locator('.top-pairs').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await checkScreenAtEachSize(page, 'live-top-pairs');

    // The picker follows every pair while open: each row has its live ask.
    await page.getByRole('link', { name: 'Add alert' }).click();
    await page.waitForURL(`${WEB_URL}/create_alert`);
    await page.getByRole('button', { name: /Currency pair/ }).click();
    const pairs = page.getByRole('dialog', { name: 'Currency pair' });
    for (const pair of ['XAU/JPY', 'LTC/USD', 'EUR/GBP']) {
      const row = pairs.getByRole('button', { name: pair, exact: true });
      const price = page.locator(`[id="${await row.getAttribute('aria-describedby')}"] .choice-price`);
      await expect.poll(() => price.textContent()).toMatch(A_PRICE);
    }
    await checkScreenAtEachSize(page, 'live-pair-picker');
    // A tap on a row's price while it flashes picks the row, as anywhere else on it.
    const xauJpy = pairs.getByRole('button', { name: 'XAU/JPY', exact: true });
    const xauJpyPrice = page.locator(`[id="${await xauJpy.getAttribute('aria-describedby')}"] .choice-price`);
    await xauJpy.scrollIntoViewIfNeeded();
    await simulator('silence', { silent: true });
    try {
      // A known price, shown with its flash gone, puts the ticks sent before the silence behind us,
      // so the tap falls in the flash of the next one.
      await simulator('price', { pair: 'XAU/JPY', ask: 398_000 });
      await expect.poll(() => xauJpyPrice.textContent()).toBe('398,000.00');
      await expect.poll(() => xauJpyPrice.locator('.tick-digits').count()).toBe(0);
      await simulator('price', { pair: 'XAU/JPY', ask: 398_005 });
      const box = await xauJpyPrice.locator('.tick-digits').boundingBox();
      if (!box) throw new Error('no flash on the XAU/JPY row');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => pairs.count()).toBe(0);
    } finally {
      await simulator('silence', { silent: false });
    }

    await page.getByRole('button', { name: /Alert type/ }).click();
    const types = page.getByRole('dialog', { name: 'Alert type' });
    for (const [type, help] of Object.entries(ALERT_TYPE_HELP)) {
      const choice = types.getByRole('button', { name: type, exact: true });
      const detail = page.locator(`[id="${await choice.getAttribute('aria-describedby')}"]`);
      expect(await detail.textContent()).toBe(help);
    }
    await checkScreenAtEachSize(page, 'live-type-picker');
    await context.close();
  });
});

describe('live ticks under reduced motion', () => {
  it('colours the changed digits for the moment without animating them', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await dashboard(page);
    await simulator('silence', { silent: true });
    try {
      await holdAt(page, 'BTC/USD', 95123.5, '95,123.50');
      const up = await watchFlash(page, 'BTC/USD', 'up');
      await step(page, 'BTC/USD', 25);
      // The copy is there, with no animation on it, then it goes.
      await expect.poll(up).toEqual({ copy: true, animations: [] });
      await expect.poll(() => pairCard(page, 'BTC/USD').locator('[data-tick]').count()).toBe(0);
    } finally {
      await simulator('silence', { silent: false });
    }
    await context.close();
  });
});
