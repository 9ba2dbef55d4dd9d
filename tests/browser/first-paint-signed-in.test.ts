// A signed-in reload of the dashboard paints the user's name from the HTML, before any
// JavaScript, from what this device last showed (web/src/shared/firstPaint/lastGreeting.ts, read by
// web/src/shared/firstPaint/build/lastGreetingScript.ts, inline in the HTML); the app keeps it, with no frame of the placeholder, until the profile is
// there; and the name is forgotten when its user is signed out. Nor does the dashboard shift as it fills
// in: 'My Todos' and the lists' heights are remembered with the name.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, VIEWPORTS, WEB_URL, WITH_SERVICE_WORKER, launchBrowser, newPage, signIn } from './harness';

const KEY = 'price-alerts:last-greeting';
const HEIGHTS_KEY = 'price-alerts:last-list-heights';
// Playwright's routes do not see what a service worker answers: once the app's worker controlled the
// page (it installs while the test signs in, sooner or later), the entry could no longer be held back.
const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Holds back the app's entry script until the returned function is called. */
async function holdEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Records, in every frame from the first, what the greeting's heading says ('' for the placeholder). */
const recordGreetingFrames = (page: Page) =>
  page.addInitScript(() => {
    const frames: string[] = [];
    Object.assign(window, { greetingFrames: frames });
    const record = () => {
      const heading = document.querySelector('.greeting h1');
      if (heading) frames.push(heading.textContent ?? '');
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });

const greetingFrames = (page: Page) =>
  page.evaluate(() => (window as unknown as { greetingFrames: string[] }).greetingFrames);

/** Records every layout shift of the page's next loads, with the classes of what moved. */
const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: { value: number; moved: string }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { value: number; sources: { node?: Node }[] }[]) {
        const moved = entry.sources.map((source) => (source.node as Element | undefined)?.getAttribute?.('class'));
        shifts.push({ value: entry.value, moved: moved.join(', ') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The shifts recorded since the load, and their sum: the cumulative layout shift. */
async function layoutShifts(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; moved: string }[] }).layoutShifts,
  );
  return { shifts, total: shifts.reduce((sum, shift) => sum + shift.value, 0) };
}

describe.each(VIEWPORTS)('the dashboard’s greeting at $width x $height', (viewport) => {
  it('paints the name from the HTML on a signed-in reload, keeps it in every frame, and forgets it at sign-out', async () => {
    const { context, page } = await newPage(browser, viewport, NO_SERVICE_WORKER);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await page.getByRole('heading', { level: 1, name: DEMO.name }).waitFor();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toContain(DEMO.name);

    await recordGreetingFrames(page);
    const release = await holdEntry(page);
    // Not until 'load': the held entry, inserted before it, would hold it up.
    await page.reload({ waitUntil: 'commit' });
    // The HTML alone: the name, and the spec's spinner while the session is checked.
    await page.locator('#root[data-prerendered]').waitFor();
    await expect.poll(() => page.locator('.greeting h1').textContent()).toBe(DEMO.name);
    expect(await page.getByRole('status').first().textContent()).toBe('Checking your session');
    release();
    await page.locator('#root:not([data-prerendered]) [role="tabpanel"][aria-busy="false"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(DEMO.name);
    expect(new Set(await greetingFrames(page))).toEqual(new Set([DEMO.name]));

    await page.goto(`${WEB_URL}/account`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${WEB_URL}/login`);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    await context.close();
  });

  it('does not shift on a signed-in reload while the profile, the lists and the prices arrive', async () => {
    const { context, page } = await newPage(browser, viewport, NO_SERVICE_WORKER);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await page.getByRole('heading', { name: 'My Todos' }).waitFor();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), HEIGHTS_KEY)).toContain('"active"');

    await recordLayoutShifts(page);
    await page.reload();
    await page.locator('[role="tabpanel"][aria-busy="false"] .alert-row').first().waitFor();
    await page.locator('.pair-card .pair-ask').first().filter({ hasNotText: 'Loading...' }).waitFor();
    // The profile is one cached document, asked for with the lists; then two price ticks, each redrawing a card.
    const ask = page.locator('.pair-card .pair-ask').first();
    for (let tick = 0; tick < 2; tick++) {
      const shown = await ask.textContent();
      await expect.poll(() => ask.textContent()).not.toBe(shown);
    }
    // The sum is the cumulative layout shift: before, 0.44 at 390 px and 0.10 at 820 px. A
    // sparkline taking its place scores under 0.0001, which no one sees.
    const { total, shifts } = await layoutShifts(page);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.001);
    await context.close();
  });

  it('forgets it when the session turns out to have ended, and shows it only as text', async () => {
    const { context, page } = await newPage(browser, viewport, NO_SERVICE_WORKER);
    const name = '<img src=x onerror="document.title=1">';
    await context.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('seeded')) localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      },
      [KEY, JSON.stringify({ uid: 'gone', name, avatarId: null })] as const,
    );
    const release = await holdEntry(page);
    await page.goto(`${WEB_URL}/dashboard`, { waitUntil: 'commit' });
    await expect.poll(() => page.locator('.greeting h1').textContent()).toBe(name);
    expect(await page.locator('.greeting h1 img').count()).toBe(0);
    release();
    // No one is signed in on this device: the app sends the visitor to /login and forgets the name.
    await page.waitForURL(`${WEB_URL}/login`);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    expect(await page.title()).not.toBe('1');
    await context.close();
  });
});

describe.each(VIEWPORTS)('the create screen at $width x $height', (viewport) => {
  // Headless Chromium blocks notifications, so the form says no push would arrive (or that pushes go
  // to other devices) once push is checked: before, that pushed the fields below it down (0.033).
  it('does not shift on a reload while push is checked, with the hint it showed last time', async () => {
    const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
    await signIn(page);
    await page.waitForURL(`${WEB_URL}/dashboard`);
    await page.goto(`${WEB_URL}/create_alert`);
    await page.locator('#push-hint').waitFor();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('price-alerts:last-push-hint')))
      .toContain('"hint":"');

    await recordLayoutShifts(page);
    await page.reload();
    await page.locator('#push-hint').waitFor();
    expect(await page.locator('.held-hint').count()).toBe(0);
    // Every field's state is known once the held place is gone; a shift is reported after the frame
    // that made it, so two more frames are let through before the sum is read.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const { total, shifts } = await layoutShifts(page);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.001);
    await context.close();
  });
});
