// Bundles the functions with the shared domain package inlined: a workspace link does not exist
// where `firebase deploy` installs functions/package.json, so nothing may import it at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  // Only what deploy installs stays external; everything else (the domain package, zod) is bundled.
  external: Object.keys(pkg.dependencies),
  logLevel: 'warning',
});
