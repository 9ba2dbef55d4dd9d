// Bundles the ingest service and the price relay for their container: our code, the domain package, zod and ws inlined;
// the Google client libraries stay external and are installed in the image from dist/package.json.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = ['firebase-admin', '@google-cloud/pubsub', '@google-cloud/firestore'];

mkdirSync('dist', { recursive: true });
// One image, two services: the ingest service (ingest.mjs) and the price relays (relay.mjs).
await build({
  entryPoints: { ingest: 'src/ingest-cli.ts', relay: 'src/relay-cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external,
  // ws has optional native helpers it loads with require(); the ESM bundle needs a require.
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
});
writeFileSync(
  'dist/package.json',
  `${JSON.stringify(
    {
      name: 'price-alerts-ingest',
      private: true,
      type: 'module',
      main: 'ingest.mjs',
      engines: { node: '24' },
      dependencies: Object.fromEntries(external.map((name) => [name, pkg.dependencies[name]])),
    },
    null,
    2,
  )}\n`,
);
