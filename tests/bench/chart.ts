// How fast the chart is on the local stack, in a phone-sized Chromium: the time from tapping a pair in the
// create screen's picker to its chart drawn with the relay's candles, and the main thread's work per frame
// while live ticks move the chart, beside the same screen before a pair is chosen.
// Run: npm run bench:chart [-- --pairs 8 --seconds 10]
import { CURRENCY_PAIRS } from '@price-alerts/domain/common';
import { chromium, type Page } from 'playwright-core';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAIRS = arg('pairs', 8);
const SECONDS = arg('seconds', 10);
const WEB = process.env.WEB_URL ?? 'http://127.0.0.1:5173';
const FRAME_MS = 1000 / 60;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function signIn(page: Page) {
  await page.goto(`${WEB}/login`);
  await page.getByLabel('Email').fill('demo@price-alerts.test');
  await page.getByLabel('Password').fill('demo-pass-1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/dashboard/);
}

/** Opens the create screen and times a tap on `pair` to its chart drawn (ready, then the frame that paints it). */
async function timeToChart(page: Page, pair: string): Promise<number> {
  await page.goto(`${WEB}/create_alert`);
  await page.getByRole('button', { name: /Currency pair/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Currency pair' });
  await dialog.getByRole('button', { name: pair, exact: true }).waitFor();
  // As a person does: the screen has fetched the chart's code it asks for as it opens by the time a pair is
  // read and tapped (the first time; later it is in the page already).
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/PriceChart-[^/]+\.js$/.test(e.name)),
  );
  const timing = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let tapped = 0;
        document.addEventListener('click', () => (tapped ||= performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!tapped || !document.querySelector('.chart-frame[data-state=ready]')) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - tapped)));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
  );
  await dialog.getByRole('button', { name: pair, exact: true }).click();
  return timing;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The renderer main thread's busy time in each 1/60 s over `seconds`, from a Chromium trace. */
async function workPerFrame(page: Page, seconds: number): Promise<number[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  await page.waitForTimeout(seconds * 1000);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  // A task is 'RunTask' or, in newer Chromium, 'ThreadControllerImpl::RunTask'; the page's main thread is
  // the renderer main thread that ran the most of them (a trace may hold other renderers).
  const isTask = (e: TraceEvent) => (e.name === 'RunTask' || e.name.endsWith('::RunTask')) && e.ph === 'X' && !!e.dur;
  const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = (thread: TraceEvent) =>
    traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid && isTask(e));
  const tasks = mains.map(on).sort((a, b) => b.length - a.length)[0] ?? [];
  if (tasks.length === 0) return [];
  const start = Math.min(...tasks.map((t) => t.ts));
  const frames = new Array<number>(Math.ceil((seconds * 1000) / FRAME_MS) + 1).fill(0);
  for (const task of tasks) {
    // A task's time is spread over the frames it spans.
    let from = (task.ts - start) / 1000;
    const to = from + (task.dur ?? 0) / 1000;
    while (from < to) {
      const frame = Math.floor(from / FRAME_MS);
      const end = Math.min(to, (frame + 1) * FRAME_MS);
      if (frame < frames.length) frames[frame] = (frames[frame] ?? 0) + (end - from);
      from = end;
    }
  }
  return frames;
}

function report(label: string, frames: number[]) {
  const over = frames.filter((f) => f > FRAME_MS).length;
  console.log(
    `${label}: main thread per frame p50 ${ms(quantile(frames, 0.5))}, p95 ${ms(quantile(frames, 0.95))}, ` +
      `p99 ${ms(quantile(frames, 0.99))}, max ${ms(Math.max(...frames))}; frames over ${ms(FRAME_MS)}: ${over} of ${frames.length}`,
  );
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page);
  const times: number[] = [];
  for (const pair of CURRENCY_PAIRS.slice(0, PAIRS)) {
    const took = await timeToChart(page, pair);
    times.push(took);
    console.log(`${pair}: chart drawn ${ms(took)} after the tap`);
  }
  console.log(
    `Tap to chart over ${times.length} pairs: p50 ${ms(quantile(times, 0.5))}, max ${ms(Math.max(...times))} ` +
      `(the first, the chart's first in the page: ${ms(times[0] ?? NaN)})`,
  );
  await page.goto(`${WEB}/create_alert`);
  await page.getByRole('button', { name: /Currency pair/ }).waitFor();
  report(`Create screen, no pair (${SECONDS} s)`, await workPerFrame(page, SECONDS));
  await page.getByRole('button', { name: /Currency pair/ }).click();
  await page
    .getByRole('dialog', { name: 'Currency pair' })
    .getByRole('button', { name: 'BTC/USD', exact: true })
    .click();
  await page.locator('.chart-frame[data-state=ready]').waitFor();
  await page.getByRole('button', { name: '1H (1 hour)' }).click();
  await page.locator('.price-chart').scrollIntoViewIfNeeded();
  report(`Create screen, BTC/USD chart live (${SECONDS} s)`, await workPerFrame(page, SECONDS));
} finally {
  await browser.close();
}
