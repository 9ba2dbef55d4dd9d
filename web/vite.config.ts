import react from '@vitejs/plugin-react';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SHELL, prerender } from './src/shared/firstPaint/build/prerender.ts';
import { previewHeaders } from './securityHeaders.ts';
import { parseConfig } from './src/lib/configSchema.ts';

/**
 * The app reads its VITE_* settings unchecked (src/lib/config.ts: no zod in the bundle), so they are
 * checked here instead: a build or dev server with one missing or malformed stops, naming each.
 */
function checkAppConfig(): Plugin {
  return {
    name: 'price-alerts:check-config',
    configResolved({ mode }) {
      parseConfig(loadEnv(mode, import.meta.dirname, 'VITE_'));
    },
  };
}

/**
 * The preview server answers a path as Firebase Hosting does (firebase.json): a prerendered page by
 * its clean URL (/login is login.html), any other route with the shell.
 */
function cleanUrls(): Plugin {
  return {
    name: 'price-alerts:clean-urls',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname !== '/' && !url.pathname.includes('.')) {
          const page = `${url.pathname}.html`;
          req.url = `${existsSync(join(dist, page)) ? page : `/${SHELL}`}${url.search}`;
        }
        next();
      });
    },
  };
}

/**
 * React Router 7's package exports name only its development build, whose dev warnings (and their
 * checks) a production bundle then carries (remix-run/react-router#14102). A build takes the production
 * build it ships beside it, the same code with those warnings off; the dev server and tests keep theirs.
 */
function reactRouterProduction() {
  // The copy react-router-dom itself imports, wherever npm has put it.
  const dom = createRequire(import.meta.url).resolve('react-router-dom/package.json');
  const dist = join(createRequire(dom).resolve('react-router/package.json'), '..', 'dist/production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command, mode }) => ({
  resolve: {
    alias: [
      // Firestore's pipeline-only regular-expression engine, which the app never uses (src/lib/re2jsStub.ts).
      { find: 're2js', replacement: join(import.meta.dirname, 'src/lib/re2jsStub.ts') },
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  plugins: [
    checkAppConfig(),
    react(),
    cleanUrls(),
    // Before the service worker's build, which precaches the pages it writes.
    prerender(),
    VitePWA({
      integration: { closeBundleOrder: 'post' },
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The app shows its own "new version" message and decides when to reload.
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // A classic worker, as registerSW registers it: one script, with nothing for the build to inline.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      devOptions: { enabled: false },
      manifest: {
        name: 'Price Alerts',
        short_name: 'Price Alerts',
        description: 'Price alerts on currency pairs, metals and crypto, by email and push.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0f172a',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  // The manifest lets scripts/bench/route-js.mjs work out what each route downloads. Source maps
  // are built for debugging but not referenced from the code, and never deployed (firebase.json).
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    // Every browser the app targets but Safari before 17 supports modulepreload; there the hints are
    // ignored and the chunks load when imported. The polyfill would cost every route's first download.
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    headers: previewHeaders(join(import.meta.dirname, '..'), mode),
  },
}));
