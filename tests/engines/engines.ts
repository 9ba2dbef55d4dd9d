// The three engines a phone's browser is built on, each driven the way it can be here, behind one small
// interface the walk uses: Chromium through playwright-core, Firefox through puppeteer-core over
// WebDriver BiDi, and WebKitGTK (Safari's engine) through WebKitWebDriver and a window of our own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as PlaywrightBrowser, Page as PlaywrightPage } from 'playwright-core';
import type { Browser as PuppeteerBrowser, Page as PuppeteerPage } from 'puppeteer-core';
import { execute, findElement, newSession, type WebDriverSession } from './webdriver';

export type Engine = 'chromium' | 'firefox' | 'webkit';

export interface Size {
  width: number;
  height: number;
}

/** What the walk does with a page, in any engine. Expressions run in the page and may return a promise. */
export interface EnginePage {
  readonly engine: Engine;
  /** A full page load of `url`. */
  goto(url: string): Promise<void>;
  back(): Promise<void>;
  forward(): Promise<void>;
  reload(): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
  /** A real click (the engine's own input events) on the element `css` selects. */
  click(css: string): Promise<void>;
  /** Replaces the text of the input `css` selects by typing `text` into it. */
  type(css: string, text: string): Promise<void>;
  resize(size: Size): Promise<void>;
  screenshot(file: string): Promise<void>;
  /** Every error the engine's console showed since the page opened: scripts', network's and policies'. */
  consoleErrors(): string[];
  close(): Promise<void>;
}

export interface OpenOptions {
  size: Size;
  /** Sent instead of the engine's own (WebKit: Safari's on an iPhone or an iPad). */
  userAgent?: string;
}

export async function openEngine(engine: Engine, options: OpenOptions): Promise<EnginePage> {
  if (engine === 'chromium') return openChromium(options);
  if (engine === 'firefox') return openFirefox(options);
  return openWebKit(options);
}

async function openChromium({ size, userAgent }: OpenOptions): Promise<EnginePage> {
  const { launchBrowser } = await import('../browser/harness');
  const browser: PlaywrightBrowser = await launchBrowser();
  const context = await browser.newContext({ viewport: size, hasTouch: true, deviceScaleFactor: 1, userAgent });
  const page: PlaywrightPage = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    back: async () => void (await page.goBack()),
    forward: async () => void (await page.goForward()),
    reload: async () => void (await page.reload()),
    evaluate: (expression) => page.evaluate(expression),
    click: (css) => page.click(css),
    type: (css, text) => page.fill(css, text),
    resize: (next) => page.setViewportSize(next),
    screenshot: async (file) => void (await page.screenshot({ path: file })),
    consoleErrors: () => [...errors],
    close: () => browser.close(),
  };
}

async function openFirefox({ size, userAgent }: OpenOptions): Promise<EnginePage> {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
  });
  const page: PuppeteerPage = await browser.newPage();
  await page.setViewport({ ...size, hasTouch: true, isMobile: true });
  if (userAgent) await page.setUserAgent({ userAgent });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  // A page Firefox brings back from its back/forward cache fires no load, which puppeteer's goBack
  // would wait for: the move through history is not awaited, and the walk polls for where it lands.
  const navigate = async (go: () => Promise<unknown>) => {
    try {
      await go();
    } catch (error) {
      // The app moved on by itself (a redirect) while this load was under way.
      if (!(error instanceof Error && /NS_BINDING_ABORTED/.test(error.message))) throw error;
    }
  };
  return {
    engine: 'firefox',
    goto: (url) => navigate(() => page.goto(url, { waitUntil: 'domcontentloaded' })),
    back: async () => void page.goBack({ timeout: 60_000 }).catch(() => undefined),
    forward: async () => void page.goForward({ timeout: 60_000 }).catch(() => undefined),
    reload: () => navigate(() => page.reload({ waitUntil: 'domcontentloaded' })),
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    click: async (css) => {
      // The prerendered page is replaced when the app starts: a node found a moment before may be gone.
      for (let attempt = 1; ; attempt++) {
        try {
          await page.waitForSelector(css, { visible: true, timeout: 20_000 });
          await page.click(css);
          return;
        } catch (error) {
          if (attempt >= 5 || !(error instanceof Error && /detached|not clickable|No node/i.test(error.message)))
            throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
    type: async (css, text) => {
      await page.waitForSelector(css, { visible: true, timeout: 20_000 });
      await page.$eval(css, (el) => ((el as HTMLInputElement).value = ''));
      await page.type(css, text);
    },
    resize: (next) => page.setViewport({ ...next, hasTouch: true, isMobile: true }),
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    consoleErrors: () => [...errors],
    close: () => browser.close(),
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const WEBKIT_WINDOW = join(import.meta.dirname, 'webkit-window.py');

async function openWebKit({ size, userAgent }: OpenOptions): Promise<EnginePage> {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'price-alerts-webkit-walk-'));
  const consoleFile = join(folder, 'console.log');
  writeFileSync(consoleFile, '');
  // WebKitGTK draws into an X display; xvfb-run gives it one of its own and takes it down after.
  const driver: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1400x24', 'WebKitWebDriver', `--port=${port}`, '--host=127.0.0.1'],
    {
      env: {
        ...process.env,
        WALK_SIZE: `${size.width}x${size.height}`,
        WALK_CONSOLE: consoleFile,
        ...(userAgent ? { WALK_USER_AGENT: userAgent } : {}),
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  const driverUrl = `http://127.0.0.1:${port}`;
  const stopDriver = () => {
    try {
      if (driver.pid) process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  let session: WebDriverSession | undefined;
  try {
    for (const started = Date.now(); !session;) {
      try {
        session = await newSession(driverUrl, {
          'webkitgtk:browserOptions': { binary: WEBKIT_WINDOW, args: ['--automation'] },
        });
      } catch (error) {
        if (Date.now() - started > 20_000) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } catch (error) {
    stopDriver();
    throw new Error(
      'WebKitWebDriver did not start a session. Install webkit2gtk-driver, xvfb and gir1.2-webkit2-4.1 ' +
        '(Debian), which .ci/run does.',
      { cause: error },
    );
  }
  const s = session;
  // The prerendered page is replaced when the app starts: an element found a moment before may be
  // gone. Found again, as Playwright's locators do.
  async function onElement(css: string, act: (id: string) => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await act(await findElement(s, css));
        return;
      } catch (error) {
        const stale =
          error instanceof Error &&
          /stale element|no such element|not interactable|click intercepted/.test(error.message);
        if (!stale || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  return {
    engine: 'webkit',
    goto: async (url) => void (await s.command('POST', '/url', { url })),
    back: async () => void (await s.command('POST', '/back', {})),
    forward: async () => void (await s.command('POST', '/forward', {})),
    reload: async () => void (await s.command('POST', '/refresh', {})),
    evaluate: (expression) => execute(s, `return (${expression});`),
    click: (css) => onElement(css, (id) => s.command('POST', `/element/${id}/click`, {})),
    type: (css, text) =>
      onElement(css, async (id) => {
        await s.command('POST', `/element/${id}/clear`, {});
        await s.command('POST', `/element/${id}/value`, { text });
      }),
    resize: async (next) => void (await s.command('POST', '/window/rect', next)),
    screenshot: async (file) =>
      writeFileSync(file, Buffer.from(await s.command<string>('GET', '/screenshot'), 'base64')),
    consoleErrors: () =>
      readFileSync(consoleFile, 'utf8')
        .split('\n')
        .filter((line) => /CONSOLE \w*\s?ERROR/.test(line)),
    close: async () => {
      await s.command('DELETE', '').catch(() => undefined);
      stopDriver();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
