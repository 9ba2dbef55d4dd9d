// Starts the stack's processes, waits until each one answers, and takes every one of them down
// (with its whole process group) on Ctrl-C, SIGTERM or a failure, so no port stays taken.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

const COLOURS = [36, 35, 33, 32, 34, 31];

export class Supervisor {
  #children = [];
  #stopping = false;
  #verbose;
  #logDir;

  /** Output goes to `<logDir>/<name>.log`; with verbose it is also streamed, tagged, to stdout. */
  constructor({ verbose = false, logDir }) {
    this.#verbose = verbose;
    this.#logDir = logDir;
    mkdirSync(logDir, { recursive: true });
  }

  /**
   * spec: { name, cmd, args, env, cwd, ready: { log: RegExp } | { url: string }, timeoutMs }
   * Resolves once the process is ready; rejects if it exits or times out first.
   */
  async start(spec) {
    const colour = COLOURS[this.#children.length % COLOURS.length];
    const tag = `\x1b[${colour}m${spec.name.padEnd(10)}\x1b[0m|`;
    const child = spawn(spec.cmd, spec.args ?? [], {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      // Own process group, so stopping it reaches the grandchildren it spawns too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logFile = join(this.#logDir, `${spec.name}.log`);
    const log = createWriteStream(logFile);
    const entry = { spec, child, exited: false, lines: [] };
    this.#children.push(entry);
    let onLine = () => {};
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        entry.lines.push(line);
        if (entry.lines.length > 200) entry.lines.shift();
        log.write(`${line}\n`);
        if (this.#verbose) process.stdout.write(`${tag} ${line}\n`);
        onLine(line);
      });
    }
    const exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        entry.exited = true;
        resolve({ code, signal });
      });
      child.on('error', (error) => {
        entry.exited = true;
        resolve({ code: -1, signal: null, error });
      });
    });
    entry.exitedPromise = exited;

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
      exited.then(() => 'exited'),
      sleep(timeoutMs).then(() => 'timeout'),
    ]);
    if (outcome !== 'ready') {
      const tail = entry.lines.slice(-25).join('\n');
      throw new Error(
        `${spec.name} ${outcome === 'exited' ? 'exited before it was ready' : `was not ready within ${timeoutMs / 1000} s`}.\n` +
          `Last output (all of it in ${logFile}):\n${tail}`,
      );
    }
    exited.then(({ code, signal }) => {
      if (!this.#stopping) this.onUnexpectedExit?.(spec.name, code, signal);
    });
    return child;
  }

  /** Stops the processes in reverse start order: the web server first, the emulators last. */
  async stopAll() {
    if (this.#stopping) return;
    this.#stopping = true;
    for (const entry of [...this.#children].reverse()) {
      if (entry.exited) continue;
      signalGroup(entry.child.pid, 'SIGTERM');
      const graceMs = entry.spec.stopGraceMs ?? 5_000;
      const done = await Promise.race([entry.exitedPromise.then(() => true), sleep(graceMs).then(() => false)]);
      if (!done) {
        signalGroup(entry.child.pid, 'SIGKILL');
        await entry.exitedPromise;
      }
    }
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
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

/** Runs `stop` once on Ctrl-C, SIGTERM or SIGHUP, then exits with the conventional code. */
export function onShutdownSignals(stop) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`\nStopping (${signal})...\n`);
      stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}
