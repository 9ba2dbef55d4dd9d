// Prints what the schemas a signed-in screen loads with cost a JavaScript engine that has not run them
// yet, as a phone's browser is on a cold load: the domain schemas the dashboard reads its documents and
// its price feed with, bundled and minified as the web build does, then evaluated and used once (an
// alert, a profile, the alert counter, a zone, a feed frame) in fresh Node processes (V8, as in
// Chromium), with zod jitless as the app sets it (web/src/lib/zodJitless.ts). Node needs no stack and no browser, so the
// figure moves far less between runs than a page load's (docs/benchmarks.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';
import { root } from '../lib/stack.mjs';

const RUNS = Number(process.env.SCHEMAS_RUNS ?? 15);
const dir = mkdtempSync(join(tmpdir(), 'schemas-bench-'));
const domain = join(root, 'packages', 'domain', 'src', 'index.ts');

writeFileSync(
  join(dir, 'entry.js'),
  `import { alertCounterSchema, alertDocumentSchema, profileSchema, timeZoneSchema, parseFeedFrame } from ${JSON.stringify(domain)};
// The relay's answer to a subscription: the price feed's session schema reads it.
const SUBSCRIBED = '0' + JSON.stringify({ mapping: {}, order: ['name', 'ask', 'bid', 'time'], start_time: 0, time_mult: 1, session_uid: 's' });
export function useOnce() {
  return [
    alertDocumentSchema.safeParse({ userId: 'u1', currencyPair: 'EUR/USD', alertType: 'Price rising above',
      triggerPrice: 1.1, status: 'active', notificationPreferences: { email: true, push: false },
      createdAt: { seconds: 1, nanoseconds: 0 }, repeat: 'every', armed: true }).success,
    profileSchema.safeParse({ fullName: 'Demo Trader', avatarId: 2, timeZone: 'Europe/London' }).success,
    alertCounterSchema.safeParse({ count: 3, lastAlertId: 'a1' }).success,
    timeZoneSchema.safeParse('UTC').success,
    parseFeedFrame(SUBSCRIBED, null)[0]?.type === 'subscribed',
  ];
}
`,
);
const bundle = await rolldown({ input: join(dir, 'entry.js'), cwd: root, platform: 'browser', logLevel: 'silent' });
await bundle.write({ file: join(dir, 'schemas.mjs'), format: 'esm', minify: true });
const code = readFileSync(join(dir, 'schemas.mjs'));

// The app has the time zone data loaded before a profile arrives (market hours read New York's
// clock from the first render), and loading it costs the first zone check 12 to 16 ms here.
const probe = `globalThis.__zod_globalConfig = { jitless: true };
new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York' }).format(0);
const a = performance.now();
const m = await import(${JSON.stringify(join(dir, 'schemas.mjs'))});
const b = performance.now();
const ok = m.useOnce();
const c = performance.now();
if (ok.some((v) => !v)) throw new Error('a sample did not parse: ' + ok);
console.log(JSON.stringify({ evaluate: b - a, firstUse: c - b }));`;
const runs = [];
for (let i = 0; i < RUNS; i++) {
  runs.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' })));
}
rmSync(dir, { recursive: true, force: true });

const median = (values) => values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)];
const ms = (v) => `${v.toFixed(1)} ms`;
console.log(
  `schemas bundle: ${(code.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(code).length / 1024).toFixed(1)} KiB gzipped`,
);
console.log(
  `median of ${RUNS} cold runs: evaluate ${ms(median(runs.map((r) => r.evaluate)))}, first use ${ms(median(runs.map((r) => r.firstUse)))}, both ${ms(median(runs.map((r) => r.evaluate + r.firstUse)))}`,
);
