// `npm test`: every check in one command. Each step runs even if an earlier one failed, each
// runner prints its own summary, and the exit code is non-zero if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { SetupError } from './lib/emulator-env.mjs';
import { failedTestLines, jsonReportArgs, retriedTestLines } from './lib/failed-tests.mjs';
import { describeTakenPorts, takenPorts } from './lib/processes.mjs';
import { EMULATOR_ENV, STACK_PORTS, WEB_URL, buildForStack, startStack, useProjectNode } from './lib/stack.mjs';
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

step('typecheck', 'node', ['scripts/typecheck.mjs']);
step('lint', 'eslint', ['.', '--max-warnings=0']);
step('import cycles', 'node', ['scripts/check-cycles.mjs']);
step('format', 'prettier', ['--check', '.', '--log-level', 'warn']);
step('unit', 'vitest', ['run', '--project', 'unit', '--project', 'web']);

let supervisor;
let running;
const stackStarted = Date.now();
try {
  buildForStack();
  supervisor = await startStack();
  results.push({ name: 'stack start', ok: true, seconds: (Date.now() - stackStarted) / 1000 });
  // With the stack up, a SIGTERM must reach this process at once (spawnSync would hold it until the
  // step ended): it stops the step and the stack.
  onShutdownSignals(() => running?.kill('SIGTERM'));
  await stackStep('emulator + browser', ['emulator', 'browser']);
  // After the Chromium suite, so that three more browsers never share the two cores with it.
  await stackStep('engine walk', ['engines']);
} catch (error) {
  console.error(error instanceof SetupError ? error.message : (error.stack ?? String(error)));
  results.push({ name: 'stack start', ok: false, seconds: (Date.now() - stackStarted) / 1000 });
} finally {
  if (supervisor) await stopAndCheckPorts(supervisor);
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
for (const r of results) {
  console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds.toFixed(1)} s)`);
  if (!r.ok && r.report) for (const line of failedTestLines(r.report)) console.log(line);
  if (r.report) for (const line of retriedTestLines(r.report)) console.log(line);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
