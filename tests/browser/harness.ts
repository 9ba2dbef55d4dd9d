// Shared by the browser tests: the system Chromium driven by playwright-core, and screenshots
// saved where a person can open them (test-results/screenshots).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pushTokenId } from '@price-alerts/domain/notify';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { axeViolations } from './axe';
import { signInWithSession } from './session';

export const WEB_URL = process.env.WEB_URL ?? 'http://127.0.0.1:5173';
export const DEMO = { email: 'demo@price-alerts.test', password: 'demo-pass-1234', name: 'Demo Trader' };
export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 820, height: 1180 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const VIEWPORTS = [PHONE, TABLET] as const;

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

function chromiumPath(): string {
  const path = CHROMIUM_PATH;
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH; browser tests never skip.`,
    );
  }
  return path;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  // Blocked unless a test needs the worker: each new context would otherwise install it and precache
  // the whole app (about 1.5 MB, some 5 s of the two cores) behind whatever the test does.
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    hasTouch: viewport.width < 1024,
    serviceWorkers,
  });
  try {
    // Closed when the test ends, passed or failed: a failed try's browser must not load the second try.
    onTestFinished(() => context.close().catch(() => undefined));
  } catch {
    // Opened outside a test (a hook): its file closes it.
  }
  const page = await context.newPage();
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text().slice(0, 160));
  });
  page.on('pageerror', (error) => errors.push(error.message.slice(0, 160)));
  return { context, page };
}

const errorsOf = new WeakMap<Page, string[]>();

/** What the page logged as errors, and threw uncaught, since it opened: for a failing test to say. */
export const pageErrors = (page: Page): readonly string[] => errorsOf.get(page) ?? [];

/**
 * Waits for the page to reach `url`; when it does not, the error says where it is and what the
 * page says (its alerts, statuses and toasts), so a failure on a loaded machine can be read.
 */
export async function arrivedAt(page: Page, url: string, timeout = 30_000): Promise<void> {
  try {
    await page.waitForURL(url, { timeout });
  } catch (error) {
    const said = await page
      .locator('[role=alert], [role=status]')
      .allTextContents()
      .catch(() => []);
    const texts = said.map((t) => t.trim()).filter(Boolean);
    throw new Error(`Still at ${page.url()} after ${timeout / 1000} s; the page says: ${JSON.stringify(texts)}`, {
      cause: error,
    });
  }
}

/** Waits for every running animation that ends (a spinner's never does, so it is left out). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize();
  const file = join(SCREENSHOT_DIR, `${name}-${size?.width}x${size?.height}.png`);
  // Sheets and dialogs slide in: picture them where they come to rest.
  await animationsSettled(page);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Signs in from a session the Auth emulator made (session.ts), and opens the dashboard. */
export const signIn = (page: Page, email = DEMO.email, password = DEMO.password): Promise<void> =>
  signInWithSession(page, WEB_URL, email, password);

/** Signs in through the login form, for the tests of signing in itself. */
export async function signInThroughForm(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto(`${WEB_URL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const SMALL_PHONE = { width: 320, height: 568 } as const;

/** newPage's option for a test of the service worker, or of what needs it (push, the offline shell). */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

/** Screens checked in this file, by name and size: each is pictured and scanned once. */
const checkedScreens = new Set<string>();

/**
 * Checks a screen once per name and size in a file: nothing scrolls sideways, a screenshot
 * (`<name>-WxH.png`), a full axe-core scan in the light scheme and a contrast scan in the dark one (the
 * only result a scheme can change), failing on any violation. A screen a flow shows again is not checked again. It leaves the page in
 * the scheme it found it in.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  // Per file: the test files share this module (the project does not isolate them).
  const key = `${expect.getState().testPath}:${name}-${size?.width}x${size?.height}`;
  if (checkedScreens.has(key)) return;
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await sideScroll(page), `${name} scrolls sideways`).toBe(0);
  await screenshot(page, name);
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await axeViolations(page, { contrastOnly: true }), `axe contrast on ${name} in the dark scheme`).toEqual([]);
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  // Only a screen that passed: a second try checks it again.
  checkedScreens.add(key);
}

/**
 * checkScreen at the phone's and the tablet's size (and the page's own, if another), for a flow that
 * runs at one size: the window is resized to each, the screen checked, and the size put back.
 */
export async function checkScreenAtEachSize(page: Page, name: string): Promise<void> {
  const own = page.viewportSize();
  const sizes = [PHONE, TABLET, ...(own && !VIEWPORTS.some((v) => v.width === own.width) ? [own] : [])];
  for (const size of sizes) {
    await page.setViewportSize(size);
    // The layout of the new size, painted.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await checkScreen(page, name);
  }
  if (own) await page.setViewportSize(own);
}

/** Whether the element's middle is on screen and not under anything (the bottom navigation, a sheet). */
export const onScreen = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === el || el.contains(top));
  });

/** How many pixels the page scrolls sideways (0 when nothing does). */
export const sideScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface OobCode {
  email: string;
  oobCode: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | string;
}

/** The newest out-of-band code the Auth emulator "sent" to this address. */
export async function latestOobCode(email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const res = await fetch(`http://${host}/emulator/v1/projects/demo-price-alerts/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  const mine = oobCodes.filter((c) => c.email === email && c.requestType === requestType);
  const code = mine.at(-1)?.oobCode;
  if (!code) throw new Error(`No ${requestType} code for ${email}`);
  return code;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

export const SIMULATOR_URL = process.env.SIMULATOR_URL ?? 'http://127.0.0.1:8090';

/** Steers the stack's price simulator (see packages/stand-ins/src/simulator/controlRoutes.ts). */
export async function simulator(path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${SIMULATOR_URL}/control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`Simulator ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Loads `path` and reloads once the service worker is installed, so the worker serves the page. */
export async function controlledPage(context: BrowserContext, page: Page, path: string) {
  await page.goto(`${WEB_URL}${path}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page };
}

/** The notifications the service worker is showing, with the URL a tap opens. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url,
      // The buttons, where the notification has any (a firing's actions).
      ...((n as Notification & { actions?: { title: string }[] }).actions?.length
        ? { actions: (n as Notification & { actions: { title: string }[] }).actions.map((a) => a.title) }
        : {}),
    }));
  });

/** An account a test signs in as. */
export interface Account {
  uid: string;
  email: string;
  password: string;
}

/**
 * `user` signed in on a page the service worker controls, with notifications allowed, once this
 * device is registered for push (the local channel on the emulators): returns its token.
 */
export async function signInWithPush(browser: Browser, viewport: { width: number; height: number }, user: Account) {
  const { context, page } = await newPage(browser, viewport, WITH_SERVICE_WORKER);
  await context.grantPermissions(['notifications'], { origin: WEB_URL });
  await controlledPage(context, page, '/login');
  await signIn(page, user.email, user.password);
  await page.waitForURL(`${WEB_URL}/dashboard`);
  const readToken = () => page.evaluate(() => localStorage.getItem('price-alerts:push-token') ?? '');
  await expect.poll(readToken).toMatch(/^local:/);
  const token = await readToken();
  // The app keeps the token before the server has it; a push sent in between never reaches this
  // device, so a test that fires an alert at once would wait for a push that was never sent to it.
  // The server learns it through a callable function: its first call in a new emulator worker took
  // over 15 s on a fresh stack (signout.test run alone failed here at 390 x 844, before and after).
  await expect.poll(() => tokenOnServer(user.uid, token), { timeout: 60_000 }).toBe(true);
  return { context, page, token };
}

/** Whether the server keeps `token` for `uid`, read past the rules as the emulator's owner. */
async function tokenOnServer(uid: string, token: string): Promise<boolean> {
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const path = `users/${uid}/pushTokens/${await pushTokenId(token)}`;
  const res = await fetch(`http://${host}/v1/projects/demo-price-alerts/databases/(default)/documents/${path}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return res.ok;
}
