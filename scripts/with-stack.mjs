// Runs one command with the local stack up, then takes the stack down and exits with its code.
//   node scripts/with-stack.mjs [--no-web] [--empty] <command> [args...] [--reuse]
// With --reuse (anywhere, so that `npm run test:browser -- --reuse <file>` works) the command runs
// against the stack `npm start` already has up, which stays up.
// The command runs asynchronously, so a SIGTERM or Ctrl-C reaches this process at once: it stops
// the command and the whole stack.
import { spawn } from 'node:child_process';
import { SetupError } from './lib/emulator-env.mjs';
import { takenPorts } from './lib/processes.mjs';
import { EMULATOR_ENV, STACK_PORTS, WEB_URL, buildForStack, startStack } from './lib/stack.mjs';
import { onShutdownSignals } from './lib/supervisor.mjs';

const args = process.argv.slice(2).filter((arg) => arg !== '--reuse');
const reuse = args.length < process.argv.length - 2;
const flags = new Set();
while (args[0]?.startsWith('--')) flags.add(args.shift());
const web = flags.has('--no-web') ? false : 'preview';

let supervisor;
try {
  if (reuse) await expectRunningStack();
  else {
    buildForStack({ web });
    supervisor = await startStack({ web, importData: !flags.has('--empty') });
  }
} catch (error) {
  console.error(error instanceof SetupError ? error.message : (error.stack ?? String(error)));
  process.exit(1);
}
const child = spawn(args[0], args.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, ...EMULATOR_ENV, WEB_URL },
});
onShutdownSignals(() => child.kill('SIGTERM'));
const code = await new Promise((resolve) => {
  child.on('exit', (status) => resolve(status ?? 1));
  child.on('error', () => resolve(1));
});
await supervisor?.stopAll();
process.exit(code);

/** Every port of the stack answers: `npm start` is up (a stack half up would fail the tests obscurely). */
async function expectRunningStack() {
  const taken = new Set((await takenPorts(STACK_PORTS)).map((p) => p.port));
  const missing = STACK_PORTS.filter((p) => !taken.has(p.port));
  if (missing.length)
    throw new SetupError(
      `--reuse needs the stack of \`npm start\` running; nothing listens for: ${missing.map((p) => `${p.name} (${p.port})`).join(', ')}`,
    );
}
