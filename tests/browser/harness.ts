// Shared by the browser tests: the system Chromium driven by playwright-core, and screenshots
// saved where a person can open them (test-results/screenshots).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const WEB_URL = process.env.WEB_URL ?? 'http://127.0.0.1:5173';
export const DEMO = { email: 'demo@price-alerts.test', password: 'demo-pass-1234', name: 'Demo Trader' };
export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 820, height: 1180 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const VIEWPORTS = [PHONE, TABLET] as const;

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'screenshots');

function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
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
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: viewport.width < 1024 });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize();
  const file = join(SCREENSHOT_DIR, `${name}-${size?.width}x${size?.height}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto(`${WEB_URL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
