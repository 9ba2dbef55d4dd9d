// Lighthouse (mobile, simulated throttling) for the public pages and, signed in as the demo user in
// the same Chromium, the dashboard with live prices and the create screen: the median of 3 runs per
// page against the built app on the local stack, printed as a table against the product's first-paint targets.
// Run: npm run bench:lighthouse   (starts the stack with demo data: emulators, relay, web preview)
// Exits 1 when a target is missed, so a regression is seen (it is a benchmark, not a test).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { saveArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { coreCount, watchCpuDuringLoad } from './cpu-window.mjs';
import { SHARED_CORES, isFirst, putChromiumAhead, putMainThreadFirst, raiseThreads } from './page-first.mjs';

const WEB_URL = process.env.WEB_URL ?? 'http://127.0.0.1:5173';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DEMO = { email: 'demo@price-alerts.test', password: 'demo-pass-1234' };

const PUBLIC = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100, fcp: 1000, lcp: 1500, tbt: 50 };
const SIGNED_IN = { performance: 95, accessibility: 100, 'best-practices': 100, fcp: 1500, lcp: 2000, tbt: 100 };
const PAGES = [
  { path: '/login', targets: PUBLIC },
  { path: '/signup', targets: PUBLIC },
  // The splash sends a signed-out visitor on to /login (spec): measured as the visit it is.
  { path: '/', endsOn: '/login', targets: PUBLIC },
  { path: '/dashboard', signedIn: true, targets: SIGNED_IN },
  { path: '/create_alert', signedIn: true, targets: SIGNED_IN },
];
// LIGHTHOUSE_PAGES=/login,/signup measures only those; LIGHTHOUSE_SAVE=<dir> keeps every report and its
// artifacts, the trace among them (JSON).
// LIGHTHOUSE_THROTTLING=devtools slows the CPU and network while loading instead of simulating it afterwards:
// a second view, for finding how much of a figure is the simulation's; the targets are judged on 'simulate'.
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING ?? 'simulate';
// LIGHTHOUSE_WARM=1 keeps the service worker and HTTP cache a signed-in run finds (the sign-in installed them),
// as on a returning user's phone: another second view; the targets are judged on the cold code.
const WARM = process.env.LIGHTHOUSE_WARM === '1';
// LIGHTHOUSE_TRACE_CATEGORIES=fonts,blink adds trace categories to the saved traces (font lookups, for one).
const TRACE_CATEGORIES = process.env.LIGHTHOUSE_TRACE_CATEGORIES;
const SAVE = process.env.LIGHTHOUSE_SAVE;
let saved = 0;
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const MEASURED = only ? PAGES.filter((p) => only.includes(p.path)) : PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time' };

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`No Chromium at ${CHROMIUM_PATH}; set CHROME_PATH.`);
  process.exit(1);
}

let version = '';
const waitedShare = (c) => Math.round((100 * c.mainWaitedMs) / Math.max(1, c.mainRanMs + c.mainWaitedMs));
const describeCpu = (c) =>
  c ? ` (main ${c.mainRanMs}/${c.mainWaitedMs}${c.mainFirst ? ' first' : ''}, busy ${c.busyCores.toFixed(1)})` : '';
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One Lighthouse run; signed-in runs keep the session (IndexedDB) but load the code cold unless WARM. */
async function run(port, browserPid, cdp, page) {
  if (page.signedIn && !WARM) {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: WEB_URL,
      storageTypes: 'service_workers,cache_storage',
    });
  }
  const cpuWatch = watchCpuDuringLoad(browserPid, {
    eachRenderer: (pid) => {
      putMainThreadFirst(pid);
      raiseThreads(pid);
    },
    runsFirst: isFirst,
  });
  let result;
  let cpu;
  try {
    result = await lighthouse(
      `${WEB_URL}${page.path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: page.signedIn === true,
        throttlingMethod: THROTTLING,
        ...(TRACE_CATEGORIES ? { additionalTraceCategories: TRACE_CATEGORIES } : {}),
      },
      undefined,
    );
  } finally {
    cpu = cpuWatch.stop();
  }
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true });
    saved += 1;
    writeFileSync(join(SAVE, `${saved}${page.path.replaceAll('/', '-')}.json`), JSON.stringify(lhr));
    // Every artifact: the trace the figures were simulated from (trace.json, to find what makes a long
    // task) and the DevTools log, so the simulation can be run again task by task (lantern-tasks.mjs).
    if (result.artifacts)
      await saveArtifacts(result.artifacts, join(SAVE, `${saved}${page.path.replaceAll('/', '-')}.artifacts`));
  }
  if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  const expected = page.endsOn ?? page.path;
  if (finalPath !== expected) throw new Error(`${page.path} ended on ${finalPath}, not ${expected}: not measured`);
  const figures = {};
  for (const id of CATEGORIES) figures[id] = Math.round((lhr.categories[id]?.score ?? 0) * 100);
  for (const [key, audit] of Object.entries(METRICS)) figures[key] = lhr.audits[audit]?.numericValue ?? NaN;
  for (const item of lhr.audits['errors-in-console']?.details?.items ?? []) {
    console.log(
      `${page.path}: console error: ${String(item.description ?? '').slice(0, 200)} (${item.sourceLocation?.url ?? item.source ?? ''})`,
    );
  }
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  version = lhr.lighthouseVersion;
  // Lighthouse 13 names the LCP element in its breakdown insight (the node item of its list).
  const lcpItem = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  const lcpElement = lcpItem ? `${lcpItem.nodeLabel ?? ''} <${lcpItem.selector ?? ''}>`.slice(0, 100) : 'n/a';
  return { figures, failing, lcpElement, cpu };
}

/** Signs the demo user in through the app, in the browser Lighthouse drives. */
async function signIn(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const tab = await context.newPage();
  await tab.goto(`${WEB_URL}/login`);
  await tab.getByLabel('Email').fill(DEMO.email);
  await tab.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await tab.getByRole('button', { name: 'Log in' }).click();
  await tab.waitForURL(`${WEB_URL}/dashboard`);
  await tab.getByRole('heading', { level: 1 }).filter({ hasText: /\S/ }).waitFor();
  // Once the dashboard has shown its lists (and remembered their heights, as any returning user's has),
  // the tab leaves it: left there, it went on rendering every price tick beside each measured load, on
  // the same two cores. The session it signed in stays in IndexedDB.
  await tab.locator('[role="tabpanel"][aria-busy="false"] .alert-row').first().waitFor();
  await tab.waitForFunction(() => localStorage.getItem('price-alerts:last-list-heights')?.includes('"active"'));
  await tab.goto('about:blank');
  const cdp = await context.newCDPSession(tab);
  return { browser, tab, cdp };
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
// with-stack.mjs stops this script with SIGTERM, which would skip the finally below and leave Chromium
// running, at raised priority.
for (const signal of ['SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    chrome.kill();
    process.exit(1);
  });
}
const rows = [];
const cpuWindows = [];
let missed = 0;
let session;
try {
  putChromiumAhead(chrome.pid);
  // One run thrown away: the stack has just started, and its start-up work would weigh on the first page.
  await run(chrome.port, chrome.pid, undefined, { path: '/login', targets: PUBLIC });
  for (const page of MEASURED) {
    if (page.signedIn && !session) session = await signIn(chrome.port);
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await run(chrome.port, chrome.pid, session?.cdp, page));
    const figures = {};
    for (const key of [...CATEGORIES, ...Object.keys(METRICS)]) figures[key] = median(runs.map((r) => r.figures[key]));
    const misses = Object.entries(page.targets).filter(([key, target]) =>
      key in METRICS ? figures[key] > target : figures[key] < target,
    );
    missed += misses.length;
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    const lcpElements = [...new Set(runs.map((r) => r.lcpElement))];
    cpuWindows.push(...runs.map((r) => r.cpu).filter(Boolean));
    const perRun = runs.map((r) => `${Math.round(r.figures.tbt)} ms${describeCpu(r.cpu)}`).join(', ');
    rows.push({ page, figures, misses: misses.map(([key]) => key), failing, lcpElements, perRun });
  }
} finally {
  await session?.browser.close().catch(() => undefined);
  await chrome.kill();
}

const cell = (text, width) => String(text).padStart(width);
const method = THROTTLING === 'simulate' ? 'simulated' : `${THROTTLING} (applied)`;
const warmth = WARM ? ', signed-in pages warm (service worker and HTTP cache kept)' : '';
console.log(`Lighthouse ${version} mobile, ${method} throttling, median of ${RUNS} runs${warmth}`);
const firstRuns = cpuWindows.filter((c) => c.mainFirst).length;
console.log(
  SHARED_CORES
    ? "Shared cores: Chromium at the stack's priority."
    : `The page first: Chromium at nice -10, the page's main thread under SCHED_FIFO in ${firstRuns} of ` +
        `${cpuWindows.length} runs ('first' below; LIGHTHOUSE_SHARED_CORES=1: without).`,
);
console.log(
  `${'page'.padEnd(14)}${cell('perf', 6)}${cell('a11y', 6)}${cell('bp', 6)}${cell('seo', 6)}${cell('FCP', 9)}${cell('LCP', 9)}${cell('TBT', 8)}  misses`,
);
for (const { page, figures, misses, failing, lcpElements, perRun } of rows) {
  const seo = 'seo' in page.targets ? figures.seo : '-';
  console.log(
    `${page.path.padEnd(14)}${cell(figures.performance, 6)}${cell(figures.accessibility, 6)}${cell(figures['best-practices'], 6)}${cell(seo, 6)}` +
      `${cell(`${(figures.fcp / 1000).toFixed(2)} s`, 9)}${cell(`${(figures.lcp / 1000).toFixed(2)} s`, 9)}${cell(`${Math.round(figures.tbt)} ms`, 8)}  ${misses.join(', ') || 'none'}`,
  );
  if (failing.length > 0) console.log(`${''.padEnd(14)}failing audits: ${failing.join(', ')}`);
  console.log(`${''.padEnd(14)}LCP element: ${lcpElements.join(' | ')}`);
  console.log(`${''.padEnd(14)}TBT per run: ${perRun}`);
}
if (cpuWindows.length > 0) {
  const waitShare = cpuWindows.map((c) => waitedShare(c));
  console.log(
    `While loading, the main thread waited for a core ${Math.min(...waitShare)} to ${Math.max(...waitShare)}% of the time it was ready to run` +
      ` (main: ran/waited ms; busy: cores in use of ${coreCount()}).`,
  );
}
if (WARM) {
  // The targets are judged on cold code: a warm view reports, it does not pass or fail.
  console.log(`Warm view, not judged (${missed} target(s) missed warm).`);
  process.exit(0);
}
console.log(missed === 0 ? 'Every target met.' : `${missed} target(s) missed.`);
process.exit(missed === 0 ? 0 : 1);
