// `npm run test:inventory`: what the suite checks, counted without running it, so that a change to
// the tests can show it lost nothing. Per area (Vitest project and folder) it counts the test files,
// the tests Vitest collects (a table's rows and a describe.each count once, by their template name),
// the assertion sites in those files (`expect(...)`, `expect.poll(...)`, `expect.soft(...)`, the
// rules' `assertSucceeds(...)` and `assertFails(...)`; a helper's own are counted nowhere) and the
// screen checks (`checkScreen(...)`, `checkScreenAtEachSize(...)`: screenshots and axe scans). Every
// test's name, by area and file, goes to the file given with --out (default
// .cache/test-inventory.txt), to compare two runs with `diff`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { root, useProjectNode } from './lib/stack.mjs';

useProjectNode();
const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : join(root, '.cache', 'test-inventory.txt');
if (!out || out.startsWith('--')) {
  console.error('Usage: npm run test:inventory [-- --out <file>]');
  process.exit(2);
}
const listed = join(root, '.cache', 'test-list.json');
mkdirSync(dirname(listed), { recursive: true });
rmSync(listed, { force: true });

const run = spawnSync('vitest', ['list', `--json=${listed}`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (run.status !== 0) {
  console.error('vitest list failed: the inventory needs every test file to load.');
  process.exit(1);
}

/** @type {{ name: string, file: string, projectName: string }[]} */
const tests = JSON.parse(readFileSync(listed, 'utf8'));

/** The project and the folder a file belongs to: `browser tests/browser`, `unit packages/domain/src/alerts`. */
function areaOf(projectName, file) {
  const parts = relative(root, file).split('/');
  const depth = parts[0] === 'tests' ? 2 : 4;
  return `${projectName.padEnd(9)} ${parts.slice(0, Math.min(depth, parts.length - 1)).join('/')}`;
}

const count = (text, pattern) => (text.match(pattern) ?? []).length;
const ASSERTION = /\b(?:expect(?:\.poll|\.soft)?|assertSucceeds|assertFails)\s*\(/g;
const SCREEN_CHECK = /\bcheckScreen(?:AtEachSize)?\s*\(/g;

const areas = new Map();
const names = new Map();
for (const test of tests) {
  const area = areaOf(test.projectName, test.file);
  const entry = areas.get(area) ?? { files: new Set(), tests: 0, assertions: 0, screens: 0 };
  if (!entry.files.has(test.file)) {
    const text = readFileSync(test.file, 'utf8');
    entry.files.add(test.file);
    entry.assertions += count(text, ASSERTION);
    entry.screens += count(text, SCREEN_CHECK);
  }
  entry.tests += 1;
  areas.set(area, entry);
  const key = `${area.replace(/ +/, ' ')} ${relative(root, test.file)}`;
  names.set(key, [...(names.get(key) ?? []), test.name]);
}

const rows = [...areas.entries()].sort(([a], [b]) => a.localeCompare(b));
const total = { files: 0, tests: 0, assertions: 0, screens: 0 };
console.log('project   area                                       files  tests  assertions  screen checks');
for (const [area, e] of rows) {
  console.log(
    `${area.padEnd(52)} ${String(e.files.size).padStart(5)} ${String(e.tests).padStart(6)} ${String(e.assertions).padStart(11)} ${String(e.screens).padStart(14)}`,
  );
  total.files += e.files.size;
  total.tests += e.tests;
  total.assertions += e.assertions;
  total.screens += e.screens;
}
console.log(
  `${'total'.padEnd(52)} ${String(total.files).padStart(5)} ${String(total.tests).padStart(6)} ${String(total.assertions).padStart(11)} ${String(total.screens).padStart(14)}`,
);

const lines = [...names.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([key, list]) => [key, ...list.map((name) => `  ${name}`)]);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`\nEvery test's name: ${relative(process.cwd(), out) || out}`);
