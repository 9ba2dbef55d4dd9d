/**
 * The ingest service's Google Cloud side: Pub/Sub for signed intervals, Firestore for latest
 * prices, the level summary, the charts' history and the alert listener, Auth for tokens.
 */
import { PubSub } from '@google-cloud/pubsub';
import { CURRENCY_PAIRS, describeIssues, pairToSymbol } from '@price-alerts/domain/common';
import { levelSummarySchema } from '@price-alerts/domain/alerts';
import {
  INTERVAL_SIGNATURE,
  PRICE_INTERVALS_TOPIC,
  intervalMessageSchema,
  type IntervalBatch,
  type IntervalMessage,
  type PairHistory,
} from '@price-alerts/domain/prices';
import {
  priceDocumentSchema,
  priceHistoryDocument,
  priceHistoryDocumentSchema,
  type PriceDocument,
} from '@price-alerts/domain/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { watchActiveAlerts } from './alertWatch.ts';
import { firebaseTokenVerifier } from '../relay/appTokens.ts';
import type { IngestSinks } from './ingest.ts';
import type { Logger } from '../shared/log.ts';
import { signIntervals } from '../shared/signing.ts';

export interface GcpOptions {
  projectId: string;
  /** Where users sign in; defaults to the project the data lives in. */
  authProjectId?: string;
  /** Signs every interval message (INTERVALS_SIGNING_KEY, shared with the functions only). */
  signingKey: string;
  log: Logger;
  /** How long an account's revocation state is trusted (appTokens.ts; default 5 minutes). */
  revocationCacheMs?: number;
}

export async function gcpSinks({
  projectId,
  authProjectId = projectId,
  signingKey,
  log,
  revocationCacheMs,
}: GcpOptions): Promise<IngestSinks & { close(): Promise<void> }> {
  const name = () => `ingest-${Math.random().toString(36).slice(2, 8)}`;
  const app = initializeApp({ projectId }, name());
  const tokens = firebaseTokenVerifier(authProjectId, {
    name: name(),
    ...(revocationCacheMs !== undefined ? { revocationCacheMs } : {}),
  });
  const db = getFirestore(app);
  const pubsub = new PubSub({ projectId });
  const topic = pubsub.topic(PRICE_INTERVALS_TOPIC, { batching: { maxMessages: 500, maxMilliseconds: 20 } });
  // In production the deploy creates the topic (the evaluator subscribes to it) and the service's
  // account may only publish to it (roles/pubsub.publisher has no topics.get); the emulator starts
  // empty, so there the topic is created here.
  if (process.env.PUBSUB_EMULATOR_HOST) {
    const [exists] = await topic.exists();
    if (!exists)
      await pubsub.createTopic(PRICE_INTERVALS_TOPIC).catch((error: { code?: number }) => {
        // Another instance may have created it in between.
        if (error.code !== 6) throw error;
      });
  }
  return {
    async publishIntervals(messages) {
      if (messages.length === 0) return;
      const intervals = validIntervals(messages, log);
      if (intervals.length === 0) return;
      const batch: IntervalBatch = { intervals };
      const data = Buffer.from(JSON.stringify(batch));
      const signedAt = Date.now();
      await topic.publishMessage({
        data,
        attributes: {
          [INTERVAL_SIGNATURE.signature]: signIntervals(signingKey, data, signedAt),
          [INTERVAL_SIGNATURE.signedAt]: String(signedAt),
        },
      });
    },
    watchAlerts: (watcher) => watchActiveAlerts(db, watcher, log),
    async saveLevels(summary) {
      await db.collection('evaluator').doc('levels').set(levelSummarySchema.parse(summary));
    },
    async loadLatest() {
      const snapshot = await db.collection('prices').get();
      return snapshot.docs.flatMap((d) => {
        const parsed = priceDocumentSchema.safeParse(d.data());
        return parsed.success ? [parsed.data] : [];
      });
    },
    // One batched get of the 15 pairs' documents (15 reads) a start, one batch of 15 writes a graceful
    // stop (priceHistory.ts).
    async loadHistory() {
      const stored = await db.getAll(...CURRENCY_PAIRS.map((pair) => db.doc(`priceHistory/${pairToSymbol(pair)}`)));
      return storedHistories(stored, log);
    },
    async saveHistory(history) {
      const batch = db.batch();
      const savedAt = Date.now();
      for (const pair of history) {
        const document = priceHistoryDocument(pair, savedAt);
        const checked = priceHistoryDocumentSchema.safeParse(document);
        if (checked.success) batch.set(db.doc(`priceHistory/${pairToSymbol(pair.pair)}`), document);
        else
          log.error('A price history did not parse', {
            pair: pair.pair,
            problem: describeIssues(checked.error.issues),
          });
      }
      await batch.commit();
    },
    async saveLatest(prices) {
      const batch = db.batch();
      for (const price of validPrices(prices, log))
        batch.set(db.collection('prices').doc(pairToSymbol(price.pair)), price);
      await batch.commit();
    },
    verifyToken: (token, freshSince) => tokens.verifyToken(token, freshSince),
    async close() {
      await topic.flush();
      await pubsub.close();
      await deleteApp(app);
      await tokens.close();
    },
  };
}

/**
 * Each window checked on its own, so one bad value spoils nothing else: a window whose moves do not
 * parse goes without them (its levels are still judged), one that still does not is dropped; both
 * are logged.
 */
export function validIntervals(messages: readonly IntervalMessage[], log: Logger): IntervalMessage[] {
  return messages.flatMap((m) => {
    const whole = intervalMessageSchema.safeParse(m);
    if (whole.success) return [whole.data];
    const { moves: _bad, ...levels } = m;
    const bare = intervalMessageSchema.safeParse(levels);
    log.error(
      bare.success
        ? 'Published a window without its moves, which did not parse'
        : 'Dropped a window that did not parse',
      {
        pair: m.pair,
        start: m.start,
        problem: describeIssues(whole.error.issues),
      },
    );
    return bare.success ? [bare.data] : [];
  });
}

/** The stored charts' history, each pair's document checked on its own: one that does not parse is logged and skipped alone. */
export function storedHistories(
  documents: readonly { id: string; exists: boolean; data(): unknown }[],
  log: Logger,
): PairHistory[] {
  return documents.flatMap((d) => {
    if (!d.exists) return [];
    const parsed = priceHistoryDocumentSchema.safeParse(d.data());
    if (parsed.success) return [{ pair: parsed.data.pair, candles: parsed.data.candles }];
    log.error('A stored price history did not parse', { id: d.id, problem: describeIssues(parsed.error.issues) });
    return [];
  });
}

/** Each latest price checked on its own, so one pair's bad value leaves the others stored; moves go first. */
export function validPrices(prices: readonly PriceDocument[], log: Logger): PriceDocument[] {
  return prices.flatMap((price) => {
    const whole = priceDocumentSchema.safeParse(price);
    if (whole.success) return [whole.data];
    const { moves: _bad, ...bare } = price;
    const without = priceDocumentSchema.safeParse(bare);
    log.error('A latest price did not parse', { pair: price.pair, problem: describeIssues(whole.error.issues) });
    return without.success ? [without.data] : [];
  });
}
