// What the CPU was doing while Lighthouse loaded a page: how long the page's renderer main thread ran,
// how long it was ready to run but waited for a core, and how busy the machine was. Lantern multiplies
// each observed task by 4, waits included, so a run whose main thread mostly waited measures the
// machine, not the page. Linux only (/proc); elsewhere stop() returns null.
import { existsSync, readFileSync } from 'node:fs';
import log from 'lighthouse-logger';
import { commandLine, descendants } from '../lib/processes.mjs';

const SAMPLE_MS = 100;
const readOr = (path, fallback) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
};
/** Busy and total jiffies over all cores (/proc/stat's first line). Idle, iowait and steal are not busy. */
const cpuTimes = () => {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readOr('/proc/stat', 'cpu 0')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map((v) => Number(v) || 0);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait - steal, total };
};
export const coreCount = () =>
  readOr('/proc/stat', '')
    .split('\n')
    .filter((l) => /^cpu\d/.test(l)).length || 1;

/**
 * Watches the span between Lighthouse's 'Navigating to <url>' status and its end (the load and the quiet
 * after it), counting only renderers of the Chromium whose browser process is `browserPid`. Call stop()
 * after the run; it returns the figures of the last such span, or throws what `eachRenderer` threw.
 * `eachRenderer(pid)` is called for every renderer at every sample (the first sample finds Chromium's
 * spare renderer, which the navigation then takes); `runsFirst(pid)` says whether the measured one's
 * main thread was put first (page-first.mjs).
 */
export function watchCpuDuringLoad(browserPid, { eachRenderer = () => undefined, runsFirst = () => false } = {}) {
  if (!existsSync('/proc/self/schedstat')) return { stop: () => null };
  let failure;
  // A pid once seen as a renderer stays one; others are read again (a renderer the zygote has just
  // forked still shows the zygote's command line).
  const renderers = new Set();
  const isRenderer = (pid) => {
    if (!renderers.has(pid) && commandLine(pid).includes('--type=renderer')) renderers.add(pid);
    return renderers.has(pid);
  };
  let load;
  let result = null;
  const sample = () => {
    for (const pid of descendants(browserPid)) {
      if (!isRenderer(pid)) continue;
      try {
        eachRenderer(pid);
      } catch (error) {
        // Thrown from a timer it would end the process with Chromium left running: stop() throws it.
        failure ??= error;
      }
      // The thread group leader (the renderer's main thread): ns on a CPU, then ns runnable but waiting.
      const [run, wait] = readOr(`/proc/${pid}/schedstat`, '').split(' ').map(Number);
      if (!Number.isFinite(run)) continue;
      const seen = load.renderers.get(pid);
      if (seen) Object.assign(seen, { run, wait });
      // A renderer born during the load counts from zero; one already running, from the first sample.
      else
        load.renderers.set(
          pid,
          load.first ? { pid, run0: run, wait0: wait, run, wait } : { pid, run0: 0, wait0: 0, run, wait },
        );
    }
    load.first = false;
  };
  const onStatus = ([, msg]) => {
    if (!String(msg).startsWith('Navigating to http')) return;
    load = { msg, cpu: cpuTimes(), renderers: new Map(), first: true };
    sample();
    load.timer = setInterval(sample, SAMPLE_MS);
  };
  const onStatusEnd = ([, msg]) => {
    if (!load || msg !== load.msg) return;
    sample();
    clearInterval(load.timer);
    const cpu = cpuTimes();
    const deltas = [...load.renderers.values()].map((r) => ({
      pid: r.pid,
      run: r.run - r.run0,
      wait: r.wait - r.wait0,
    }));
    const page = deltas.sort((a, b) => b.run - a.run)[0] ?? { run: 0, wait: 0 };
    result = {
      mainFirst: page.pid !== undefined && runsFirst(page.pid),
      mainRanMs: Math.round(page.run / 1e6),
      mainWaitedMs: Math.round(page.wait / 1e6),
      busyCores: ((cpu.busy - load.cpu.busy) / Math.max(1, cpu.total - load.cpu.total)) * coreCount(),
    };
    load = undefined;
  };
  log.events.on('status', onStatus);
  log.events.on('statusEnd', onStatusEnd);
  return {
    stop() {
      if (load) clearInterval(load.timer);
      log.events.off('status', onStatus);
      log.events.off('statusEnd', onStatusEnd);
      if (failure) throw failure;
      return result;
    },
  };
}
