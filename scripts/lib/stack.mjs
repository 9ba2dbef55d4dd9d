// The local stack: one list of processes shared by `npm start` and the tests. Adding a process
// (the feed simulator, a mail sink...) is one entry in `stackProcesses`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoHistoryWriter } from './demo-history.mjs';
import { SetupError, checkJava, emulatorBinaryEnv } from './emulator-env.mjs';
import { ensureLocalSecrets, localSecret } from './local-secrets.mjs';
import { describeTakenPorts, takenPorts } from './processes.mjs';
import { Supervisor, onShutdownSignals } from './supervisor.mjs';
import { setTelegramWebhook } from './telegram-webhook.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-price-alerts';
export const WEB_URL = 'http://127.0.0.1:5173';
export const EMULATOR_ENV = {
  // Keeps the Google client libraries from probing for a cloud metadata server that is not there.
  METADATA_SERVER_DETECTION: 'none',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  PUBSUB_EMULATOR_HOST: '127.0.0.1:8085',
  FUNCTIONS_EMULATOR_HOST: '127.0.0.1:5001',
  FIREBASE_EMULATOR_HUB: '127.0.0.1:4400',
};
/** The local upstream rate service (packages/stand-ins simulator) and its key. */
export const SIMULATOR_PORT = 8090;
export const FEED_API_KEY = 'local-simulator-key';
/**
 * The app's live prices, ws://127.0.0.1:8091/prices: a local balancer in front of two price relays
 * (as Cloud Run's load balancer is in front of the relay service), each fed by the ingest service.
 */
export const PRICES_PORT = 8091;
export const RELAY_PORTS = [8094, 8095];
/** The ingest service: the relays' feed at ws://127.0.0.1:8093/feed, health (and the gate's counts) at /health. */
export const INGEST_PORT = 8093;
/** The key relays offer the ingest's feed; production's is a secret (docs/deploy.md). */
export const RELAY_FEED_KEY = 'local-relay-feed-key-0123456789';
/** The local SendGrid-compatible mail sink: alert email lands at http://127.0.0.1:8092/. */
export const MAIL_SINK_PORT = 8092;
export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_SINK_PORT}`;
/** The local webhook receiver (same process as the mail sink): what webhooks get shows at http://127.0.0.1:8096/. */
export const WEBHOOK_SINK_PORT = 8096;
export const WEBHOOK_SINK_URL = `http://127.0.0.1:${WEBHOOK_SINK_PORT}`;
/** Telegram's stand-in (same process): the local bot's chats, where a person presses Start and taps buttons. */
export const TELEGRAM_STAND_IN_PORT = 8097;
export const TELEGRAM_STAND_IN_URL = `http://127.0.0.1:${TELEGRAM_STAND_IN_PORT}`;
/** Discord's stand-in (same process): webhooks made on its page, and what they receive. */
export const DISCORD_STAND_IN_PORT = 8098;
export const DISCORD_STAND_IN_URL = `http://127.0.0.1:${DISCORD_STAND_IN_PORT}`;
export const DEMO_USER = { email: 'demo@price-alerts.test', password: 'demo-pass-1234' };
/**
 * Invocations the Functions emulator runs at once. It starts a worker process (about 90 MB) per
 * overlapping invocation of a function and never reaps idle ones, so its default of 50 let a burst
 * of deliveries exhaust a 2-core machine; work past this bound waits in the emulator's queue.
 * Production is unaffected: Cloud Functions scales by its own concurrency and instance settings.
 * The environment variable overrides it (the stack benchmark compares settings with it).
 */
export const FUNCTIONS_EMULATOR_PARALLEL = Number(process.env.FUNCTIONS_EMULATOR_PARALLEL ?? 3);

/** Every port the stack listens on, checked before it starts. */
export const STACK_PORTS = [
  { port: 5173, name: 'web app' },
  { port: 9099, name: 'Auth emulator' },
  { port: 8080, name: 'Firestore emulator' },
  { port: 9150, name: 'Firestore emulator websocket' },
  { port: 8085, name: 'Pub/Sub emulator' },
  { port: 5001, name: 'Functions emulator' },
  { port: 9299, name: 'Eventarc emulator' },
  { port: 9499, name: 'Cloud Tasks emulator' },
  { port: 4400, name: 'emulator hub' },
  { port: 4500, name: 'emulator logging' },
  { port: SIMULATOR_PORT, name: 'price-feed simulator' },
  { port: INGEST_PORT, name: 'ingest service' },
  { port: PRICES_PORT, name: 'relay balancer' },
  ...RELAY_PORTS.map((port, i) => ({ port, name: `price relay ${i + 1}` })),
  { port: MAIL_SINK_PORT, name: 'mail sink' },
  { port: WEBHOOK_SINK_PORT, name: 'webhook sink' },
  { port: TELEGRAM_STAND_IN_PORT, name: 'Telegram stand-in' },
  { port: DISCORD_STAND_IN_PORT, name: 'Discord stand-in' },
];

const binDir = join(root, 'node_modules', '.bin');
const bin = (name) => join(binDir, name);

/** The `node` devDependency's Node 24 comes first for every child, however this script was started. */
export function useProjectNode() {
  const parts = (process.env.PATH ?? '').split(delimiter);
  if (parts[0] !== binDir) process.env.PATH = [binDir, ...parts].join(delimiter);
}

/**
 * web: 'preview' serves the built app (service worker and all), 'dev' runs Vite with hot reload,
 * false leaves the web app out.
 */
/**
 * `marketHours`: the simulator stops FX and metals at the weekend as real markets do. On for
 * `npm start` (the app tells the truth about a closed market); off for the tests, which need ticks
 * whatever the day and move the simulator's market clock themselves.
 */
export function stackProcesses({ importData = true, web = 'preview', log = console.log, marketHours = false } = {}) {
  const emulatorArgs = ['emulators:start', '--only', 'auth,firestore,pubsub,functions', '--project', PROJECT_ID];
  if (importData) emulatorArgs.push('--import', join(root, 'emulator-data'));
  return [
    {
      // Before the emulators: the functions send mail here from their first delivery.
      name: 'sinks',
      cmd: bin('tsx'),
      args: [join(root, 'packages', 'stand-ins', 'src', 'sinks-cli.ts')],
      cwd: root,
      env: {
        MAIL_SINK_PORT: String(MAIL_SINK_PORT),
        WEBHOOK_SINK_PORT: String(WEBHOOK_SINK_PORT),
        TELEGRAM_STAND_IN_PORT: String(TELEGRAM_STAND_IN_PORT),
        DISCORD_STAND_IN_PORT: String(DISCORD_STAND_IN_PORT),
        // The bot the functions call as: setWebhook below and every send use this token.
        TELEGRAM_BOT_TOKEN: localSecret(join(root, 'functions'), 'TELEGRAM_BOT_TOKEN'),
      },
      ready: { url: `${MAIL_SINK_URL}/health` },
    },
    {
      name: 'emulators',
      cmd: bin('firebase'),
      args: emulatorArgs,
      cwd: root,
      env: {
        ...emulatorBinaryEnv(log),
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1',
        FUNCTIONS_EMULATOR_PARALLEL: String(FUNCTIONS_EMULATOR_PARALLEL),
      },
      ready: { log: /All emulators ready/ },
      timeoutMs: 180_000,
      stopGraceMs: 15_000,
    },
    {
      name: 'simulator',
      cmd: bin('tsx'),
      args: [join(root, 'packages', 'stand-ins', 'src', 'simulator', 'simulator-cli.ts')],
      cwd: root,
      env: {
        SIMULATOR_PORT: String(SIMULATOR_PORT),
        FEED_API_KEY: FEED_API_KEY,
        ...(marketHours ? { SIMULATOR_MARKET_HOURS: '1' } : {}),
      },
      ready: { url: `http://127.0.0.1:${SIMULATOR_PORT}/health` },
    },
    {
      name: 'ingest',
      cmd: bin('tsx'),
      args: [join(root, 'packages', 'feed', 'src', 'ingest-cli.ts')],
      cwd: root,
      env: {
        ...EMULATOR_ENV,
        FEED_UPSTREAM_URL: `ws://127.0.0.1:${SIMULATOR_PORT}/`,
        FEED_API_KEY,
        GOOGLE_CLOUD_PROJECT: PROJECT_ID,
        // The functions emulator checks interval messages with the same key.
        INTERVALS_SIGNING_KEY: localSecret(join(root, 'functions'), 'INTERVALS_SIGNING_KEY'),
        PORT: String(INGEST_PORT),
        HOST: '127.0.0.1',
        RELAY_FEED_KEY,
        // As deployed: the apps reach the relays only.
        INGEST_APP_SOCKETS: 'off',
      },
      // /health answers 503 until the upstream subscription is live.
      ready: { url: `http://127.0.0.1:${INGEST_PORT}/health` },
    },
    ...RELAY_PORTS.map((port, i) => ({
      name: `relay-${i + 1}`,
      cmd: bin('tsx'),
      args: [join(root, 'packages', 'feed', 'src', 'relay-cli.ts')],
      cwd: root,
      env: {
        ...EMULATOR_ENV,
        RELAY_FEED_URL: `ws://127.0.0.1:${INGEST_PORT}/feed`,
        RELAY_FEED_KEY,
        GOOGLE_CLOUD_PROJECT: PROJECT_ID,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      // /health answers 503 until the ingest's feed is live.
      ready: { url: `http://127.0.0.1:${port}/health` },
    })),
    {
      name: 'relay-balancer',
      cmd: bin('tsx'),
      args: [join(root, 'packages', 'stand-ins', 'src', 'balancer', 'relay-balancer-cli.ts')],
      cwd: root,
      env: { PORT: String(PRICES_PORT), HOST: '127.0.0.1', RELAY_PORTS: RELAY_PORTS.join(',') },
      ready: { url: `http://127.0.0.1:${PRICES_PORT}/health` },
    },
    web && {
      name: 'web',
      cmd: 'npm',
      args: ['run', web === 'dev' ? 'dev' : 'preview', '-w', 'web', '--', '--mode', 'emulator'],
      cwd: root,
      ready: { url: `${WEB_URL}/` },
    },
  ].filter(Boolean);
}

/** Runs an npm script of the project, its errors shown; rejects if it fails. */
function npmRun(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Builds what the stack runs from: the functions bundle always, the web app for preview. Not
 * synchronous, so that `npm test` runs its static checks meanwhile.
 */
export async function buildForStack({ web = 'preview', log = console.log } = {}) {
  useProjectNode();
  if (ensureLocalSecrets(join(root, 'functions'))) log('Wrote functions/.secret.local from its example.');
  log('Building functions...');
  await npmRun(['run', 'build', '-w', 'functions']);
  if (web === 'preview') {
    log('Building the web app...');
    await npmRun(['run', 'build', '-w', 'web', '--', '--mode', 'emulator']);
  }
}

export async function startStack({
  importData = true,
  web = 'preview',
  verbose = false,
  log = console.log,
  marketHours = false,
} = {}) {
  useProjectNode();
  checkJava();
  if (importData && !existsSync(join(root, 'emulator-data', 'firebase-export-metadata.json'))) {
    throw new Error('emulator-data/ has no export; run `npm run demo-data:rebuild`.');
  }
  const taken = await takenPorts(STACK_PORTS.filter((p) => web || p.port !== 5173));
  if (taken.length) throw new SetupError(describeTakenPorts(taken));
  const supervisor = new Supervisor({ verbose, logDir: join(root, '.cache', 'logs') });
  // From the first process on: the processes are detached, so a Ctrl-C while the stack starts
  // would otherwise leave them running.
  onShutdownSignals(() => supervisor.stopAll());
  // The demo data's charts get a week of history (demo-history.mjs). Not an --empty stack's: the
  // benchmarks that start one count its writes and reads.
  const history = importData
    ? startDemoHistoryWriter({ root, env: { ...EMULATOR_ENV, GOOGLE_CLOUD_PROJECT: PROJECT_ID } })
    : undefined;
  if (history) onShutdownSignals(() => history.cancel());
  let written;
  try {
    for (const spec of stackProcesses({ importData, web, log, marketHours })) {
      // The ingest service reads the charts' history once, as it starts.
      if (spec.name === 'ingest' && written) {
        const { failed, message } = await written;
        log(failed ? `The charts' demo history was not written, so they start empty: ${message}` : message);
      }
      log(`Starting ${spec.name}...`);
      await supervisor.start(spec);
      // Made and written while the simulator starts; the writer loaded its modules while the emulators did.
      if (spec.name === 'emulators' && history) written = history.write();
      // The Functions emulator serves the bot's webhook now: the stand-in's Start, /stop and taps reach it.
      if (spec.name === 'emulators') await setLocalTelegramWebhook();
    }
  } catch (error) {
    history?.cancel();
    await supervisor.stopAll();
    throw error;
  }
  return supervisor;
}

/** Points the Telegram stand-in's bot at the Functions emulator's telegramWebhook, with the local secret. */
async function setLocalTelegramWebhook() {
  const functionsDir = join(root, 'functions');
  await setTelegramWebhook({
    apiBase: TELEGRAM_STAND_IN_URL,
    token: localSecret(functionsDir, 'TELEGRAM_BOT_TOKEN'),
    url: `http://${EMULATOR_ENV.FUNCTIONS_EMULATOR_HOST}/${PROJECT_ID}/us-central1/telegramWebhook`,
    secret: localSecret(functionsDir, 'TELEGRAM_WEBHOOK_SECRET'),
  }).catch((error) => {
    throw new Error(`The Telegram stand-in's webhook could not be set: ${error.message}`);
  });
}
