// Writes what the running `npm start` emulators hold into emulator-data/ (the demo data from then on).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ID, root, useProjectNode } from './lib/stack.mjs';

useProjectNode();
try {
  execFileSync('firebase', ['emulators:export', join(root, 'emulator-data'), '--project', PROJECT_ID, '--force'], {
    stdio: 'inherit',
  });
} catch {
  console.error('Could not export: is `npm start` running?');
  process.exit(1);
}
