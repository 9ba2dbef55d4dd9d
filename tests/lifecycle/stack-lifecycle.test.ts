// `npm start` as a person uses it, run by `npm test` after the main stack has stopped: a taken port
// is named with its holder and nothing starts; after real activity (alerts fired and notified),
// Ctrl-C frees every port within 20 s, the Java emulators and functions workers included.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, takenPorts } from '../../scripts/lib/processes.mjs';
import { EMULATOR_ENV, MAIL_SINK_PORT, STACK_PORTS, root } from '../../scripts/lib/stack.mjs';

Object.assign(process.env, EMULATOR_ENV);
const children: ChildProcess[] = [];
// A test that fails half-way still stops its stack the way a person would (Ctrl-C), so the Java
// emulators it started never outlive it; SIGKILL only if that does not end it.
afterEach(async () => {
  for (const child of children.splice(0)) {
    // Ended already, by itself or by a signal (a SIGKILLed child keeps exitCode null): its 'exit' is past.
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    await exited;
    clearTimeout(timer);
  }
}, 30_000);

function startNpmStart() {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { cwd: root, stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = async () => {
    for (let i = 0; i < 1800 && !output.includes('Ready:'); i++) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!output.includes('Ready:')) throw new Error(`npm start was not ready:\n${output}`);
  };
  return { child, exited, ready, output: () => output };
}

/** Functions emulator worker processes on this machine, as `pid: command line`. */
const functionsWorkers = () =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p) && commandLine(Number(p)).includes('lib/emulator/functionsEmulatorRuntime'))
    .map((p) => `${p}: ${commandLine(Number(p)).slice(0, 200)}`);

describe('npm start', () => {
  it('names the process holding a port it needs, and starts nothing', async () => {
    const holder = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${MAIL_SINK_PORT}, '127.0.0.1', () => console.log('up'))`,
    ]);
    children.push(holder);
    await new Promise((resolve) => holder.stdout?.once('data', resolve));
    const run = startNpmStart();
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`port ${MAIL_SINK_PORT} (mail sink) is held by pid ${holder.pid}`);
    expect(run.output()).toContain(`kill ${holder.pid}`);
    holder.kill('SIGKILL');
    await expect.poll(() => takenPorts(STACK_PORTS)).toEqual([]);
  });

  it('stops everything within 20 s on Ctrl-C after alerts fired and were notified', async () => {
    const run = startNpmStart();
    await run.ready();
    // Real activity: a verified user's alerts fire on a forced price, and are emailed.
    const app = initializeApp({ projectId: 'demo-price-alerts' }, `lifecycle-${Date.now()}`);
    const db = getFirestore(app);
    const user = await getAuth(app).createUser({ email: `lifecycle-${Date.now()}@example.test`, emailVerified: true });
    // The first latest price is stored at the end of the ingest service's first window after ready.
    const latestAsk = async () => Number((await db.doc('prices/ETHUSD').get()).get('ask'));
    await expect.poll(latestAsk).toBeGreaterThan(0);
    const ask = await latestAsk();
    const alerts = db.collection(`users/${user.uid}/alerts`);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        alerts.add({
          userId: user.uid,
          currencyPair: 'ETH/USD',
          alertType: 'Price rising above',
          triggerPrice: ask * 1.05,
          priceSide: 'ask',
          armed: true,
          status: 'active',
          notificationPreferences: { email: true, push: false },
          createdAt: FieldValue.serverTimestamp(),
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1_500));
    await fetch('http://127.0.0.1:8090/control/price', {
      method: 'POST',
      body: JSON.stringify({ pair: 'ETH/USD', ask: ask * 1.06 }),
    });
    await expect
      .poll(async () => (await alerts.where('status', '==', 'triggered').get()).size, { timeout: 30_000 })
      .toBe(20);
    // The firings told by the user's emails: those fired together come as one, '… and 19 more'.
    const told = async () =>
      ((await (await fetch('http://127.0.0.1:8092/api/mails')).json()) as { to: string[]; subject: string }[])
        .filter((m) => m.to.includes(user.email ?? ''))
        .reduce((n, m) => n + 1 + Number(/ and (\d+) more$/.exec(m.subject)?.[1] ?? 0), 0);
    await expect.poll(told, { timeout: 60_000 }).toBe(20);
    expect(functionsWorkers().length).toBeGreaterThan(0);

    const started = Date.now();
    run.child.kill('SIGINT');
    await run.exited;
    await expect
      .poll(async () => ({ taken: await takenPorts(STACK_PORTS), workers: functionsWorkers() }), {
        timeout: 20_000,
        interval: 250,
      })
      .toEqual({ taken: [], workers: [] });
    const seconds = (Date.now() - started) / 1000;
    console.log(`npm start stopped in ${seconds.toFixed(1)} s after Ctrl-C`);
    expect(seconds).toBeLessThanOrEqual(20);
  });
});
