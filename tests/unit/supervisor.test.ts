// The local stack's process supervisor with real processes and ports: stopping reaches processes in
// sessions of their own, a dead process is restarted, and a taken port names its holder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTakenPorts, isAlive, portFree, takenPorts } from '../../scripts/lib/processes.mjs';
import { Supervisor } from '../../scripts/lib/supervisor.mjs';

const logDir = mkdtempSync(join(tmpdir(), 'supervisor-test-'));
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

describe('Supervisor', () => {
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
    const dir = mkdtempSync(join(tmpdir(), 'supervisor-restart-'));
    const marker = join(dir, 'ran-once');
    const script = `
      const fs = require('node:fs');
      const first = !fs.existsSync(${JSON.stringify(marker)});
      fs.writeFileSync(${JSON.stringify(marker)}, 'x');
      console.log('ready');
      if (first) setTimeout(() => process.exit(3), 200);
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
