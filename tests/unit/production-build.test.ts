// The web app as it would be deployed (production mode): what the emulators need stays out of it,
// and it runs under the hosting Content-Security-Policy (no inline script but the greeting's, which the policy
// allows by its hash; no source map reference).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './tempDir';
import { root } from '../../scripts/lib/stack.mjs';
import { LAST_GREETING_SCRIPT } from '../../web/src/shared/firstPaint/build/lastGreetingScript';

const outDir = tempDir('web-production-');
const scripts = () => [
  join(outDir, 'sw.js'),
  ...readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(outDir, 'assets', f)),
];

// A deploy's web/.env.production (not in the repository): vite.config.ts refuses to build without one.
const productionEnv = {
  VITE_USE_EMULATORS: 'false',
  VITE_FIREBASE_API_KEY: 'test-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'price-alerts-test.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'price-alerts-test',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000000000',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '000000000000',
  VITE_WEBSITE_URL: 'https://price-alerts.example.com',
  VITE_FIREBASE_VAPID_KEY: 'test-vapid-key',
  VITE_PRICE_FEED_URL: 'wss://ingest.example.com/prices',
};

beforeAll(() => {
  execFileSync(
    'npx',
    ['vite', 'build', '--mode', 'production', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: join(root, 'web'),
      env: { ...process.env, ...productionEnv },
      stdio: 'inherit',
    },
  );
}, 180_000);

/** Every module the build's chunks were made of, as their source maps name them. */
const mappedSources = () =>
  scripts()
    .filter((file) => existsSync(`${file}.map`))
    .flatMap((file) => (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources);

describe('the production build', () => {
  it('has no local push channel in its service worker', () => {
    const sw = readFileSync(join(outDir, 'sw.js'), 'utf8');
    expect(sw).toContain('notificationclick');
    expect(sw).not.toContain('LOCAL_PUSH');
  });

  it('references no source map', () => {
    for (const file of scripts()) expect(readFileSync(file, 'utf8'), file).not.toContain('sourceMappingURL');
  });

  it("leaves out Firestore's pipeline-only regular-expression engine (re2js), and stands in for it", () => {
    const sources = mappedSources();
    expect(sources.some((source) => source.includes('node_modules/@firebase/firestore/'))).toBe(true);
    expect(sources.filter((source) => source.includes('node_modules/re2js/'))).toEqual([]);
    expect(sources.some((source) => source.endsWith('src/lib/re2jsStub.ts'))).toBe(true);
  });

  it("gives the domain's schemas zod's English messages, and holds none of zod's classic build", () => {
    const sources = mappedSources();
    // packages/domain/src/common/zod.ts is the only module that imports the locale: both are kept, or neither.
    expect(sources.some((source) => source.endsWith('packages/domain/src/common/zod.ts'))).toBe(true);
    expect(sources.some((source) => source.endsWith('node_modules/zod/v4/locales/en.js'))).toBe(true);
    expect(sources.filter((source) => source.includes('node_modules/zod/v4/classic/'))).toEqual([]);
  });

  it('has no inline script in its HTML but the dashboard’s greeting, right after its heading', () => {
    const inline = (page: string) =>
      [...readFileSync(join(outDir, page), 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>(.*?)<\/script>/g)].map(
        (m) => m[1],
      );
    for (const page of ['index.html', 'shell.html', 'login.html', 'create_alert.html'])
      expect(inline(page), page).toEqual([]);
    expect(inline('dashboard.html')).toEqual([LAST_GREETING_SCRIPT]);
    expect(readFileSync(join(outDir, 'dashboard.html'), 'utf8')).toMatch(
      /<h1 [^>]*data-last-greeting=""[^>]*>.*?<\/h1><script>/,
    );
  });

  // The public screens paint from their HTML (web/src/shared/firstPaint/build/prerender.ts); other
  // routes get the shell.
  it('prerenders the public screens, and keeps an empty shell for every other route', () => {
    const html = (page: string) => readFileSync(join(outDir, page), 'utf8');
    expect(html('login.html')).toMatch(/<div id="root" data-prerendered="">.*<h1>Log in<\/h1>/s);
    expect(html('index.html')).toMatch(/<h1>Price Alerts<\/h1>/);
    // Its stylesheets are inline; the links naming them are disabled, never fetched, never blocking.
    expect(html('login.html')).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)/);
    const named = [...html('login.html').matchAll(/<link rel="stylesheet" href="\/(assets\/[\w-]+\.css)" disabled>/g)];
    expect(named.length).toBeGreaterThan(0);
    for (const [, file] of named) expect(existsSync(join(outDir, file ?? '')), file).toBe(true);
    // The first paint waits for the end of #root: a first part of the HTML is never painted alone.
    for (const page of ['login.html', 'dashboard.html']) {
      expect(html(page), page).toContain('<link rel="expect" href="#prerendered-end" blocking="render">');
      // ...which is the desktop block, the last element in #root.
      expect(html(page), page).toMatch(
        /<main data-desktop="" id="prerendered-end"[^>]*>.*?<\/main><\/div>\s*<noscript>/s,
      );
    }
    // Every prerendered form submits nothing before the app is in (a native submit would put the
    // password in the URL).
    for (const page of ['login.html', 'signup.html', 'forgot_password.html']) {
      const forms = html(page).match(/<form\b[^>]*>/g) ?? [];
      expect(forms.length, page).toBeGreaterThan(0);
      for (const form of forms) expect(form, page).toMatch(/^<form method="dialog"[\s>]/);
    }
    expect(html('shell.html')).toContain('<div id="root"></div>');
  });

  it('asks for the code of a prerendered page only through its loader, for the screen it shows', () => {
    const html = (page: string) => readFileSync(join(outDir, page), 'utf8');
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(html('shell.html'))?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const login = html('login.html');
    // Nothing is requested while the HTML paints but the loader (public/load-app.js).
    expect(login).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const loader = /<script defer src="\/load-app\.js" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/.exec(
      login,
    );
    expect(loader?.[1]).toBe(entry);
    const preloadsOf = (page: string) =>
      (/ data-preload="([^"]*)"/.exec(html(page))?.[1] ?? '').split(' ').filter(Boolean);
    const preloads = preloadsOf('login.html');
    expect(preloads.some((src) => /\/LoginPage-[\w-]+\.js$/.test(src))).toBe(true);
    expect(preloads.some((src) => /\/AppRoot-[\w-]+\.js$/.test(src))).toBe(true);
    expect(preloads.some((src) => /\/(DashboardPage|RequireAuth)-/.test(src))).toBe(false);
    // A signed-in route's page asks for the signed-in layout at once, not after the router has run.
    expect(preloadsOf('dashboard.html').some((src) => /\/RequireAuth-[\w-]+\.js$/.test(src))).toBe(true);
    // Every other route gets the shell, which preloads the app's root (the entry imports it at once).
    expect(html('shell.html')).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/AppRoot-[\w-]+\.js">/);
    expect(readFileSync(join(outDir, 'load-app.js'), 'utf8')).toContain("getAttribute('data-entry')");
  });
});
