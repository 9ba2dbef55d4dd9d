// Hosting's predeploy check refuses an emulator build of web/dist (scripts/deploy/check-web-dist.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../scripts/deploy/check-web-dist.mjs');
const check = (files: Record<string, string>) => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  const run = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
  return { status: run.status, said: run.stdout + run.stderr };
};

describe('the predeploy check of web/dist', () => {
  it('passes a production build', () => {
    expect(check({ 'sw.js': "self.addEventListener('push',()=>{})" })).toMatchObject({ status: 0 });
  });

  it('refuses an emulator build, and a folder without a build, saying why', () => {
    const emulator = check({ 'sw.js': "if(m.type==='SHOW_LOCAL_PUSH'){}" });
    expect(emulator.status).toBe(1);
    expect(emulator.said).toContain('holds an emulator build');
    const empty = check({});
    expect(empty.status).toBe(1);
    expect(empty.said).toContain('is missing');
  });
});
