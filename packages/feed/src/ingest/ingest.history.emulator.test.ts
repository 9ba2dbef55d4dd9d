// The charts' history over an ingest restart, against the Firestore emulator: an ingest stopped
// gracefully writes priceHistory/{symbol}, and a new one started on the same store serves that history
// before the provider has sent it anything. Pub/Sub is a stand-in (no window is published here).
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import { encodeCandlesRequest, pairCandlesFromSnapshot, relayProtocols } from '@price-alerts/domain/prices';
import { priceHistoryDocumentSchema } from '@price-alerts/domain/store';
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gcpSinks } from './gcpSinks.ts';
import { IngestService } from './ingest.ts';
import { recordingLogger } from '../shared/log.ts';
import { standInSinks } from '../testing/testIngest.ts';
import { Simulator } from '@price-alerts/stand-ins/simulator';
import { recordingClient } from '@price-alerts/stand-ins/recording-client';

// A project of its own, so the stack's ingest service (npm start's) neither reads nor overwrites it.
const PROJECT = 'demo-history-test';
const HOUR = 3_600_000;
/** Whole hours before the current one, so the simulator's live ticks fold into later buckets only. */
const hoursAgo = (n: number) => Math.floor(Date.now() / HOUR) * HOUR - n * HOUR;
const log = recordingLogger();
const db = () => getFirestore(initializeApp({ projectId: PROJECT }, `history-test-reader-${Date.now()}`));
let sim: Simulator;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  sim = await Simulator.start({ apiKey: 'history-test-key', tickIntervalMs: 60_000 });
  const store = db();
  await store.recursiveDelete(store.collection('priceHistory'));
});

afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await sim?.close();
  await Promise.all(
    getApps()
      .filter((a) => a.name.startsWith('history-test-'))
      .map((a) => deleteApp(a)),
  );
});

/** An ingest on the emulator's store, as ingest-cli.ts starts one; only the store is the real one. */
async function startIngest() {
  const sinks = await gcpSinks({ projectId: PROJECT, signingKey: 'history-test-signing-key', log });
  const ingest = await IngestService.start(
    {
      upstreamUrl: sim.url(),
      port: 0,
      host: '127.0.0.1',
      windowMs: 1_000,
      silentMs: 5_000,
      initialBackoffMs: 50,
      maxBackoffMs: 200,
      relayHeartbeatMs: 60_000,
      source: 'history-test',
    },
    { ...standInSinks, loadHistory: sinks.loadHistory, saveHistory: sinks.saveHistory },
    log,
  );
  return { ingest, sinks };
}

/** Ticks [ask, hours ago] of `pair` folded into the ingest's book, as its upstream's would be. */
function fold(ingest: IngestService, pair: CurrencyPair, history: [number, number][]) {
  for (const [ask, ago] of history)
    ingest.relay.candles.add({ pair, symbol: '', ask, bid: ask - 1, timestamp: hoursAgo(ago) + 60_000 });
}

describe('the charts’ history over an ingest restart', () => {
  it('is written by a graceful stop and served by the next ingest on the same store', async () => {
    const first = await startIngest();
    fold(first.ingest, 'XAU/USD', [
      [2700, 30],
      [2710, 3],
    ]);
    fold(first.ingest, 'BTC/USD', [[95_000, 2]]);
    const held = first.ingest.relay.candles.snapshot();
    await first.ingest.close();
    await first.sinks.close();

    // One document a pair the book held, its candles the book's.
    const store = db();
    const docs = (await store.collection('priceHistory').get()).docs;
    expect(docs.map((d) => d.id).sort()).toEqual(held.map((h) => pairToSymbol(h.pair)).sort());
    const xau = priceHistoryDocumentSchema.parse((await store.doc('priceHistory/XAUUSD').get()).data());
    expect(xau.savedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(xau.candles).toEqual(held.find((h) => h.pair === 'XAU/USD')?.candles);
    expect(pairCandlesFromSnapshot(xau.candles).ask['1w'].filter((c) => c.t <= hoursAgo(1))).toEqual([
      { t: hoursAgo(30), o: 2700, h: 2700, l: 2700, c: 2700 },
      { t: hoursAgo(3), o: 2710, h: 2710, l: 2710, c: 2710 },
    ]);

    const second = await startIngest();
    closing.push(() => second.ingest.close().then(() => second.sinks.close()));
    const app = await recordingClient(
      `ws://127.0.0.1:${second.ingest.port}/prices`,
      encodeCandlesRequest({ symbol: 'XAUUSD', side: 'mid', range: '1w' }),
      undefined,
      relayProtocols('good-history'),
    );
    const answer = await app.next('candles');
    expect(answer.candles.candles.filter((c) => c.t <= hoursAgo(1))).toEqual([
      { t: hoursAgo(30), o: 2699.5, h: 2699.5, l: 2699.5, c: 2699.5 },
      { t: hoursAgo(3), o: 2709.5, h: 2709.5, l: 2709.5, c: 2709.5 },
    ]);
    app.socket.close();
    expect(log.lines.filter((l) => l.severity === 'error')).toEqual([]);
  });
});
