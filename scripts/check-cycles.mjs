// Import cycles, type-only imports included, in every TypeScript source of the repository: ESLint's
// import-x/no-cycle does not follow `import type`, and a cycle of types still means two modules that
// can only be understood together. Prints each cycle and exits 1; prints the module count otherwise.
// Run: node scripts/check-cycles.mjs [folder...] (the repository's sources by default).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const ROOTS = args.length
  ? args.map((dir) => resolve(dir))
  : ['packages', 'functions/src', 'web/src'].map((dir) => join(root, dir));
// Build output only: web/src/lib and functions/src/lib are sources like any other.
const SKIP = new Set(['node_modules', 'dist', '.cache']);

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

// `import ... from`, `export ... from`, a side-effect `import '...'`, and `import('...')`.
const SPECIFIER =
  /(?:^|[;\s])(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[;\s])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@price-alerts/domain/')) base = join(root, 'packages/domain/src', specifier.slice(21));
  else return undefined;
  // A `.js` specifier names the `.ts` source it is compiled from.
  const source = base.replace(/\.js$/, '');
  for (const candidate of [base, `${source}.ts`, `${source}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

const files = ROOTS.filter(existsSync).flatMap((dir) => sources(dir));
const edges = new Map(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? m[3]);
      if (target) targets.add(target);
    }
    return [file, [...targets]];
  }),
);

// Tarjan's strongly connected components: each component of more than one module is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function visit(v) {
  state.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!state.has(w)) {
      visit(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const file of edges.keys()) if (!state.has(file)) visit(file);

if (cycles.length) {
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.map((f) => relative(root, f)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${edges.size} modules (type-only imports included).`);
