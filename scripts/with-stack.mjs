// Runs one command with the local stack up, then takes the stack down and exits with its code.
//   node scripts/with-stack.mjs [--no-web] [--empty] [--warm] <command> [args...] [--reuse]
// --warm calls each function once before the command (scripts/lib/warm-functions.mjs).
// With --reuse (anywhere, so that `npm run test:browser -- --reuse <file>` works) the command runs
// against the stack `npm start` already has up, which stays up.
// The command runs asynchronously, so a SIGTERM or Ctrl-C reaches this process at once: it stops
// the command and the whole stack.
import { spawn } from 'node:child_process';
import { SetupError } from './lib/emulator-env.mjs';
import { takenPorts } from './lib/processes.mjs';
import {
  EMULATOR_ENV,
  PROJECT_ID,
  SIMULATOR_PORT,
  STACK_PORTS,
  WEB_URL,
  buildForStack,
  root,
  startStack,
} from './lib/stack.mjs';
import { emulatorLog, warmFunctions } from './lib/warm-functions.mjs';
import { onShutdownSignals } from './lib/supervisor.mjs';

const args = process.argv.slice(2).filter((arg) => arg !== '--reuse');
const reuse = args.length < process.argv.length - 2;
const flags = new Set();
while (args[0]?.startsWith('--')) flags.add(args.shift());
const web = flags.has('--no-web') ? false : 'preview';
const known = new Set(['--no-web', '--empty', '--warm']);
if (args.length === 0 || [...flags].some((flag) => !known.has(flag))) {
  console.error('Usage: node scripts/with-stack.mjs [--no-web] [--empty] [--warm] <command> [args...] [--reuse]');
  process.exit(2);
}

let supervisor;
try {
  if (reuse) {
    await expectRunningStack();
    // `npm start` keeps the simulator on market hours; tests are written for a market always open.
    await simulatorClock({ marketHours: false });
  } else {
    await buildForStack({ web });
    supervisor = await startStack({ web, importData: !flags.has('--empty') });
    if (flags.has('--warm')) {
      const seconds = await warmFunctions({ projectId: PROJECT_ID, logFile: emulatorLog(root) });
      console.log(`Functions warmed in ${seconds.toFixed(1)} s`);
    }
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
if (reuse) await simulatorClock({ marketHours: true }).catch(() => undefined);
process.exit(code);

function simulatorClock(body) {
  return fetch(`http://127.0.0.1:${SIMULATOR_PORT}/control/clock`, {
    method: 'POST',
    body: JSON.stringify({ offsetMs: 0, ...body }),
  }).then((res) => {
    if (!res.ok) throw new SetupError(`The simulator refused its clock: ${res.status}`);
  });
}

/** Every port of the stack answers: `npm start` is up (a stack half up would fail the tests obscurely). */
async function expectRunningStack() {
  const taken = new Set((await takenPorts(STACK_PORTS)).map((p) => p.port));
  const missing = STACK_PORTS.filter((p) => !taken.has(p.port));
  if (missing.length)
    throw new SetupError(
      `--reuse needs the stack of \`npm start\` running; nothing listens for: ${missing.map((p) => `${p.name} (${p.port})`).join(', ')}`,
    );
}
