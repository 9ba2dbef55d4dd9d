// Rebuilds emulator-data/ from scripts/seed-demo.ts: empty emulators, seed, export, stop.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EMULATOR_ENV, PROJECT_ID, buildForStack, root, startStack } from './lib/stack.mjs';

buildForStack({ web: false });
const supervisor = await startStack({ importData: false, web: false });
try {
  const env = { ...process.env, ...EMULATOR_ENV };
  execFileSync('tsx', [join(root, 'scripts', 'seed-demo.ts')], { env, stdio: 'inherit' });
  rmSync(join(root, 'emulator-data'), { recursive: true, force: true });
  execFileSync('firebase', ['emulators:export', join(root, 'emulator-data'), '--project', PROJECT_ID, '--force'], {
    env,
    stdio: 'inherit',
  });
} finally {
  await supervisor.stopAll();
}
