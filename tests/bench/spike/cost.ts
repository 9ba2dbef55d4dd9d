// What a spike bills: the production code of the firing and the sending run in this process against
// a project of its own, on a smaller copy of the population, counted by the billing meter (reads,
// writes), with the providers' calls counted at their boundary, then scaled to the population.
import { type CurrencyPair } from '@price-alerts/domain/common';
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { type SendEach } from '../../../functions/src/notify/fcm';
import { startMailSink } from '@price-alerts/stand-ins/mail';
import { billedReads, meter, type Bill } from '../../../functions/bench/billing';
import { evaluateIntervals } from '../../../functions/src/evaluation/intervals';
import { fcmProvider } from '../../../functions/src/notify/fcm';
import { type EmailProvider, type PushProvider } from '../../../functions/src/notify/providers';
import { firebaseRecipients } from '../../../functions/src/notify/recipients';
import { sendMany } from '../../../functions/src/notify/sendMany';
import { withOutbox } from '../../../functions/src/repositories/deliveries';
import { sendgridProvider } from '../../../functions/src/notify/sendgrid';
import { interval } from '../../../functions/src/testing/intervals';
import { clearFirestoreProject } from '../../emulator/firestore-emulator';
import { seedPopulation, type Population } from './population';

/** List prices (docs/cost.md). */
const PRICE = { read: 0.06 / 1e5, write: 0.18 / 1e5, invocation: 0.4 / 1e6 };

export interface SpikeCost {
  firing: Bill;
  sending: Bill;
  invocations: { firing: number; sending: number };
  /** Requests to SendGrid (a batch is one), calls to FCM's sendEach. */
  calls: { email: number; push: number };
  dollars: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Meters `metered` (a population with fewer users) and scales every figure to `full`. */
export async function meterSpike(full: Population, metered: Population, pair: CurrencyPair): Promise<SpikeCost> {
  const projectId = 'demo-spike-cost';
  const app = initializeApp({ projectId }, `spike-cost-${Date.now()}`);
  const db = getFirestore(app);
  await clearFirestoreProject(projectId);
  await seedPopulation(app, db, metered, pair, 1.1, `cost-${Date.now()}`);
  const sink = await startMailSink();
  const calls = { email: 0, push: 0 };
  const sendgrid = sendgridProvider({ apiKey: 'SG.bench', baseUrl: sink.url });
  const email: EmailProvider = sendgrid;
  // FCM's servers are the boundary: each sendEach call is counted and answered with success.
  const messaging: SendEach = {
    sendEach: async (messages) => {
      calls.push += 1;
      return {
        successCount: messages.length,
        failureCount: 0,
        responses: messages.map(() => ({ success: true, messageId: 'bench' })),
      };
    },
  };
  // SendGrid's requests are counted at the sink, where each batch is one request.
  const requestsBefore = async () =>
    ((await (await fetch(`${sink.url}/health`)).json()) as { requests: number }).requests;
  meter.install();
  // The window's ticks come after the alerts were created, or they could not fire them.
  await sleep(1_500);
  meter.reset();
  const window: IntervalMessage = {
    ...interval(Date.now() - 1_200, { first: 1.09, low: 1.09, high: 1.11, last: 1.11 }, 1.09, pair),
    judge: { ask: ['Price rising above'] },
  };
  const lease = 'news-spike:bench';
  const { result: stats, created } = await withOutbox(lease, () => evaluateIntervals(db, [window]));
  const firing = meter.reset();
  // The ingest's listener on active alerts reads each fired alert once.
  firing.listenerReads += stats.fired;
  const push: PushProvider = fcmProvider(messaging);
  const deps = {
    db,
    owner: 'news-spike',
    email,
    push,
    recipients: firebaseRecipients(db, getAuth(app)),
    mailFrom: 'Price Alerts <alerts@price-alerts.test>',
    appUrl: 'http://app.test',
  };
  const requests = await requestsBefore();
  await sendMany(deps, created, lease);
  const sending = meter.reset();
  calls.email += (await requestsBefore()) - requests;
  await sink.close();
  await deleteApp(app);
  const alerts = metered.users * metered.alertsEach;
  if (stats.fired !== alerts) throw new Error(`metered firing fired ${stats.fired} of ${alerts}`);
  const scale = (full.users * full.alertsEach) / alerts;
  const scaled = (b: Bill): Bill =>
    Object.fromEntries(Object.entries(b).map(([k, v]) => [k, Math.round(v * scale)])) as unknown as Bill;
  // The evaluator's one invocation, one history trigger per alert the firing wrote; it sends what it fired.
  const invocations = { firing: Math.round((1 + stats.fired) * scale), sending: 0 };
  const s = { firing: scaled(firing), sending: scaled(sending) };
  const all = (b: Bill) => billedReads(b) * PRICE.read + (b.writes + b.deletes) * PRICE.write;
  return {
    ...s,
    invocations,
    calls: { email: Math.round(calls.email * scale), push: Math.round(calls.push * scale) },
    dollars: all(s.firing) + all(s.sending) + (invocations.firing + invocations.sending) * PRICE.invocation,
  };
}
