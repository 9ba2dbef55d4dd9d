// Prints the gzipped JavaScript each route needs on a cold load (entry, the app root it imports, page
// chunk, and their static imports), and whether any of it is Firestore. Reads web/dist (run `npm run build -w web` first).
// Exits 1 when a public route loads Firestore or a route is over its budget (docs/performance.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../lib/stack.mjs';

/** Gzipped KiB a route may load before it is interactive. */
const BUDGET_KIB = { public: 110, signedIn: 230 };

/**
 * What a screen fetches as it opens, beside its static imports: the create and edit forms ask for the
 * chart's code on mount (preloadChart), so it is part of their cold load. The details sheet's chart loads
 * only once a sheet is opened, after the dashboard is interactive.
 */
const LOADED_AT_OPEN = {
  '/create_alert': ['src/shared/chart/PriceChart.tsx'],
  '/edit_alert/:alertId': ['src/shared/chart/PriceChart.tsx'],
};

const dist = join(root, 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const router = readFileSync(join(root, 'web', 'src', 'app', 'router.tsx'), 'utf8');
const routes = [...router.matchAll(/path: '([^']+)', element: page\(\(\) => import\('\.\.\/([^']+)'\)\)/g)].map(
  ([, path, module]) => ({
    path,
    key: `src/${module}.tsx`,
    public: router.indexOf(path) < router.indexOf('protectedRoutes: RouteObject'),
  }),
);

const chunkBytes = new Map();
function chunk(key) {
  const entry = manifest[key];
  if (!entry) throw new Error(`No chunk for ${key} in the build manifest`);
  if (!chunkBytes.has(entry.file)) {
    const code = readFileSync(join(dist, entry.file));
    // The Firestore SDK names its RPC service; no other code carries that string.
    chunkBytes.set(entry.file, { gzip: gzipSync(code).length, firestore: code.includes('google.firestore.v1') });
  }
  return entry;
}

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk(key).imports ?? []) closure(dep, seen);
  return seen;
}

// The entry and the rest of the app it imports at once (main.tsx: AppRoot, in a task of its own).
const entry = closure('src/app/AppRoot.tsx', closure('index.html'));
const failures = [];
console.log('route                   gzip KiB  budget  Firestore');
for (const route of routes) {
  // A signed-in screen also loads the signed-in layout (router.tsx).
  const layout = route.public ? [] : [...closure('src/app/RequireAuth.tsx')];
  const atOpen = (LOADED_AT_OPEN[route.path] ?? []).flatMap((key) => [...closure(key)]);
  const files = new Set([...entry, ...layout, ...closure(route.key), ...atOpen].map((k) => manifest[k].file));
  const sizes = [...files].map((f) => chunkBytes.get(f));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const firestore = sizes.some((s) => s.firestore);
  const kib = total / 1024;
  const budget = route.public ? BUDGET_KIB.public : BUDGET_KIB.signedIn;
  if (route.public && firestore) failures.push(`${route.path} is public and loads Firestore code`);
  if (kib > budget) failures.push(`${route.path} loads ${kib.toFixed(1)} KiB, over its ${budget} KiB budget`);
  console.log(
    `${route.path.padEnd(22)} ${kib.toFixed(1).padStart(9)}  ${String(budget).padStart(6)}  ${firestore ? 'yes' : 'no'}${route.public ? '  (public)' : ''}`,
  );
}
if (failures.length) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
