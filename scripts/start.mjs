// `npm start`: the whole product on the emulators with the demo data, until Ctrl-C.
//   --dev      Vite with hot reload instead of the built app
//   --verbose  stream every process's output (it always goes to .cache/logs/<name>.log)
//   --no-build start from the last build (the stack lifecycle test)
import {
  DEMO_USER,
  EMULATOR_ENV,
  DISCORD_STAND_IN_URL,
  MAIL_SINK_URL,
  TELEGRAM_STAND_IN_URL,
  WEBHOOK_SINK_URL,
  PROJECT_ID,
  WEB_URL,
  buildForStack,
  root,
  startStack,
} from './lib/stack.mjs';
import { emulatorLog, warmFunctions } from './lib/warm-functions.mjs';
import { SetupError } from './lib/emulator-env.mjs';
import { scheduledFunctionUrl, startLocalScheduler } from './lib/local-scheduler.mjs';
import { onShutdownSignals } from './lib/supervisor.mjs';

const web = process.argv.includes('--dev') ? 'dev' : 'preview';
const verbose = process.argv.includes('--verbose');
// The stack lifecycle test starts from what `npm test` already built.
const build = !process.argv.includes('--no-build');

try {
  if (build) await buildForStack({ web });
  const supervisor = await startStack({ web, verbose, marketHours: true });
  // As Cloud Run would: a process that dies is started again (1 s, doubling to 30 s), the rest stay up.
  supervisor.onUnexpectedExit = (name, code, signal, restartInMs) => {
    console.error(
      `${name} stopped unexpectedly (${signal ?? `exit ${code}`}); restarting in ${restartInMs / 1000} s. ` +
        `See .cache/logs/${name}.log`,
    );
  };
  supervisor.onRestarted = (name) => console.error(`${name} is running again.`);
  // The Functions emulator runs no scheduled function by itself; alerts set to expire must expire
  // here too, and the digests of quiet hours that ended must go out (the sender's minute check also
  // retries failed sends). Not the evaluator's minute check: a safety net the emulators' triggers
  // make unnecessary. One after the other, since each run at once costs a worker. Stopped before the stack.
  const host = EMULATOR_ENV.FUNCTIONS_EMULATOR_HOST;
  const expiry = startLocalScheduler({
    name: 'expireAlerts, sendDueDeliveries',
    url: ['expireAlerts', 'sendDueDeliveries'].map((name) => scheduledFunctionUrl({ host, project: PROJECT_ID, name })),
  });
  onShutdownSignals(() => expiry.stop());
  console.log(`Ready: ${WEB_URL}`);
  console.log(`Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  console.log(`Alert email (local mail sink): ${MAIL_SINK_URL}/`);
  console.log(`Webhooks (local webhook sink): ${WEBHOOK_SINK_URL}/ (set ${WEBHOOK_SINK_URL}/hooks as a webhook)`);
  console.log(`Telegram (local stand-in): ${TELEGRAM_STAND_IN_URL}/`);
  console.log(`Discord (local stand-in): ${DISCORD_STAND_IN_URL}/`);
  console.log('Press Ctrl-C to stop. Changes stay in memory; `npm run emulators:save` keeps them.');
  // Meanwhile each function is called once, so the first alert does not wait for a worker to load.
  warmFunctions({ projectId: PROJECT_ID, logFile: emulatorLog(root) }).then(
    (seconds) => console.log(`Functions warmed in ${seconds.toFixed(1)} s.`),
    (error) => console.error(`Functions not warmed: ${error.message}`),
  );
} catch (error) {
  console.error(error instanceof SetupError ? error.message : (error.stack ?? String(error)));
  process.exit(1);
}
