// The Functions emulator loads the whole functions bundle in each new worker on its first call: 15 s
// and more on a loaded 2-core machine. Each function is called once as the stack starts, so that no
// test's wait, and no first alert of a demo, pays it. Callables are called with no data (refused at
// once), the HTTP functions with a GET (the bot's webhook refuses it); each Firestore trigger sees a
// write to a document of its own that it ignores (a settings write with no quiet hours, an alert that
// is not a valid one), removed afterwards; the interval evaluator gets an unsigned message, which it
// refuses.
// Scheduled functions are left alone: the emulator never runs them by itself, and tests that do say so.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CALLABLES = ['registerPushToken', 'applyAlertAction', 'manageWebhook', 'manageTelegram', 'manageDiscord'];
/** HTTP functions, called with a GET. */
const HTTP = ['health', 'telegramWebhook'];
const TRIGGERS = ['rescheduleDigestsOnSettings', 'recordAlertHistory', 'evaluateInterval'];
/** The interval evaluator's topic (PRICE_INTERVALS_TOPIC in the domain package). */
const INTERVALS_TOPIC = 'price-intervals';
const WAIT_MS = 180_000;

/**
 * Calls every function once and waits until each has finished (read from the emulator's log), then
 * removes what it wrote. Returns the seconds it took.
 */
export async function warmFunctions({
  projectId,
  logFile,
  functionsPort = 5001,
  firestorePort = 8080,
  pubsubPort = 8085,
}) {
  const started = Date.now();
  const from = sizeOf(logFile);
  const functions = `http://127.0.0.1:${functionsPort}/${projectId}/us-central1`;
  const documents = `http://127.0.0.1:${firestorePort}/v1/projects/${projectId}/databases/(default)/documents`;
  const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const stamp = `stack-warmup-${started.toString(36)}`;
  const paths = [`users/${stamp}`, `users/${stamp}/alerts/warmup`];
  const answered = await Promise.all([
    ...HTTP.map((name) => fetch(`${functions}/${name}`)),
    fetch(`http://127.0.0.1:${pubsubPort}/v1/projects/${projectId}/topics/${INTERVALS_TOPIC}:publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ data: Buffer.from('{}').toString('base64') }] }),
    }),
    ...CALLABLES.map((name) =>
      fetch(`${functions}/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"data":{}}',
      }),
    ),
    ...paths.map((path) =>
      fetch(`${documents}/${path}`, {
        method: 'PATCH',
        headers: owner,
        body: JSON.stringify({ fields: { warmup: { booleanValue: true } } }),
      }),
    ),
  ]);
  const failed = answered.filter((res) => res.status >= 500 && res.url.includes(`:${firestorePort}/`));
  if (failed.length) throw new Error(`Warming the functions: Firestore refused a write (${failed[0].status})`);
  for (const res of answered) await res.body?.cancel();
  const pending = new Set(TRIGGERS);
  while (pending.size && Date.now() - started < WAIT_MS) {
    const logged = readFrom(logFile, from);
    for (const name of pending) if (logged.includes(`Finished "us-central1-${name}"`)) pending.delete(name);
    if (pending.size) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const path of paths.reverse()) await fetch(`${documents}/${path}`, { method: 'DELETE', headers: owner });
  if (pending.size)
    throw new Error(`Warming the functions: ${[...pending].join(', ')} did not run within ${WAIT_MS / 1000} s`);
  return (Date.now() - started) / 1000;
}

const sizeOf = (file) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

function readFrom(file, offset) {
  try {
    return readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

export const emulatorLog = (root) => join(root, '.cache', 'logs', 'emulators.log');
