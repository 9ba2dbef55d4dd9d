// Runs a deploy script against stand-ins for the commands it calls (no Google project is reachable
// here): each stand-in logs its arguments, then runs the body given for it, if any.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './tempDir';

export function runWithFakes(script: string, args: string[], fakes: Record<string, string>) {
  const bin = tempDir('fake-commands-');
  const calls = join(bin, 'calls.log');
  for (const [name, body] of Object.entries(fakes))
    writeFileSync(join(bin, name), `#!/usr/bin/env bash\necho "${name} $*" >> ${calls}\n${body}exit 0\n`, {
      mode: 0o755,
    });
  const result = spawnSync('bash', [script, ...args], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    encoding: 'utf8',
  });
  let log = '';
  try {
    log = readFileSync(calls, 'utf8');
  } catch {
    // Nothing was called.
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, log };
}
