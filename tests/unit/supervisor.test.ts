// The local stack's process supervisor with real processes and ports: stopping reaches processes in
// sessions of their own, a dead process is restarted, and a taken port names its holder. Each case
// runs twice: reading Linux's /proc, and as on macOS, with ps and lsof (PRICE_ALERTS_NO_PROC=1).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './tempDir';
import {
  descendants,
  describeTakenPorts,
  isAlive,
  portFree,
  startTime,
  takenPorts,
} from '../../scripts/lib/processes.mjs';
import { Supervisor } from '../../scripts/lib/supervisor.mjs';

const logDir = tempDir('supervisor-test-');
const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Like the Firebase CLI with its Java emulators: a parent that is slow to stop (it ignores SIGTERM)
 * and a child it started in a session of its own, holding a port.
 */
const parentWithSessionChild = (port: number) => `
  const { spawn } = require('node:child_process');
  process.on('SIGTERM', () => {});
  const child = spawn(process.execPath, ['-e', "require('node:net').createServer().listen(${port}, '127.0.0.1', () => console.log('listening'))"], { detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
  console.log('child ' + child.pid);
  setInterval(() => {}, 1000);
`;

describe.each([
  { path: '/proc', noProc: undefined },
  { path: 'ps and lsof, /proc unused', noProc: '1' },
])('Supervisor, processes read from $path', ({ noProc }) => {
  beforeAll(() => {
    if (noProc) process.env.PRICE_ALERTS_NO_PROC = noProc;
  });
  afterAll(() => {
    delete process.env.PRICE_ALERTS_NO_PROC;
  });

  it('stops a child in a session of its own when its parent has to be killed, and frees its port', async () => {
    const port = await freePort();
    const supervisor = new Supervisor({ logDir, restart: false });
    stops.push(() => supervisor.stopAll());
    const lines: string[] = [];
    const child = await supervisor.start({
      name: 'cli',
      cmd: process.execPath,
      args: ['-e', parentWithSessionChild(port)],
      ready: { log: /listening/ },
      stopGraceMs: 1_000,
    });
    child.stdout?.on('data', (d: Buffer) => lines.push(String(d)));
    expect(await portFree(port)).toBe(false);
    const started = Date.now();
    await supervisor.stopAll();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await portFree(port)).toBe(true);
    expect(isAlive(child.pid as number)).toBe(false);
  });

  it('restarts a process that dies, reports it with the delay, and keeps it running', async () => {
    const dir = tempDir('supervisor-restart-');
    const marker = join(dir, 'ran-once');
    const script = `
      const fs = require('node:fs');
      const first = !fs.existsSync(${JSON.stringify(marker)});
      fs.writeFileSync(${JSON.stringify(marker)}, 'x');
      console.log('ready');
      // Nothing else keeps the first run alive: it ends with code 3 once the timer has fired.
      if (first) setTimeout(() => { process.exitCode = 3; }, 200);
      else setInterval(() => {}, 1000);
    `;
    const supervisor = new Supervisor({ logDir });
    stops.push(() => supervisor.stopAll());
    const events: string[] = [];
    supervisor.onUnexpectedExit = (name, code, _signal, delay) => events.push(`${name} exit ${code} in ${delay}`);
    supervisor.onRestarted = (name) => events.push(`${name} restarted`);
    await supervisor.start({ name: 'flaky', cmd: process.execPath, args: ['-e', script], ready: { log: /ready/ } });
    const firstPid = supervisor.pids().flaky;
    await expect.poll(() => events, { timeout: 5_000 }).toEqual(['flaky exit 3 in 1000', 'flaky restarted']);
    expect(supervisor.pids().flaky).not.toBe(firstPid);
    expect(isAlive(supervisor.pids().flaky as number)).toBe(true);
  });

  it('stops what a dead process left behind in a session of its own before restarting it', async () => {
    const port = await freePort();
    const supervisor = new Supervisor({ logDir });
    stops.push(() => supervisor.stopAll());
    const events: string[] = [];
    supervisor.onUnexpectedExit = (name, _code, sig) => events.push(`${name} died (${sig})`);
    supervisor.onRestarted = (name) => events.push(`${name} restarted`);
    const first = await supervisor.start({
      name: 'cli',
      cmd: process.execPath,
      args: ['-e', parentWithSessionChild(port)],
      ready: { log: /listening/ },
      timeoutMs: 5_000,
      stopGraceMs: 1_000,
    });
    const [orphan] = descendants(first.pid as number) as [number];
    const orphanStarted = startTime(orphan);
    expect(orphanStarted).toBeDefined();
    // Killed from outside, as the OOM killer would: its child is re-parented and keeps the port.
    process.kill(first.pid as number, 'SIGKILL');
    await expect.poll(() => events, { timeout: 10_000 }).toEqual(['cli died (SIGKILL)', 'cli restarted']);
    // Its pid may already name another process on a busy machine: the same process is one that started then.
    expect(isAlive(orphan) && startTime(orphan) === orphanStarted).toBe(false);
    expect(await portFree(port)).toBe(false);
    await supervisor.stopAll();
    expect(await portFree(port)).toBe(true);
  }, 20_000);

  it('makes a second stopAll wait for the stop already under way', async () => {
    const supervisor = new Supervisor({ logDir, restart: false });
    const child = await supervisor.start({
      name: 'stubborn',
      cmd: process.execPath,
      args: ['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000);"],
      ready: { log: /ready/ },
      stopGraceMs: 1_000,
    });
    void supervisor.stopAll();
    await supervisor.stopAll();
    expect(isAlive(child.pid as number)).toBe(false);
  });

  it('counts a zombie as dead: nothing waits for a process no one will reap', async () => {
    // `sleep 5` replaces the shell and never waits for the short sleep it inherited.
    const shell = spawn('sh', ['-c', 'sleep 0.1 & exec sleep 5']);
    stops.push(() => void shell.kill('SIGKILL'));
    await expect.poll(() => descendants(shell.pid as number).length).toBe(1);
    const [short] = descendants(shell.pid as number) as [number];
    await expect.poll(() => readFileSync(`/proc/${short}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
    expect(isAlive(short)).toBe(false);
    expect(isAlive(shell.pid as number)).toBe(true);
  });

  it('names the process holding a port the stack needs, and how to stop it', async () => {
    const port = await freePort();
    const holder: ChildProcess = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${port}, '127.0.0.1', () => console.log('up'))`,
    ]);
    stops.push(() => void holder.kill('SIGKILL'));
    await new Promise((resolve) => holder.stdout?.once('data', resolve));
    const taken = await takenPorts([{ port, name: 'Firestore emulator' }]);
    expect(taken).toEqual([{ port, name: 'Firestore emulator', holder: expect.objectContaining({ pid: holder.pid }) }]);
    const message = describeTakenPorts(taken);
    expect(message).toContain(`port ${port} (Firestore emulator) is held by pid ${holder.pid}`);
    expect(message).toContain(`kill ${holder.pid}`);
  });
});
