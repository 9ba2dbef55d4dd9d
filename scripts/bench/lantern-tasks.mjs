// Runs Lighthouse's simulation (Lantern) again on a saved run and prints the tasks that make its Total
// Blocking Time: each one's observed start and length, its simulated length, and what it blocked.
// Run: node scripts/bench/lantern-tasks.mjs <dir>.artifacts   (a run saved with LIGHTHOUSE_SAVE=<dir>)
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { Metrics } from 'lighthouse/core/lib/lantern/lantern.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: node scripts/bench/lantern-tasks.mjs <saved run>.artifacts');
  process.exit(1);
}
const artifacts = loadArtifacts(dir);
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings: artifacts.settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  HostDPR: artifacts.HostDPR,
  simulator: null,
};
const context = { computedCache: new Map(), settings: artifacts.settings };
const fcp = await LanternFirstContentfulPaint.request(data, context);
const tti = await LanternInteractive.request(data, context);
const tbt = await LanternTotalBlockingTime.request(data, context);
// How long the task's thread actually ran (the trace's thread time): far below its length when the
// thread was waiting for a core or for another process.
const onCpu = (node) => (node.event.tdur === undefined ? 'n/a' : `${(node.event.tdur / 1000).toFixed(1)} ms`);

// The measured page's navigation (not about:blank's, nor a frame's), where the observed times start.
const origin =
  artifacts.Trace.traceEvents.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL === artifacts.URL.requestedUrl,
  )?.ts ?? 0;
if (artifacts.settings.throttlingMethod !== 'simulate') {
  console.log(`This run was throttled with '${artifacts.settings.throttlingMethod}': its report's TBT is the`);
  console.log('observed one, not the simulation below.');
}

/** What a task did, from its child events: the longest kinds, with the script they ran. */
function summary(node) {
  const kinds = new Map();
  for (const e of node.childEvents) {
    if (!e.dur || e.dur < 500) continue;
    const url = e.args?.data?.url ? ` ${String(e.args.data.url).split('/').pop().slice(0, 30)}` : '';
    const key = `${e.name}${url}`;
    kinds.set(key, Math.max(kinds.get(key) ?? 0, e.dur / 1000));
  }
  return [...kinds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join(', ');
}

/**
 * What a task would block had its thread never waited inside it (for a core, or for another thread or
 * process): its simulated length cut to the share of its observed length its thread spent on a CPU, at
 * the same simulated start, under the same rule. The rest of the simulated schedule is held as it is, so
 * this estimates the page's own cost; Lighthouse's figure stays the one judged.
 */
function blockingOnCpu(node, timing, fcpMs, ttiMs, blocking) {
  // Without a thread time there is nothing to cut: the task counts whole.
  if (node.event.tdur === undefined || !node.duration) return blocking;
  const duration = timing.duration * Math.min(1, node.event.tdur / node.duration);
  const event = { start: timing.startTime, end: timing.startTime + duration, duration };
  return Metrics.TBTUtils.calculateTbtImpactForEvent(event, fcpMs, ttiMs);
}

const onCpuTotals = [];
for (const [name, estimate, fcpMs, ttiMs] of [
  ['optimistic', tbt.optimisticEstimate, fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs],
  ['pessimistic', tbt.pessimisticEstimate, fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs],
]) {
  console.log(`${name}: TBT ${Math.round(estimate.timeInMs)} ms, FCP ${Math.round(fcpMs)}, TTI ${Math.round(ttiMs)}`);
  const rows = [];
  for (const [node, timing] of estimate.nodeTimings) {
    if (node.type !== 'cpu') continue;
    const event = { start: timing.startTime, end: timing.endTime, duration: timing.duration };
    // Lighthouse's own rule: clipped to [FCP, TTI], then the part over 50 ms.
    const blocking = Metrics.TBTUtils.calculateTbtImpactForEvent(event, fcpMs, ttiMs);
    if (blocking > 0) rows.push({ node, timing, blocking });
  }
  rows.sort((a, b) => a.timing.startTime - b.timing.startTime);
  const sum = rows.reduce((total, row) => total + row.blocking, 0);
  const sumOnCpu = rows.reduce(
    (total, row) => total + blockingOnCpu(row.node, row.timing, fcpMs, ttiMs, row.blocking),
    0,
  );
  onCpuTotals.push(sumOnCpu);
  const wall = rows.reduce((total, row) => total + row.node.duration / 1000, 0);
  const timed = rows.filter((row) => row.node.event.tdur !== undefined);
  const cpu = timed.reduce((total, row) => total + row.node.event.tdur / 1000, 0);
  const timedWall = timed.reduce((total, row) => total + row.node.duration / 1000, 0);
  console.log(
    `  (observed, these tasks took ${Math.round(wall)} ms; the ${timed.length} with a thread time took ${Math.round(timedWall)} ms, of which the main thread was on a CPU ${Math.round(cpu)} ms)`,
  );
  console.log(
    `  (the rows below sum to ${Math.round(sum)} ms; observed times from the page's navigation, simulated from the simulation's start;`,
  );
  console.log(`  counting only each task's time on a CPU, they would block ${Math.round(sumOnCpu)} ms)`);
  for (const { node, timing, blocking } of rows) {
    console.log(
      `  observed ${((node.startTime - origin) / 1000).toFixed(0).padStart(6)} ms, ${(node.duration / 1000).toFixed(1).padStart(5)} ms` +
        ` (on CPU ${onCpu(node)})` +
        ` -> simulated ${timing.startTime.toFixed(0).padStart(5)} ms, ${timing.duration.toFixed(0).padStart(4)} ms, blocks ${blocking.toFixed(0).padStart(4)}  ${summary(node)}`,
    );
  }
}
console.log(`Lighthouse's TBT: ${Math.round(tbt.timing)} ms (the mean of the two estimates)`);
console.log(
  `Counting only the time each task's thread was on a CPU: ${Math.round((onCpuTotals[0] + onCpuTotals[1]) / 2)} ms` +
    ' (no task longer than its thread ran: none of its waits for a core, or for another thread or process)',
);
