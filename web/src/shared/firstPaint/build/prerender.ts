/**
 * Build step: the public screens and the signed-in routes' first screens become static HTML, so a
 * phone paints them from the HTML and CSS alone, before any JavaScript has loaded. The
 * built app runs in the system Chromium as its first render shows it (PRERENDERING in
 * src/shared/firstPaint/prerendered.ts: auth has not answered yet), and each screen's markup is written into a
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
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Plugin } from 'vite';
// By path, not '@price-alerts/domain/common': Vite's config loader leaves packages to Node, which would
// then load the domain's TypeScript itself.
import { DESKTOP_MIN_WIDTH_PX } from '../../../../../packages/domain/src/common/device.ts';
import { LAST_GREETING_SCRIPT } from './lastGreetingScript.ts';
import prerenderedPages from './prerendered.json' with { type: 'json' };

/**
 * Paths prerendered, and the file each is written to (served by clean URLs). A JSON file, so that the
 * deploy check (scripts/deploy/check-web-dist.mjs, plain Node) reads the same list.
 */
export const PRERENDERED: Record<string, string> = prerenderedPages;
export const SHELL = 'shell.html';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse's mobile screen; the layout is fluid, so any phone width gives the same markup. */
const VIEWPORT = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 800 };

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
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

interface Capture {
  markup: string;
  stylesheets: string[];
  styles: string[];
  scripts: string[];
}

/** One path at one size, as the app's first render shows it. */
async function shoot(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Capture> {
  const context = await browser.newContext({
    viewport,
    userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile PriceAlertsPrerender`,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url, { waitUntil: 'load' });
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
    if (errors.length > 0) throw new Error(`Prerendering ${url} failed: ${errors.join('; ')}`);
    const shot = await page.evaluate(() => ({
      markup: document.getElementById('root')?.innerHTML ?? '',
      stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map(
        (l) => new URL(l.getAttribute('href') ?? '', location.href).pathname,
      ),
      styles: [...document.querySelectorAll('head style')].map((s) => s.textContent ?? ''),
    }));
    return { ...shot, scripts };
  } finally {
    await context.close();
  }
}

/** Every prerendered path at a phone's width, and the desktop block (the same on every path). */
async function capture(dist: string): Promise<{ pages: Map<string, Capture>; desktop: string }> {
  const { chromium } = await import('playwright-core');
  const server = await serve(dist);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const pages = new Map<string, Capture>();
    for (const path of Object.keys(PRERENDERED)) pages.set(path, await shoot(browser, `${origin}${path}`, VIEWPORT));
    const desktop = (await shoot(browser, `${origin}/login`, DESKTOP)).markup;
    return { pages, desktop };
  } finally {
    await browser.close();
    server.close();
  }
}

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}

/** The chunks named and their static imports, as paths. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => `/${manifest[key]?.file ?? ''}`);
}

/** The rest of the app, which the entry imports dynamically (src/main.tsx): every page needs it. */
function appRootKey(manifest: Record<string, ManifestChunk>): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.src === 'src/app/AppRoot.tsx');
  if (!key) throw new Error('No chunk for src/app/AppRoot.tsx in the build manifest');
  return key;
}

/**
 * What the first render needs beyond the entry: the app's root, the screen's own chunk and, on a
 * signed-in route, the signed-in layout (each a chunk the browser asked for while rendering it),
 * with their static imports.
 */
function screenChunks(manifest: Record<string, ManifestChunk>, scripts: string[]): string[] {
  const requested = new Set(scripts.map((src) => src.replace(/^\//, '')));
  const layouts = Object.keys(manifest).filter((key) => {
    const chunk = manifest[key];
    const screen = /Page\.tsx$/.test(chunk?.src ?? '') || chunk?.src === 'src/app/RequireAuth.tsx';
    return chunk?.isDynamicEntry && screen && requested.has(chunk.file);
  });
  return closure(manifest, [appRootKey(manifest), ...layouts]);
}

/** The shell (every route not prerendered) preloads the app's root, which the entry imports at once. */
function shellWithPreloads(shell: string, manifest: Record<string, ManifestChunk>): string {
  const links = closure(manifest, [appRootKey(manifest)])
    .filter((src) => !shell.includes(src))
    .map((src) => `<link rel="modulepreload" crossorigin href="${src}">`)
    .join('');
  return shell.replace('</head>', `${links}</head>`);
}

/**
 * The shell with the screen's markup in #root, its CSS inline, and its code asked for by the loader
 * (public/load-app.js) once it has painted. The desktop block's markup sits beside it, shown by CSS
 * alone at desktop widths (spec: the app is not for them), until the app's own #root, without the
 * data-prerendered mark, takes its place (src/main.tsx).
 */
function compose(shell: string, dist: string, shot: Capture, desktop: string, manifest: Record<string, ManifestChunk>) {
  const css = shot.stylesheets.map((href) => readFileSync(join(dist, href), 'utf8'));
  const desktopOnly = `@media (min-width:${DESKTOP_MIN_WIDTH_PX}px){#root[data-prerendered]>:not([data-desktop]){display:none}}
@media (max-width:${DESKTOP_MIN_WIDTH_PX - 0.02}px){#root[data-prerendered]>[data-desktop]{display:none}}`;
  // Each inlined file is also named by a disabled link, which the browser never fetches: the app's
  // module loader takes a stylesheet link for a file as the file loaded, so it does not ask for it
  // again and restyle and relayout the whole page as each copy arrives.
  const loaded = shot.stylesheets.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('');
  const expectEnd = `<link rel="expect" href="#${PRERENDERED_END}" blocking="render">`;
  const inline = `${expectEnd}${loaded}<style>${[...css, ...shot.styles, desktopOnly].join('\n')}</style>`;
  // The page paints without its code, which public/load-app.js then requests once the HTML has
  // painted: the entry, the chunks it imports and the screen's own chunks.
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const imported = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const preloads = [...new Set([...imported, ...screenChunks(manifest, shot.scripts)])].filter((src) => src !== entry);
  const loader = `<script defer src="/load-app.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  const withoutLinks = shell
    .replace(/<link rel="stylesheet"[^>]*>/g, '')
    .replace(/<link rel="modulepreload" crossorigin[^>]*>/g, '')
    .replace(/<script type="module" crossorigin[^>]*><\/script>/, loader);
  if (!withoutLinks.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  // Until the app takes over, its forms submit nothing, by a tap or by Enter: a form outside a
  // dialog with method "dialog" does nothing on submit, where a native submit would reload the page
  // with the fields (a password too) in its URL.
  const markup = shot.markup
    .replace(/<form(?=[\s>])/g, '<form method="dialog"')
    // The dashboard's greeting: the name from the last session, in the first paint (lastGreetingScript.ts).
    .replace(/(<h1 [^>]*data-last-greeting=""[^>]*>.*?<\/h1>)/, `$1<script>${LAST_GREETING_SCRIPT}</script>`);
  // The desktop block closes #root: the first paint waits until it is parsed (the expect link below), so
  // a slow network's first part of the HTML never paints a centred screen that moves as the rest arrives.
  const desktopBlock = desktop.replace(/^<(\w+) /, `<$1 data-desktop="" id="${PRERENDERED_END}" `);
  return withoutLinks
    .replace('</head>', `${inline}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="">${markup}${desktopBlock}</div>`);
}

/** The id of the last element of a prerendered #root. */
const PRERENDERED_END = 'prerendered-end';

/** The vite plugin; without Chromium the build goes on unprerendered, and says so. */
export function prerender(): Plugin {
  let dist = '';
  return {
    name: 'price-alerts:prerender',
    apply: 'build',
    configResolved(config) {
      // outDir may be absolute (tests build into a temporary folder).
      dist = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
          string,
          ManifestChunk
        >;
        const shell = readFileSync(join(dist, 'index.html'), 'utf8');
        writeFileSync(join(dist, SHELL), shellWithPreloads(shell, manifest));
        if (!existsSync(CHROMIUM)) {
          this.warn(`No Chromium at ${CHROMIUM} (set CHROME_PATH): the screens are not prerendered.`);
          return;
        }
        const { pages, desktop } = await capture(dist);
        for (const [path, shot] of pages) {
          writeFileSync(join(dist, PRERENDERED[path] ?? ''), compose(shell, dist, shot, desktop, manifest));
        }
      },
    },
  };
}
