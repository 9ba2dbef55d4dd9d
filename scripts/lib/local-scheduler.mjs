// The Functions emulator never runs onSchedule functions by itself: it only runs one when asked at
// POST /<project>/<region>/<name>-0. While `npm start` runs, this asks it once a minute, as Cloud
// Scheduler would in production, for the scheduled functions the local product needs to behave
// (expiry: an alert set to expire must expire on the emulators too).
//
// One request at a time: the next starts a minute after the last one started, or at once when that
// one took longer, never beside it, since the emulator starts a worker process per overlapping
// invocation. Quiet: it says nothing while the runs succeed, once when they start failing (the
// emulators restarting, say) and once when they succeed again.

/** The emulator's endpoint for a scheduled function. */
export function scheduledFunctionUrl({ host, project, name, region = 'us-central1' }) {
  return `http://${host}/${project}/${region}/${name}-0`;
}

/**
 * `url` may list several functions: each minute they run in that order, one at a time.
 * Runs the first request at once (an alert may have expired while the stack was down), then one a
 * minute until `stop()`, which aborts a request in flight and resolves once it has ended.
 */
export function startLocalScheduler({
  name,
  url,
  everyMs = 60_000,
  // The function's own timeout: a request still open after it will never answer.
  timeoutMs = 300_000,
  fetch = globalThis.fetch,
  log = console.error,
}) {
  let stopped = false;
  let failing = false;
  let timer;
  let inFlight = Promise.resolve();
  const controller = new AbortController();

  // Several functions run one after the other, never side by side (each would cost a worker).
  const urls = Array.isArray(url) ? url : [url];

  async function post(target) {
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]);
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal,
    });
    // Read to the end, so the connection is free for the next run.
    const body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status} ${body.slice(0, 200)}`.trim());
  }

  async function run() {
    try {
      for (const target of urls) await post(target);
      if (failing) log(`${name}: the local scheduler runs it again.`);
      failing = false;
    } catch (error) {
      if (stopped) return;
      if (!failing) log(`${name}: the local scheduler could not run it (${error.message}); trying again each minute.`);
      failing = true;
    }
  }

  async function tick() {
    timer = undefined;
    const started = Date.now();
    inFlight = run();
    await inFlight;
    if (stopped) return;
    timer = setTimeout(tick, Math.max(0, everyMs - (Date.now() - started)));
    timer.unref?.();
  }

  void tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      await inFlight;
    },
  };
}
