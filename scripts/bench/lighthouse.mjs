// Lighthouse (mobile) scores for /login against the built app, in the system Chromium.
// Run: npm run bench:lighthouse   (builds the web app, serves it with vite preview on 5173)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { Supervisor } from '../lib/supervisor.mjs';
import { WEB_URL, buildForStack, root } from '../lib/stack.mjs';

const chromePath = CHROMIUM_PATH;
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}; set CHROME_PATH.`);
  process.exit(1);
}
buildForStack({ web: 'preview', log: () => {} });
const supervisor = new Supervisor({ logDir: join(root, '.cache', 'logs') });
await supervisor.start({
  name: 'web',
  cmd: 'npm',
  args: ['run', 'preview', '-w', 'web', '--', '--mode', 'emulator'],
  cwd: root,
  ready: { url: `${WEB_URL}/` },
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
try {
  const result = await lighthouse(`${WEB_URL}/login`, { port: chrome.port, output: 'json', logLevel: 'error' });
  const categories = result?.lhr.categories ?? {};
  for (const [id, category] of Object.entries(categories)) {
    console.log(`lighthouse /login (mobile) ${id}: ${Math.round((category.score ?? 0) * 100)}`);
  }
  const audits = result?.lhr.audits ?? {};
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]) {
    console.log(`  ${id}: ${audits[id]?.displayValue ?? 'n/a'}`);
  }
} finally {
  await chrome.kill();
  await supervisor.stopAll();
}
