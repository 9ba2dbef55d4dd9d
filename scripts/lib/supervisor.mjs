// Starts the stack's processes, waits until each one answers, restarts one that dies (with backoff,
// as Cloud Run would), and takes every process down on Ctrl-C, SIGTERM or a failure, with all of
// its descendants, including those in sessions of their own (the Java emulators), so no port stays taken.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { descendants, isAlive, signal, startTime } from './processes.mjs';

const COLOURS = [36, 35, 33, 32, 34, 31];
/** Restart delays: 1 s doubling to 30 s; a process that stayed ready this long starts over at 1 s. */
const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const STABLE_MS = 60_000;
/** How often each process's descendants are noted while it runs (see `#noteDescendants`). */
const SAMPLE_MS = 1_000;

export class Supervisor {
  #entries = [];
  #stopping = false;
  #stopped;
  #sampler;
  #verbose;
  #logDir;
  /** (name, code, signal, restartInMs | undefined): a process died while the stack was up. */
  onUnexpectedExit = (name, code, sig, restartInMs) =>
    console.error(
      `${name} stopped unexpectedly (${sig ?? `exit ${code}`})` +
        (restartInMs === undefined ? '' : `; restarting in ${restartInMs / 1000} s`),
    );
  /** (name): a restarted process is ready again. */
  onRestarted = (name) => console.error(`${name} is running again.`);

  /** Output goes to `<logDir>/<name>.log`; with verbose it is also streamed, tagged, to stdout. */
  constructor({ verbose = false, logDir, restart = true }) {
    this.#verbose = verbose;
    this.#logDir = logDir;
    this.restart = restart;
    mkdirSync(logDir, { recursive: true });
  }

  /**
   * Notes every descendant of each process while it runs. When a process dies, its children in
   * sessions of their own (the Java emulators) are re-parented to pid 1 and no longer found below it;
   * what was noted here still names them, so they are stopped before the restart needs their ports.
   */
  #noteDescendants(entries = this.#entries) {
    for (const entry of entries) {
      if (entry.exited) continue;
      for (const pid of descendants(entry.child.pid)) {
        const started = startTime(pid);
        if (started !== undefined) entry.known.set(pid, started);
      }
    }
  }

  /**
   * spec: { name, cmd, args, env, cwd, ready: { log: RegExp } | { url: string }, timeoutMs, stopGraceMs }
   * Resolves once the process is ready; rejects if it exits or times out first.
   */
  async start(spec) {
    const colour = COLOURS[this.#entries.length % COLOURS.length];
    const entry = {
      spec,
      tag: `\x1b[${colour}m${spec.name.padEnd(10)}\x1b[0m|`,
      restarts: 0,
      lines: [],
      known: new Map(),
    };
    this.#entries.push(entry);
    this.#sampler ??= setInterval(() => this.#noteDescendants(), SAMPLE_MS).unref();
    await this.#launch(entry);
    return entry.child;
  }

  /** Current pid of each process, by name. */
  pids() {
    return Object.fromEntries(this.#entries.map((e) => [e.spec.name, e.child.pid]));
  }

  async #launch(entry) {
    const { spec } = entry;
    const child = spawn(spec.cmd, spec.args ?? [], {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      // Own process group, so stopping it reaches the grandchildren it spawns too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logFile = join(this.#logDir, `${spec.name}.log`);
    const log = createWriteStream(logFile, { flags: entry.restarts ? 'a' : 'w' });
    entry.child = child;
    entry.exited = false;
    entry.readyAt = undefined;
    let onLine = () => {};
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        entry.lines.push(line);
        if (entry.lines.length > 200) entry.lines.shift();
        log.write(`${line}\n`);
        if (this.#verbose) process.stdout.write(`${entry.tag} ${line}\n`);
        onLine(line);
      });
    }
    entry.exitedPromise = new Promise((resolve) => {
      child.on('exit', (code, sig) => {
        entry.exited = true;
        resolve({ code, signal: sig });
      });
      child.on('error', (error) => {
        entry.exited = true;
        resolve({ code: -1, signal: null, error });
      });
    });

    const timeoutMs = spec.timeoutMs ?? 120_000;
    const ready = spec.ready?.log
      ? new Promise((resolve) => {
          onLine = (line) => {
            if (spec.ready.log.test(line)) resolve();
          };
        })
      : spec.ready?.url
        ? waitForUrl(spec.ready.url, () => entry.exited)
        : Promise.resolve();
    const outcome = await Promise.race([
      ready.then(() => 'ready'),
      entry.exitedPromise.then(() => 'exited'),
      sleep(timeoutMs).then(() => 'timeout'),
    ]);
    if (outcome !== 'ready') {
      const tail = entry.lines.slice(-25).join('\n');
      throw new Error(
        `${spec.name} ${outcome === 'exited' ? 'exited before it was ready' : `was not ready within ${timeoutMs / 1000} s`}.\n` +
          `Last output (all of it in ${logFile}):\n${tail}`,
      );
    }
    entry.readyAt = Date.now();
    this.#noteDescendants([entry]);
    void entry.exitedPromise.then(({ code, signal: sig }) => this.#exitedWhileUp(entry, code, sig));
  }

  async #exitedWhileUp(entry, code, sig) {
    if (this.#stopping) return;
    // Whatever it left behind (a Java emulator, a functions worker) would hold the ports it needs.
    await killTree(entry, 2_000);
    if (!this.restart) {
      this.onUnexpectedExit?.(entry.spec.name, code, sig, undefined);
      return;
    }
    if (entry.readyAt !== undefined && Date.now() - entry.readyAt > STABLE_MS) entry.restarts = 0;
    const delay = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** entry.restarts);
    entry.restarts += 1;
    this.onUnexpectedExit?.(entry.spec.name, code, sig, delay);
    await sleep(delay);
    if (this.#stopping) return;
    try {
      await this.#launch(entry);
      this.onRestarted?.(entry.spec.name);
    } catch (error) {
      // It did not come up: treat it as another unexpected exit, with a longer wait.
      entry.lines.push(String(error.message));
      if (!entry.exited) await killTree(entry, 2_000);
      void this.#exitedWhileUp(entry, -1, null);
    }
  }

  /**
   * Stops every process at once: SIGTERM to each one's group and to every descendant found, then
   * SIGKILL to whatever is still alive after its grace, so the whole stack is down within the
   * longest grace (15 s) plus a moment.
   */
  stopAll() {
    // A second caller (the signal handler and the command's own exit path) waits for the same stop.
    this.#stopped ??= (async () => {
      this.#stopping = true;
      clearInterval(this.#sampler);
      await Promise.all(this.#entries.map((entry) => killTree(entry, entry.spec.stopGraceMs ?? 5_000)));
    })();
    return this.#stopped;
  }
}

/** The noted descendants that are still the same processes (a reused pid is someone else's). */
function knownAlive(entry) {
  return [...entry.known].filter(([pid, started]) => startTime(pid) === started).map(([pid]) => pid);
}

/** SIGTERM to the process's group and every descendant, SIGKILL to what outlives `graceMs`. */
async function killTree(entry, graceMs) {
  const root = entry.child.pid;
  const tree = new Set([...descendants(root), ...knownAlive(entry)]);
  entry.known.clear();
  signal(-root, 'SIGTERM');
  for (const pid of tree) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    // Children started while shutting down (a functions worker) are caught too.
    for (const pid of descendants(root)) tree.add(pid);
    if (entry.exited && [...tree].every((pid) => !isAlive(pid))) return;
    await sleep(100);
  }
  for (const pid of descendants(root)) tree.add(pid);
  signal(-root, 'SIGKILL');
  for (const pid of tree) signal(pid, 'SIGKILL');
  await entry.exitedPromise;
  while ([...tree].some(isAlive)) await sleep(50);
}

async function waitForUrl(url, gaveUp) {
  for (;;) {
    if (gaveUp()) return new Promise(() => {});
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
}

const shutdownSteps = [];

/**
 * Runs `stop` once on Ctrl-C, SIGTERM or SIGHUP, then exits with the conventional code. Steps added
 * later run first (the command using the stack, then the stack it uses).
 */
export function onShutdownSignals(stop) {
  shutdownSteps.unshift(stop);
  if (shutdownSteps.length > 1) return;
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, async () => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`\nStopping (${sig})...\n`);
      for (const step of shutdownSteps) await Promise.resolve(step()).catch(() => {});
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
}
