// Gives the page Lighthouse measures the machine first. The targets are for a phone, whose renderer main
// thread has a core to itself and runs no backend beside it. Here two cores carry Chromium, Lighthouse and
// the whole emulator stack, and Lantern multiplies every observed task by 4 with its waits for a core in
// it: in sessions 18 and 19 the main thread waited for a core 53 to 77% of the time it was ready to run
// (first-paint-figures.md). So Chromium's processes go ahead of the stack (nice -10) and each renderer's
// main thread ahead of everything else (SCHED_FIFO); its own work, and what it waits on other threads
// and processes for, still count in full. LIGHTHOUSE_SHARED_CORES=1 measures without. Linux, as root.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { descendants } from '../lib/processes.mjs';

export const SHARED_CORES = process.env.LIGHTHOUSE_SHARED_CORES === '1';

const threadsOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
};

let warned = false;
/** Whether a priority could not be set: the figures were then measured on shared cores after all. */
export const pageFirstFailed = () => warned;
const tryRun = (command, args) => {
  try {
    execFileSync(command, args, { stdio: 'pipe' });
    return true;
  } catch (error) {
    if (!warned)
      console.error(`page-first: ${command} ${args.join(' ')} failed, measuring on shared cores: ${error.message}`);
    warned = true;
    return false;
  }
};

/**
 * Every thread of the Chromium started as `browserPid` at nice -10. Threads and processes it starts
 * later inherit the value from the thread that starts them (the zygote forks the renderers).
 */
export function putChromiumAhead(browserPid) {
  if (SHARED_CORES) return false;
  const tids = [browserPid, ...descendants(browserPid)].flatMap(threadsOf);
  return tids.length > 0 && tryRun('renice', ['-n', '-10', '-p', ...tids]);
}

/**
 * A renderer's main thread (its pid's thread) under SCHED_FIFO: it runs as soon as it is ready. Reset on
 * fork, so the threads it starts later run under the normal scheduler, at nice 0.
 */
export function putMainThreadFirst(rendererPid) {
  if (SHARED_CORES) return false;
  return tryRun('chrt', ['--fifo', '--reset-on-fork', '--pid', '10', String(rendererPid)]);
}
