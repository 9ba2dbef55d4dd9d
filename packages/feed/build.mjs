// Bundles each price service for its own container: dist/ingest and dist/relay, each a Cloud Run
// source directory (scripts/deploy/deploy-prices.sh) with the bundle (our code, the domain package,
// zod and ws inlined), a package.json naming only the Google client libraries that bundle imports, and
// the Dockerfile. It fails if a bundle holds a stand-in (packages/stand-ins), which never ships.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = ['firebase-admin', '@google-cloud/pubsub', '@google-cloud/firestore'];
const services = { ingest: 'src/ingest-cli.ts', relay: 'src/relay-cli.ts' };
/** 'firebase-admin/auth' -> 'firebase-admin', '@google-cloud/pubsub/x' -> '@google-cloud/pubsub'. */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

rmSync('dist', { recursive: true, force: true });
for (const [service, entry] of Object.entries(services)) {
  const outdir = `dist/${service}`;
  mkdirSync(outdir, { recursive: true });
  const { metafile } = await build({
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    sourcemap: true,
    metafile: true,
    external: external.flatMap((name) => [name, `${name}/*`]),
    // ws has optional native helpers it loads with require(); the ESM bundle needs a require.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const standIns = Object.keys(metafile.inputs).filter((input) => input.includes('stand-ins/'));
  if (standIns.length) throw new Error(`${service} bundles a stand-in: ${standIns.join(', ')}`);
  const used = [
    ...new Set(
      Object.values(metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && external.includes(packageOf(i.path)))
        .map((i) => packageOf(i.path)),
    ),
  ].sort();
  writeFileSync(
    `${outdir}/package.json`,
    `${JSON.stringify(
      {
        name: `price-alerts-${service}`,
        private: true,
        type: 'module',
        main: 'index.mjs',
        engines: { node: '24' },
        dependencies: Object.fromEntries(used.map((name) => [name, pkg.dependencies[name]])),
      },
      null,
      2,
    )}\n`,
  );
  copyFileSync('Dockerfile', `${outdir}/Dockerfile`);
  console.log(`${service}: dist/${service}/index.mjs, installs ${used.join(', ') || 'nothing'}`);
}
