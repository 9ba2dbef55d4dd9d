// `npm test`: every check in one command. Each step runs even if an earlier one failed, each
// runner prints its own summary, and the exit code is non-zero if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { SetupError } from './lib/emulator-env.mjs';
import { failedTestLines, jsonReportArgs, retriedTestLines, slowestFileLines } from './lib/failed-tests.mjs';
import { describeTakenPorts, takenPorts } from './lib/processes.mjs';
import {
  EMULATOR_ENV,
  PROJECT_ID,
  STACK_PORTS,
  WEB_URL,
  buildForStack,
  root,
  startStack,
  useProjectNode,
} from './lib/stack.mjs';
import { emulatorLog, warmFunctions } from './lib/warm-functions.mjs';
import { onShutdownSignals } from './lib/supervisor.mjs';

useProjectNode();
const results = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const report = cmd === 'vitest' ? jsonReportArgs(name) : undefined;
  const started = Date.now();
  const result = spawnSync(cmd, [...args, ...(report?.args ?? [])], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: (Date.now() - started) / 1000, report: report?.file });
  return ok;
}

/** The check running beside the stack's start, stopped with it on Ctrl-C or SIGTERM. */
let checking;

/** A check run beside the stack's start, its output printed in one piece when it ends. */
function background(name, cmd, args) {
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  checking = child;
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (d) => (output += d));
  }
  // One that cannot start (a missing command) is a failed check, not a crash that leaves the stack up.
  child.on('error', (error) => (output += `${error.message}\n`));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      checking = undefined;
      const end = signal ? `\n(stopped by ${signal})` : '';
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}\n${output.trimEnd()}${end}`);
      results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
      resolve();
    });
  });
}

/** The static checks, one after the other, while the stack builds and starts (it mostly waits on Java). */
async function staticChecks() {
  await background('typecheck', 'node', ['scripts/typecheck.mjs']);
  await background('lint', 'eslint', ['.', '--max-warnings=0']);
  await background('import cycles', 'node', ['scripts/check-cycles.mjs']);
  await background('format', 'prettier', ['--check', '.', '--log-level', 'warn']);
}

// Two workers: unit files wait on nothing but the CPU, and Vitest's default on two cores is one.
step('unit', 'vitest', ['run', '--project', 'unit', '--project', 'web', '--maxWorkers=2']);

let supervisor;
let running;
onShutdownSignals(() => checking?.kill('SIGTERM'));
// A check that throws as it starts is a failed check, never a crash that leaves the stack up.
const checked = staticChecks().catch((error) => results.push({ name: 'static checks', ok: false, seconds: 0, error }));
const stackStarted = Date.now();
try {
  await buildForStack();
  supervisor = await startStack();
  results.push({ name: 'stack start', ok: true, seconds: (Date.now() - stackStarted) / 1000 });
  console.log('\n=== functions warmed: each called once');
  const seconds = await warmFunctions({ projectId: PROJECT_ID, logFile: emulatorLog(root) });
  results.push({ name: 'functions warmed', ok: true, seconds });
  // No test shares the two cores with a check.
  await checked;
  // With the stack up, a SIGTERM must reach this process at once (spawnSync would hold it until the
  // step ended): it stops the step and the stack.
  onShutdownSignals(() => running?.kill('SIGTERM'));
  // One after the other: emulator files that change the demo project's data never run beside a
  // browser flow that reads it, and no step shares the two cores with another.
  await stackStep('emulator', ['emulator']);
  await stackStep('browser', ['browser']);
  await stackStep('engine walk', ['engines']);
} catch (error) {
  console.error(error instanceof SetupError ? error.message : (error.stack ?? String(error)));
  results.push({ name: 'stack start', ok: false, seconds: (Date.now() - stackStarted) / 1000 });
} finally {
  if (supervisor) await stopAndCheckPorts(supervisor);
  await checked;
}
step('stack lifecycle', 'vitest', ['run', '--project', 'lifecycle']);

/** A vitest run of `projects` against the running stack; a SIGTERM stops it (see onShutdownSignals above). */
async function stackStep(name, projects) {
  const args = ['run', ...projects.flatMap((p) => ['--project', p])];
  const report = jsonReportArgs(name);
  console.log(`\n=== ${name}: vitest ${args.join(' ')}`);
  const started = Date.now();
  running = spawn('vitest', [...args, ...report.args], {
    stdio: 'inherit',
    env: { ...process.env, ...EMULATOR_ENV, WEB_URL },
  });
  const code = await new Promise((resolve) => running.on('exit', (status) => resolve(status)));
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, report: report.file });
}

/** After real activity (alerts fired, browsers driven): the whole stack is down within 20 s, every port free. */
async function stopAndCheckPorts(running) {
  const started = Date.now();
  await running.stopAll();
  const seconds = (Date.now() - started) / 1000;
  const taken = await takenPorts(STACK_PORTS);
  if (taken.length) console.error(describeTakenPorts(taken));
  console.log(`Stack stopped in ${seconds.toFixed(1)} s; ports still taken: ${taken.length}`);
  results.push({ name: 'stack stop (every port free within 20 s)', ok: taken.length === 0 && seconds <= 20, seconds });
}

console.log('\n=== summary');
// In the order the steps are written, whichever ended first.
const ORDER = [
  'unit',
  'typecheck',
  'lint',
  'import cycles',
  'format',
  'static checks',
  'stack start',
  'functions warmed',
];
const rank = (r) => (ORDER.includes(r.name) ? ORDER.indexOf(r.name) : ORDER.length);
results.sort((a, b) => rank(a) - rank(b));
for (const r of results) {
  if (r.error) console.log(String(r.error));
  console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds.toFixed(1)} s)`);
  if (!r.ok && r.report) for (const line of failedTestLines(r.report)) console.log(line);
  if (r.report) for (const line of retriedTestLines(r.report)) console.log(line);
}
const timed = results.filter((r) => r.report).map((r) => ({ step: r.name, file: r.report }));
console.log('\nThe ten slowest test files:');
for (const line of slowestFileLines(timed)) console.log(line);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
