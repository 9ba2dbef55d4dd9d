/**
 * Build step: the public screens and the signed-in routes' first screens become static HTML, so a
 * phone paints them from the HTML and CSS alone, before any JavaScript has loaded (issue 16). The
 * built app runs in the system Chromium as its first render shows it (PRERENDERING in
 * src/app/prerendered.ts: auth has not answered yet), and each screen's markup is written into a
 * copy of index.html with the CSS it needs inlined, so no stylesheet blocks the first paint. The
 * app then renders over it (src/main.tsx). Why a browser and not React's server renderer: the
 * screens read browser state (auth, the viewport, the theme) at render, and the app needs no
 * server-side copy of its code this way.
 *
 * index.html becomes the splash screen's page ('/'); every other path falls back to shell.html, the
 * untouched index.html (firebase.json's rewrite, the preview server and the service worker).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Plugin } from 'vite';

/** Paths prerendered, and the file each is written to (served by clean URLs). */
export const PRERENDERED: Record<string, string> = {
  '/': 'index.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
  '/forgot_password': 'forgot_password.html',
  '/dashboard': 'dashboard.html',
  '/create_alert': 'create_alert.html',
  '/account': 'account.html',
  '/notifications': 'notifications.html',
};
export const SHELL = 'shell.html';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse's mobile screen; the layout is fluid, so any phone width gives the same markup. */
const VIEWPORT = { width: 412, height: 823 };

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** The dist folder over HTTP, with every unknown path answered by the shell, as in production. */
function serve(dist: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dist, path);
    const found = file.startsWith(dist) && existsSync(file) && extname(file) !== '';
    res.writeHead(200, { 'content-type': TYPES[found ? extname(file) : '.html'] ?? 'application/octet-stream' });
    res.end(readFileSync(found ? file : join(dist, SHELL)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Capture {
  markup: string;
  stylesheets: string[];
  styles: string[];
  scripts: string[];
}

async function capture(dist: string): Promise<Map<string, Capture>> {
  const { chromium } = await import('playwright-core');
  const server = await serve(dist);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const captures = new Map<string, Capture>();
  try {
    for (const path of Object.keys(PRERENDERED)) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile PriceAlertsPrerender`,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      await page.waitForSelector('#root main, #root [role="status"]');
      // Animations at rest, so the markup is the screen's settled first frame.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => null)),
        ),
      );
      if (errors.length > 0) throw new Error(`Prerendering ${path} failed: ${errors.join('; ')}`);
      const shot = await page.evaluate(() => ({
        markup: document.getElementById('root')?.innerHTML ?? '',
        stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map(
          (l) => new URL(l.getAttribute('href') ?? '', location.href).pathname,
        ),
        styles: [...document.querySelectorAll('head style')].map((s) => s.textContent ?? ''),
      }));
      captures.set(path, { ...shot, scripts });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return captures;
}

/** The shell with the screen's markup in #root, its CSS inline and its chunks preloaded. */
function compose(shell: string, dist: string, shot: Capture): string {
  const css = shot.stylesheets.map((href) => readFileSync(join(dist, href), 'utf8'));
  const inline = `<style>${[...css, ...shot.styles].join('\n')}</style>`;
  const preloads = shot.scripts
    .filter((src) => src.startsWith('/assets/') && !shell.includes(src))
    .map((src) => `<link rel="modulepreload" crossorigin href="${src}">`)
    .join('');
  const withoutLinks = shell.replace(/<link rel="stylesheet"[^>]*>/g, '');
  if (!withoutLinks.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  // Until the app takes over, a tap on a form's button submits nothing: a native submit would
  // reload the page with the fields (a password too) in its URL.
  const markup = shot.markup.replaceAll('type="submit"', 'type="button"');
  return withoutLinks
    .replace('</head>', `${inline}${preloads}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}

/** The vite plugin; without Chromium the build goes on unprerendered, and says so. */
export function prerender(): Plugin {
  let dist = '';
  return {
    name: 'price-alerts:prerender',
    apply: 'build',
    configResolved(config) {
      dist = join(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const shell = readFileSync(join(dist, 'index.html'), 'utf8');
        writeFileSync(join(dist, SHELL), shell);
        if (!existsSync(CHROMIUM)) {
          this.warn(`No Chromium at ${CHROMIUM} (set CHROME_PATH): the screens are not prerendered.`);
          return;
        }
        const captures = await capture(dist);
        for (const [path, shot] of captures) {
          writeFileSync(join(dist, PRERENDERED[path] ?? ''), compose(shell, dist, shot));
        }
      },
    },
  };
}
