// The first paint comes from the page's HTML and CSS alone (web/src/shared/firstPaint/build/prerender.ts), the app
// renders over it without a flash, and nothing typed before the JavaScript arrived is lost.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_BLOCK_MESSAGE } from '@price-alerts/domain/common';
import { ACCOUNT_MESSAGES } from '@price-alerts/domain/account';
import { DESKTOP, PHONE, VIEWPORTS, WEB_URL, checkScreen, launchBrowser, newPage } from './harness';
import { offlineGoogle } from './google';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Each prerendered page and what its HTML alone must show. */
const PAGES = [
  { path: '/login', heading: 'Log in', fields: ['Email', 'Password'] },
  { path: '/signup', heading: 'Create your account', fields: ['Full name', 'Email', 'Confirm password'] },
  { path: '/forgot_password', heading: 'Forgot your password?', fields: ['Email'] },
  { path: '/', heading: 'Price Alerts', fields: [] },
] as const;

const visibleHeadings = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent),
  );

/** Holds back the scripts matching `pattern` until the returned function is called. */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

describe.each(VIEWPORTS)('without JavaScript at %o', (viewport) => {
  it.each(PAGES)('$path paints its screen, styled, from the HTML', async ({ path, heading, fields }) => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${WEB_URL}${path}`);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(heading);
    for (const field of fields) expect(await page.getByLabel(field, { exact: true }).count()).toBe(1);
    // The stylesheet is in the page: the root has the theme's background, not the browser's white.
    expect(await background(page, 'html')).not.toBe('rgba(0, 0, 0, 0)');
    // No stylesheet or script blocks the first paint.
    expect(await page.locator('head link[rel="stylesheet"]:not([disabled])').count()).toBe(0);
    expect(await page.locator('head script:not([type="module"]):not([defer])').count()).toBe(0);
    await context.close();
  });

  it('a signed-in route paints its loading state from the HTML', async () => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${WEB_URL}/dashboard`);
    expect(await page.getByRole('status').textContent()).toBe('Checking your session');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Alerts', 'Add alert', 'Account']) {
      expect(await nav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    await context.close();
  });
});

describe('with JavaScript', () => {
  it('renders over the prerendered login without losing what was typed before the app arrived', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // The entry script waits, as on a slow network, while the user starts typing.
    const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${WEB_URL}/login`, { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('early@example.test');
    // Before the app, the HTML's form submits nothing, by a tap or by Enter (a native submit would
    // put the fields in the URL); once the loader has run, the tap is held for the app.
    await page.waitForFunction(() => 'priceAlertsTakeHeldTap' in window);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Email').press('Enter');
    expect(page.url()).toBe(`${WEB_URL}/login`);
    release();
    // The app has rendered over the HTML: React owns the field and kept the value, and the held Enter
    // was replayed on its form: only the password is asked for.
    await page.locator('#root:not([data-prerendered]) form:not([method])').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.test');
    await expect.poll(() => page.getByText('Enter your password.').count()).toBe(1);
    // The app's own form answers the app's own tap.
    await page.getByLabel('Email').fill('');
    await page.getByLabel('Password', { exact: true }).fill('a-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.emailRequired).count()).toBe(1);
    expect(page.url()).toBe(`${WEB_URL}/login`);
    await checkScreen(page, 'first-paint-login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('acts on a tap made after the page loaded but before the app took over', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // The screen's own chunk waits, as on a slow network: the page has loaded, the app not yet.
    const release = await holdBack(page, /\/assets\/LoginPage-[^/]+\.js$/);
    await page.goto(`${WEB_URL}/login`);
    await page.getByLabel('Email').fill('quick@example.test');
    await page.getByRole('button', { name: 'Log in' }).click();
    release();
    // The held tap is replayed on the app's form, with the typed address: only the password is asked for.
    await expect.poll(() => page.getByText('Enter your password.').count()).toBe(1);
    expect(await page.getByLabel('Email').inputValue()).toBe('quick@example.test');
    expect(page.url()).toBe(`${WEB_URL}/login`);
    await context.close();
  });

  it('replays a tap on Continue with Google made before the app took over: its popup opens', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await offlineGoogle(context);
    const release = await holdBack(page, /\/assets\/LoginPage-[^/]+\.js$/);
    await page.goto(`${WEB_URL}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
    const popupOpened = page.waitForEvent('popup');
    release();
    // The Auth emulator's account chooser (google.test.ts signs in through it).
    const popup = await popupOpened;
    await popup.locator('#add-account-button button').waitFor();
    await context.close();
  });

  it('at a desktop width shows only the desktop message, from the HTML and then from the app', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${WEB_URL}/login`);
      await expect.poll(() => visibleHeadings(page)).toEqual([DESKTOP_BLOCK_MESSAGE]);
      expect(await page.getByLabel('Email').isVisible()).toBe(false);
      await context.close();
    }
  });

  it('hints every chunk its loader names, a few per task, the entry with the first of them', async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    // Each task that adds hints, as the page saw it: how many modulepreload links were added in it.
    await page.addInitScript(() => {
      const batches: number[] = [];
      Object.assign(window, { preloadBatches: batches });
      new MutationObserver((records) => {
        const added = records
          .flatMap((r) => [...r.addedNodes])
          // The loader's hints; the app's module loader marks its own with as="script".
          .filter((n) => n instanceof HTMLLinkElement && n.rel === 'modulepreload' && !n.hasAttribute('as')).length;
        if (added) batches.push(added);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${WEB_URL}/login`);
    await page.locator('#root:not([data-prerendered]) form').waitFor();
    const named = await page.evaluate(() =>
      (document.querySelector('script[data-preload]')?.getAttribute('data-preload') ?? '').split(' ').filter(Boolean),
    );
    const hinted = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
    );
    expect(named.length).toBeGreaterThan(6);
    for (const href of named) expect(hinted).toContain(href);
    const batches = await page.evaluate(() => (window as unknown as { preloadBatches: number[] }).preloadBatches);
    expect(Math.max(...batches), JSON.stringify(batches)).toBeLessThanOrEqual(3);
    await context.close();
  });

  it('asks for none of the stylesheets its HTML carries inline', async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    const css: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) css.push(new URL(request.url()).pathname);
    });
    await page.goto(`${WEB_URL}/login`);
    await page.locator('#root:not([data-prerendered]) form').waitFor();
    // The app has loaded its screen's code, and with it asked for any stylesheet it lacked.
    await page.waitForLoadState('networkidle');
    expect(await page.locator('head link[rel="stylesheet"][disabled]').count()).toBeGreaterThan(0);
    // Every one is in the HTML: a copy would restyle and lay out the whole page again when it arrived.
    expect(css).toEqual([]);
    await context.close();
  });

  it('says so when the app cannot be loaded after one reload, and loads it on Try again', async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    let reachable = false;
    let asked = 0;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      asked += 1;
      await (reachable ? route.continue() : route.abort());
    });
    // A mark left by an earlier failure in this tab, over a minute ago: this failure still gets its reload.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('test:seeded')) return;
      sessionStorage.setItem('test:seeded', '1');
      sessionStorage.setItem('price-alerts:reloaded-after-failed-load', String(Date.now() - 120_000));
    });
    await page.goto(`${WEB_URL}/login`);
    const error = page.getByRole('alert');
    await expect.poll(() => error.getByRole('heading', { name: 'Oops!' }).count()).toBe(1);
    // Loaded, then loaded again once: never a loop of reloads.
    expect(asked).toBe(2);
    expect(await error.textContent()).toContain('Sorry, an unexpected error has occurred.');
    expect(await error.textContent()).toContain('The app could not be loaded. Check your connection and try again.');
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
    await checkScreen(page, 'load-error');
    reachable = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('#root:not([data-prerendered]) form').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('price-alerts:reloaded-after-failed-load'))).toBeNull();
    await context.close();
  });

  it('paints no part of a screen before the rest: HTML that arrives in two parts shifts nothing', async () => {
    // The login page's HTML from a server that sends it in two parts, half a second apart, as a slow
    // network does; nothing else (no code, no icon), since only the paint is looked at.
    const html = await (await fetch(`${WEB_URL}/login`)).text();
    const cut = html.indexOf('<form');
    expect(cut).toBeGreaterThan(0);
    const server = createServer((request, response) => {
      if (request.url !== '/login') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write(html.slice(0, cut));
      setTimeout(() => response.end(html.slice(cut)), 500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'block' });
    try {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/login`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      const shifted = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) =>
              resolve(list.getEntries().reduce((sum, e) => sum + (e as PerformanceEntry & { value: number }).value, 0)),
            ).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(0), 1_000);
          }),
      );
      expect(shifted).toBe(0);
    } finally {
      await context.close();
      server.close();
    }
  });

  it('serves a robots.txt, not the app', async () => {
    const response = await fetch(`${WEB_URL}/robots.txt`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^User-agent: \*$/m);
  });

  // An SVG favicon is drawn by creating a whole document in the page's renderer, on its main thread,
  // during the load (tasks of 8 to 220 ms in this machine's traces); a PNG is only decoded.
  it.each(['/login', '/dashboard'])('links %s to PNG favicons only, each served as a PNG', async (path) => {
    const html = await (await fetch(`${WEB_URL}${path}`)).text();
    // Every icon link, whatever the order of its attributes.
    const icons = [...html.matchAll(/<link\b[^>]*>/g)]
      .map(([link]) => link)
      .filter((link) => (/\brel="([^"]*)"/.exec(link)?.[1] ?? '').split(/\s+/).includes('icon'));
    expect(icons.length).toBeGreaterThan(0);
    for (const link of icons) {
      expect(link).toContain('type="image/png"');
      const href = /\bhref="([^"]+)"/.exec(link)?.[1] ?? '';
      const response = await fetch(`${WEB_URL}${href}`);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
  });
});
