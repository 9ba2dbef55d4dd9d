// What the CPU was doing while Lighthouse loaded a page: how long the page's renderer main thread ran,
// how long it was ready to run but waited for a core, and how busy the machine was. Lantern multiplies
// each observed task by 4, waits included, so a run whose main thread mostly waited measures the
// machine, not the page. Linux only (/proc); elsewhere each figure is null.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import log from 'lighthouse-logger';

const SAMPLE_MS = 100;
const readOr = (path, fallback) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
};
/** Busy and total jiffies over all cores (/proc/stat's first line; idle and iowait are not busy). */
const cpuTimes = () => {
  const fields = readOr('/proc/stat', 'cpu 0').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, v) => sum + v, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
};
const cores = () =>
  readOr('/proc/stat', '')
    .split('\n')
    .filter((l) => /^cpu\d/.test(l)).length || 1;

/**
 * Watches the window between Lighthouse's 'Navigating to <url>' status and its end (the load and the
 * quiet after it). Call stop() after the run; it returns the figures of the last such window.
 */
export function watchCpuDuringLoad() {
  if (!existsSync('/proc/self/schedstat')) return { stop: () => null };
  const kinds = new Map(); // pid -> whether it is a Chromium renderer, read once per pid
  let window;
  let result = null;
  const sample = () => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      if (!kinds.has(pid)) kinds.set(pid, readOr(`/proc/${pid}/cmdline`, '').includes('--type=renderer'));
      if (!kinds.get(pid)) continue;
      // The thread group leader's time on a CPU and time runnable but waiting, in ns.
      const [run, wait] = readOr(`/proc/${pid}/schedstat`, '').split(' ').map(Number);
      if (!Number.isFinite(run)) continue;
      const seen = window.renderers.get(pid);
      if (seen) Object.assign(seen, { run, wait });
      else window.renderers.set(pid, { run0: run, wait0: wait, run, wait });
    }
  };
  const onStatus = ([, msg]) => {
    if (!String(msg).startsWith('Navigating to http')) return;
    window = { msg, cpu: cpuTimes(), renderers: new Map() };
    sample();
    window.timer = setInterval(sample, SAMPLE_MS);
  };
  const onStatusEnd = ([, msg]) => {
    if (!window || msg !== window.msg) return;
    sample();
    clearInterval(window.timer);
    const cpu = cpuTimes();
    const deltas = [...window.renderers.values()].map((r) => ({ run: r.run - r.run0, wait: r.wait - r.wait0 }));
    const page = deltas.sort((a, b) => b.run - a.run)[0] ?? { run: 0, wait: 0 };
    result = {
      mainRanMs: Math.round(page.run / 1e6),
      mainWaitedMs: Math.round(page.wait / 1e6),
      busyCores: ((cpu.busy - window.cpu.busy) / Math.max(1, cpu.total - window.cpu.total)) * cores(),
    };
    window = undefined;
  };
  log.events.on('status', onStatus);
  log.events.on('statusEnd', onStatusEnd);
  return {
    stop() {
      if (window) clearInterval(window.timer);
      log.events.off('status', onStatus);
      log.events.off('statusEnd', onStatusEnd);
      return result;
    },
  };
}
