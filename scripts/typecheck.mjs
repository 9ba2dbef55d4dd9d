// Type-checks every workspace with its own tsconfig (the web has the DOM, the others Node).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/domain', 'packages/feed', 'packages/mail-sink', 'functions', 'web', 'tests'];
// A workspace without a tsconfig (no sources yet) is skipped.
let failed = 0;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const result = spawnSync('tsc', ['-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
  console.log(`typecheck ${project}: ${result.status === 0 ? 'ok' : 'FAILED'}`);
}
process.exit(failed ? 1 : 0);
