// Gives the page Lighthouse measures the machine first. The targets are for a phone, whose renderer main
// thread has a core to itself and runs no backend beside it. Here two cores carry Chromium, Lighthouse and
// the whole emulator stack, and Lantern multiplies every observed task by 4 with its waits for a core in
// it: in sessions 18 and 19 the main thread waited for a core 53 to 77% of the time it was ready to run
// (docs/lighthouse.md). So Chromium's threads go ahead of the stack (nice -10) and each renderer's
// main thread ahead of everything else (SCHED_FIFO); its own work, and what it waits on other threads
// and processes for, still count in full. LIGHTHOUSE_SHARED_CORES=1 measures without. Linux, as root.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { descendants, isAlive, statFields } from '../lib/processes.mjs';

export const SHARED_CORES = process.env.LIGHTHOUSE_SHARED_CORES === '1';
const SCHED_FIFO = 1;

const threadsOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
};

/**
 * Runs chrt or renice on a process's threads. A process that has exited meanwhile is no failure (a
 * renderer Chromium is shutting down); any other failure ends the script, since runs measured half
 * one way and half the other compare with neither.
 */
const setFor = (pid, command, args) => {
  try {
    execFileSync(command, args, { stdio: 'pipe' });
  } catch (error) {
    if (!isAlive(pid)) return;
    throw new Error(`page-first: ${command} ${args.join(' ')} failed (LIGHTHOUSE_SHARED_CORES=1 measures without)`, {
      cause: error,
    });
  }
};

/** The threads already at nice -10, so each sample only raises the ones started since. */
const raised = new Set();

/**
 * Every thread of a process at nice -10. Threads started later inherit the value from the thread that
 * starts them, except those a SCHED_FIFO main thread starts (reset on fork: nice 0), so the CPU watch
 * calls this again for the measured renderer at each sample.
 */
export function raiseThreads(pid) {
  if (SHARED_CORES) return;
  const fresh = threadsOf(pid).filter((tid) => !raised.has(`${pid}/${tid}`));
  if (fresh.length === 0) return;
  setFor(pid, 'renice', ['-n', '-10', '-p', ...fresh]);
  for (const tid of fresh) raised.add(`${pid}/${tid}`);
}

/** Every thread of the Chromium started as `browserPid` at nice -10; the zygote forks renderers at it. */
export function putChromiumAhead(browserPid) {
  for (const pid of [browserPid, ...descendants(browserPid)]) raiseThreads(pid);
}

const first = new Set();
/**
 * A renderer's main thread (its pid's thread) under SCHED_FIFO: it runs as soon as it is ready. Reset on
 * fork, so the threads it starts run under the normal scheduler (raiseThreads puts them at -10).
 */
export function putMainThreadFirst(rendererPid) {
  if (SHARED_CORES || first.has(rendererPid)) return;
  setFor(rendererPid, 'chrt', ['--fifo', '--reset-on-fork', '--pid', '10', String(rendererPid)]);
  first.add(rendererPid);
}

/** Whether a thread runs under SCHED_FIFO now (the policy, field 41 of /proc/<pid>/stat). */
export const isFirst = (pid) => Number(statFields(pid)?.[38]) === SCHED_FIFO;
