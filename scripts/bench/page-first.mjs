// Gives the page Lighthouse measures the machine first. The targets are for a phone, whose browser has
// its cores to itself and runs no backend beside it. Here two cores carry Chromium, Lighthouse and the
// whole emulator stack, and Lantern multiplies every observed task by 4 with its waits in it: in
// sessions 18 and 19 the main thread waited for a core 53 to 77% of the time it was ready to run
// (first-paint-figures.md). Chromium at nice -10 (session 20) stopped that, but the main thread still
// waited inside its tasks for Chromium's other threads (a font lookup or storage read is a round trip
// through three or four of them, across processes), and each of those, at nice -10, waited for a core
// behind the stack's Java and Node threads. So every Chromium thread runs under SCHED_FIFO, ahead of
// the stack, and each renderer's main thread at a higher priority than Chromium's others; its own work
// and what it waits on other threads for still count in full. LIGHTHOUSE_SHARED_CORES=1 measures
// without. Linux, as root.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { descendants, isAlive, statFields } from '../lib/processes.mjs';

export const SHARED_CORES = process.env.LIGHTHOUSE_SHARED_CORES === '1';
const SCHED_FIFO = 1;
/** Chromium's threads, ahead of every normal thread; a renderer's main thread ahead of them. */
const CHROMIUM_PRIORITY = '5';
const MAIN_PRIORITY = '10';

const threadsOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
};

/**
 * Runs chrt on a process or thread. One that has exited meanwhile is no failure (a renderer Chromium
 * is shutting down, a worker thread let go); any other failure ends the script, since runs measured
 * half one way and half the other compare with neither.
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

// The real-time priority and the policy: fields 40 and 41 of /proc/<pid>/stat.
const isFifo = (tid) => Number(statFields(tid)?.[38]) === SCHED_FIFO;
/** Whether a renderer's main thread runs ahead of Chromium's other threads now. */
export const isFirst = (pid) => isFifo(pid) && statFields(pid)?.[37] === MAIN_PRIORITY;

/**
 * Every thread of a process under SCHED_FIFO. Threads and processes started later inherit it, except
 * those a renderer's main thread starts (it is reset on fork, so that they do not share its priority),
 * so the CPU watch calls this again for each renderer at each sample.
 */
export function raiseThreads(pid) {
  if (SHARED_CORES) return;
  for (const tid of threadsOf(pid)) {
    if (tid !== String(pid) && !isFifo(tid)) setFor(tid, 'chrt', ['--fifo', '--pid', CHROMIUM_PRIORITY, tid]);
  }
}

/** Every process of the Chromium started as `browserPid` under SCHED_FIFO; the zygote forks renderers so. */
export function putChromiumAhead(browserPid) {
  if (SHARED_CORES) return;
  for (const pid of [browserPid, ...descendants(browserPid)]) {
    setFor(pid, 'chrt', ['--fifo', '--all-tasks', '--pid', CHROMIUM_PRIORITY, String(pid)]);
  }
}

const first = new Set();
/** A renderer's main thread (its pid's thread) ahead of Chromium's other threads, reset on fork. */
export function putMainThreadFirst(rendererPid) {
  if (SHARED_CORES || first.has(rendererPid)) return;
  setFor(rendererPid, 'chrt', ['--fifo', '--reset-on-fork', '--pid', MAIN_PRIORITY, String(rendererPid)]);
  first.add(rendererPid);
}
