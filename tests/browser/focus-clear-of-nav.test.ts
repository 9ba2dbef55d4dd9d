// Keyboard focus on the create screen: a field the Tab key reaches scrolls clear of the bottom
// navigation, not behind it ('Expires' and 'Send email' sit near the bottom of a 390 x 844 screen).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, WEB_URL, launchBrowser, newPage, signIn } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('the create screen at $width x $height', (viewport) => {
  it('keeps every field the keyboard focuses clear of the bottom navigation', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await page.goto(`${WEB_URL}/create_alert`);
    await page.getByLabel('Expires').waitFor();
    for (const label of ['Expires', 'Send email']) {
      const field = page.getByLabel(label).first();
      // A screen just tall enough that the field's middle meets the bar's top edge, as on a phone
      // where a line above it (the live price, a hint) pushed it down: in view, so the browser would
      // not scroll to it, yet half behind the bar.
      const { middle, navHeight } = await field.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const nav = (document.querySelector('.bottom-nav') as HTMLElement).getBoundingClientRect();
        return { middle: box.top + window.scrollY + box.height / 2, navHeight: nav.height };
      });
      await page.setViewportSize({ width: viewport.width, height: Math.round(middle + navHeight) });
      await field.focus();
      await page.keyboard.press('Shift+Tab');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.keyboard.press('Tab');
      const focused = await field.evaluate((el) => ({
        focused: document.activeElement === el,
        bottom: el.getBoundingClientRect().bottom,
        navTop: (document.querySelector('.bottom-nav') as HTMLElement).getBoundingClientRect().top,
      }));
      expect(focused.focused).toBe(true);
      expect(focused.bottom, `${label} behind the navigation`).toBeLessThanOrEqual(focused.navTop);
    }
    await context.close();
  });
});
