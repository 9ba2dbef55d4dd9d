// Rebuilds emulator-data/ from scripts/seed-demo.ts: empty emulators, seed, export, stop.
// Only the emulators (and the mail sink the functions expect) run: the ingest service would write
// live prices/* documents into the export while it is taken.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EMULATOR_ENV, PROJECT_ID, buildForStack, root, stackProcesses, useProjectNode } from './lib/stack.mjs';
import { Supervisor } from './lib/supervisor.mjs';

await buildForStack({ web: false });
useProjectNode();
const supervisor = new Supervisor({ logDir: join(root, '.cache', 'logs') });
try {
  for (const spec of stackProcesses({ importData: false, web: false })) {
    if (spec.name !== 'sinks' && spec.name !== 'emulators') continue;
    console.log(`Starting ${spec.name}...`);
    await supervisor.start(spec);
  }
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
