// A prerendered page asks for the app's code only once its first paint is on the screen
// (public/load-app.js). The paint is on the screen when the display compositor has drawn it, which on a
// loaded machine comes 100 to 300 ms after the main thread painted it; code asked for in between
// competed with the paint and counted, in Lighthouse's simulation, as needed for it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, WEB_URL, launchBrowser, newPage } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** When the first paint reached the screen, and when the first of the app's scripts was asked for. */
const paintAndCode = (page: Page) =>
  page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const code = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => entry.startTime);
    return { paint, firstCode: Math.min(...code), scripts: code.length };
  });

describe('the loader of a prerendered page', () => {
  it.each(['/login', '/signup', '/'])('on %s asks for the code after the first paint was presented', async (path) => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    await page.goto(`${WEB_URL}${path}`);
    await page.locator('#root:not([data-prerendered])').waitFor();
    const { paint, firstCode, scripts } = await paintAndCode(page);
    expect(scripts).toBeGreaterThan(0);
    expect(paint).toBeGreaterThan(0);
    expect(firstCode, `first script at ${firstCode} ms, paint presented at ${paint} ms`).toBeGreaterThanOrEqual(
      paint as number,
    );
    await context.close();
  });

  it('loads the app in a browser without paint timing, after the next frame', async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    await page.addInitScript(() => {
      Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { value: ['resource', 'navigation'] });
    });
    await page.goto(`${WEB_URL}/login`);
    await page.locator('#root:not([data-prerendered]) form').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Log in');
    await context.close();
  });

  it('loads the app in a tab in the background, which paints nothing', async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden' });
    });
    await page.goto(`${WEB_URL}/login`);
    await page.locator('#root:not([data-prerendered]) form').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Log in');
    await context.close();
  });
});
