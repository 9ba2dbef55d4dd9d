// The charts' week of demo history for a stack with the demo data: written to priceHistory/{symbol}
// before the ingest service starts, which reads it as it would what its last graceful stop wrote
// (packages/stand-ins/src/history, docs/local-stack.md). The writer is started beside the emulators and
// loads its modules meanwhile; it makes and writes the history once told, after they answer.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The write is 15 documents on a local emulator: well within this, or something is wrong. */
const WRITE_MS = 30_000;

/**
 * Starts the writer, which waits. `write()` tells it to write and resolves with what it printed, or
 * with `failed` and why: never rejects, since a history not written costs the demo its charts' past, not
 * the start. `cancel()` ends it unwritten (closing its stdin alone would too, if this process died).
 */
export function startDemoHistoryWriter({ root, env }) {
  const child = spawn(
    join(root, 'node_modules', '.bin', 'tsx'),
    [join(root, 'packages', 'stand-ins', 'src', 'history', 'demo-history-cli.ts'), '--on-cue'],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // A writer that died before its cue: its exit says why.
  child.stdin.on('error', () => {});
  const exited = new Promise((resolve) => {
    child.on('error', (error) => resolve(error.message));
    child.on('exit', (code, signal) => resolve(code === 0 ? undefined : (signal ?? `exit ${code}`)));
  });
  return {
    async write() {
      child.stdin.end('write\n');
      let timer;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(`no answer in ${WRITE_MS / 1000} s`);
        }, WRITE_MS);
      });
      const failure = await Promise.race([exited, timeout]).finally(() => clearTimeout(timer));
      return failure
        ? { failed: true, message: `${failure}${output.trim() ? `\n${output.trim()}` : ''}` }
        : { failed: false, message: output.trim() };
    },
    cancel() {
      child.stdin.end();
      child.kill('SIGTERM');
    },
  };
}
