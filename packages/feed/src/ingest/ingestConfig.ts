/**
 * What the ingest service (ingest.ts) is started with: its settings, and the sinks it writes to and
 * reads from (Pub/Sub and Firestore in production, gcpSinks.ts; stand-ins in tests).
 */
import { type LevelSummary } from '@price-alerts/domain/alerts';
import { type IntervalMessage, type PairHistory } from '@price-alerts/domain/prices';
import { type PriceDocument } from '@price-alerts/domain/store';
import type { AlertChange } from './gate.ts';
import type { RelayOptions, VerifiedToken } from '../relay/relay.ts';

export interface IngestConfig {
  upstreamUrl: string;
  port: number;
  host: string;
  windowMs: number;
  silentMs: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
  relayHeartbeatMs: number;
  source: string;
  /** Relay limits other than the defaults (tests use short ones). */
  relay?: Partial<Omit<RelayOptions, 'verifyToken' | 'log'>>;
  /** How long the upstream may be away before the app is told (default 5 s): a reconnect is quicker. */
  upstreamGraceMs?: number;
  /** A pair whose last tick is older than this while its market is open is stale (default 30 s). */
  staleMs?: number;
  /** The clock that judges staleness and market hours; tests inject a controlled one. */
  now?: () => number;
  /**
   * How often the pairs whose price moved have it written (default 20 s; 0: every window): the
   * scheduled check runs each minute, so a write a window would pay 900 writes a minute for 15.
   */
  latestEveryMs?: number;
  /** How often, at most, the level summary is written while alerts change (default 5 s). */
  summaryEveryMs?: number;
  /** The key price relays offer at /feed (feedHub.ts); without it there is no feed. */
  feedKey?: string;
  /**
   * Whether apps may open price sockets here too (default true, for tests). Off where the price
   * relays serve the apps: the one instance that holds the upstream is then no one's to load.
   */
  appSockets?: boolean;
}

/** What the alert listener hands the service: a (re)start, then snapshots of changed alerts. */
export interface AlertWatcher {
  reset(): void;
  changes(changes: AlertChange[], snapshot: 'first' | 'update'): void;
}

export interface IngestSinks {
  publishIntervals(messages: IntervalMessage[]): Promise<void>;
  saveLatest(prices: PriceDocument[]): Promise<void>;
  /** The latest prices as stored, read once at start to carry the moves' lookbacks over a restart. */
  loadLatest?(): Promise<PriceDocument[]>;
  /** The charts' candles as the last graceful stop wrote them, read once at start (priceHistory.ts). */
  loadHistory?(): Promise<PairHistory[]>;
  /** The charts' candles, written once on a graceful stop. */
  saveHistory?(history: PairHistory[]): Promise<void>;
  verifyToken(token: string, freshSince?: number): Promise<VerifiedToken>;
  /**
   * Listens to the active alerts; without it there is no level index, and every window is
   * published with every read (tests, benchmarks). Returns a function that stops listening.
   */
  watchAlerts?(watcher: AlertWatcher): () => void;
  saveLevels?(summary: LevelSummary): Promise<void>;
}
