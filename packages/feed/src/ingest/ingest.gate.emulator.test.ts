// The ingest service's gate against the Firestore and Pub/Sub emulators: a real listener on the
// active alerts, real signed messages. What an idle market costs, and what a reachable level does.
import { PubSub, type Subscription } from '@google-cloud/pubsub';
import { levelSummarySchema } from '@price-alerts/domain/alerts';
import {
  INTERVAL_SIGNATURE,
  PRICE_INTERVALS_TOPIC,
  intervalBatchSchema,
  intervalMessageSchema,
  type IntervalMessage,
} from '@price-alerts/domain/prices';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../../tests/emulator/firestore-emulator';
import { gcpSinks } from './gcpSinks.ts';
import { IngestService } from './ingest.ts';
import { recordingLogger } from '../shared/log.ts';
import { signIntervals } from '../shared/signing.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';

const PROJECT = 'demo-ingest-gate';
const WINDOW_MS = 300;
const SIGNING_KEY = 'gate-test-signing-key';
let sim: Simulator;
let ingest: IngestService;
let sinks: Awaited<ReturnType<typeof gcpSinks>>;
let subscription: Subscription;
const log = recordingLogger();
const received: IntervalMessage[] = [];
const badSignatures: string[] = [];
const app = initializeApp({ projectId: PROJECT }, 'ingest-gate-test');
const db = getFirestore(app);

beforeAll(async () => {
  await clearFirestoreProject(PROJECT);
  sim = await Simulator.start({ apiKey: 'gate-test-key', tickIntervalMs: 60_000, heartbeatMs: 200 });
  sinks = await gcpSinks({ projectId: PROJECT, signingKey: SIGNING_KEY, log });
  const pubsub = new PubSub({ projectId: PROJECT });
  [subscription] = await pubsub.topic(PRICE_INTERVALS_TOPIC).createSubscription(`gate-test-${Date.now()}`);
  subscription.on('message', (message) => {
    const signedAt = Number(message.attributes[INTERVAL_SIGNATURE.signedAt]);
    if (message.attributes[INTERVAL_SIGNATURE.signature] !== signIntervals(SIGNING_KEY, message.data, signedAt))
      badSignatures.push(message.id);
    const batch = intervalBatchSchema.parse(JSON.parse(message.data.toString()));
    received.push(...batch.intervals.map((i) => intervalMessageSchema.parse(i)));
    message.ack();
  });
  ingest = await IngestService.start(
    {
      upstreamUrl: sim.url(),
      port: 0,
      host: '127.0.0.1',
      windowMs: WINDOW_MS,
      silentMs: 5_000,
      initialBackoffMs: 50,
      maxBackoffMs: 200,
      relayHeartbeatMs: 1_000,
      source: 'gate-test',
      summaryEveryMs: 200,
    },
    sinks,
    log,
  );
  for (let i = 0; i < 100 && !(ingest.upstream.status === 'subscribed' && ingest.gate.ready); i++)
    await new Promise((r) => setTimeout(r, 50));
  if (!ingest.gate.ready) throw new Error('The level index never became ready');
});

afterAll(async () => {
  await ingest?.close();
  await subscription?.delete();
  await sinks?.close();
  await sim?.close();
  await deleteApp(app);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const windowStart = () => sleep(WINDOW_MS - (Date.now() % WINDOW_MS) + 10);

const addAlert = (triggerPrice: number, extra: Record<string, unknown> = {}) =>
  db.collection('users/gate-user/alerts').add({
    userId: 'gate-user',
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice,
    priceSide: 'ask',
    armed: true,
    status: 'active',
    notificationPreferences: { email: true, push: false },
    createdAt: FieldValue.serverTimestamp(),
    ...extra,
  });

describe('the gate on the emulators', () => {
  it('publishes no message while prices move and no alert can fire, and stores a price once per 20 s', async () => {
    await addAlert(5);
    await expect.poll(() => ingest.gate.alerts).toBe(1);
    const before = received.length;
    for (let i = 0; i < 8; i++) {
      sim.forceAsk('EUR/USD', 1.1 + i / 1000);
      await sleep(WINDOW_MS / 2);
    }
    await sleep(2 * WINDOW_MS);
    expect(received.length - before).toBe(0);
    expect(ingest.gate.counts.windows).toBeGreaterThanOrEqual(4);
    // Eight windows closed; the stored price is the first of them, not the last.
    const stored = (await db.doc('prices/EURUSD').get()).get('ask') as number;
    expect(stored).toBeLessThan(1.107);
  });

  it('publishes, signed, the window that reaches an alert created 100 ms before the crossing', async () => {
    sim.forceAsk('EUR/USD', 1.2);
    await windowStart();
    const ref = await addAlert(1.25);
    await sleep(100);
    sim.forceAsk('EUR/USD', 1.26);
    await expect
      .poll(() => received.find((m) => m.pair === 'EUR/USD' && m.ask.high === 1.26), { timeout: 10_000 })
      .toMatchObject({ judge: { ask: ['Price rising above'] } });
    expect(badSignatures).toEqual([]);
    await ref.delete();
  });

  it('cuts the window at the tick that reaches an armed level instead of waiting for its end', async () => {
    const ref = await addAlert(1.35);
    const stored = (await db.collection('users/gate-user/alerts').count().get()).data().count;
    await expect.poll(() => ingest.gate.alerts).toBe(stored);
    await windowStart();
    sim.forceAsk('EUR/USD', 1.36);
    let cut: IntervalMessage | undefined;
    await expect
      .poll(() => (cut = received.find((m) => m.pair === 'EUR/USD' && m.ask.high === 1.36)), { timeout: 10_000 })
      .toBeDefined();
    const early = cut as IntervalMessage;
    expect(early).toMatchObject({ end: early.lastAt + 1, judge: { ask: ['Price rising above'] } });
    expect(early.end).toBeLessThan(Math.floor(early.start / WINDOW_MS) * WINDOW_MS + WINDOW_MS);
    await ref.delete();
  });

  it('writes the level summary the scheduled check judges by', async () => {
    await addAlert(1.5, { alertType: 'Price dropping below', priceSide: 'bid' });
    await expect
      .poll(
        async () => levelSummarySchema.safeParse((await db.doc('evaluator/levels').get()).data()).data?.pairs.EURUSD,
      )
      .toMatchObject({ bid: { below: 1.5 } });
  });
});
