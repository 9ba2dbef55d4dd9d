// Hosting's predeploy check refuses an emulator build of web/dist (scripts/deploy/check-web-dist.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './tempDir';

const script = join(import.meta.dirname, '../../scripts/deploy/check-web-dist.mjs');
const check = (files: Record<string, string>) => {
  const dist = tempDir('web-dist-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  const run = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
  return { status: run.status, said: run.stdout + run.stderr };
};

const PRODUCTION_SW = { 'sw.js': "self.addEventListener('push',()=>{})" };
const PAGES = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../web/src/shared/firstPaint/build/prerendered.json'), 'utf8'),
) as Record<string, string>;
const prerendered = Object.fromEntries(
  Object.values(PAGES).map((file) => [file, '<div id="root" data-prerendered=""><main></main></div>']),
);

describe('the predeploy check of web/dist', () => {
  it('passes a production build with every screen prerendered', () => {
    expect(check({ ...PRODUCTION_SW, ...prerendered })).toMatchObject({ status: 0 });
  });

  it('refuses a build whose screens were not prerendered (no Chromium), naming them', () => {
    const bare = check({ ...PRODUCTION_SW, ...prerendered, 'login.html': '<div id="root"></div>' });
    expect(bare.status).toBe(1);
    expect(bare.said).toContain('login.html');
    const missing: Record<string, string> = { ...PRODUCTION_SW, ...prerendered };
    delete missing['dashboard.html'];
    expect(check(missing).said).toContain('dashboard.html');
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
