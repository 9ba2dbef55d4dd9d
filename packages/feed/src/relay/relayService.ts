/**
 * A price relay as a service of its own (docs/price-relays.md): app sockets at /prices, served
 * exactly as the ingest service serves them (relay.ts), fed by one WebSocket to the ingest
 * service's /feed (feedHub.ts) instead of the upstream. It keeps nothing a restart would lose: the
 * ingest's hello brings back each pair's latest tick, day, chart candles and outage state. In turn,
 * once a connection, it sends the ingest the candles of its own the hello lacked, so an ingest that
 * restarted has the history again. When the ingest is away longer than the grace, apps are told
 * 'Error' once, as for an upstream outage, and are resynced when it is back.
 */
import { pairToSymbol, symbolToPair } from '@price-alerts/domain/common';
import {
  FEED_PING_MS,
  MAX_FEED_CANDLES_BYTES,
  encodeError,
  parsePairDay,
  parseRelayFeed,
  readPairHistories,
  relayFeedProtocols,
  type PairHistory,
  type RelayCandlesMessage,
  type RelayFeedMessage,
} from '@price-alerts/domain/prices';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { Logger } from '../shared/log.ts';
import { Relay, type RelayOptions } from './relay.ts';
import { OUTAGE_CODE, OUTAGE_ERROR } from '../upstream/upstreamNotices.ts';

export interface RelayServiceConfig {
  /** The ingest service's feed, e.g. ws://127.0.0.1:8091/feed. */
  feedUrl: string;
  feedKey: string;
  port: number;
  host: string;
  heartbeatMs: number;
  relay?: Partial<Omit<RelayOptions, 'verifyToken' | 'log' | 'heartbeatMs'>>;
  /** How long the ingest may be away before apps are told (default 5 s): a reconnect is quicker. */
  feedGraceMs?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the ingest pings (FEED_PING_MS); tests use a short one. */
  feedPingMs?: number;
}

const FEED_LOST = encodeError(OUTAGE_CODE, OUTAGE_ERROR);

export class RelayService {
  readonly relay: Relay;
  readonly #config: RelayServiceConfig;
  readonly #log: Logger;
  readonly #server: Server;
  #feed: WebSocket | undefined;
  #connected = false;
  #attempt = 0;
  #retry: NodeJS.Timeout | undefined;
  #grace: NodeJS.Timeout | undefined;
  /** Apps were told the feed is lost: they are resynced when it is back. */
  #told = false;
  /** A hello has come since the relay started. */
  #fedOnce = false;
  #stopped = false;
  #heardAt = 0;
  #watchdog: NodeJS.Timeout | undefined;
  /** The feed connection the relay's candles went up on: once a connection at most. */
  #candlesSentOn: WebSocket | undefined;
  /** Frames from the ingest that did not parse (a version skew, never a reason to stop). */
  badFrames = 0;

  private constructor(config: RelayServiceConfig, verifyToken: RelayOptions['verifyToken'], log: Logger) {
    this.#config = config;
    this.#log = log;
    this.relay = new Relay({ verifyToken, heartbeatMs: config.heartbeatMs, log, ...config.relay });
    this.#server = createServer((req, res) => {
      if (req.url === '/health') return this.#health(res);
      res.writeHead(404).end();
    });
    this.relay.attach(this.#server);
  }

  /**
   * The ingest pings every FEED_PING_MS: a feed silent for three of them is dead (a network that
   * drops packets closes nothing), and is dropped so the relay reconnects and tells its apps.
   */
  #watch(): void {
    const silentMs = 3 * (this.#config.feedPingMs ?? FEED_PING_MS);
    this.#watchdog = setInterval(() => {
      if (this.#feed && Date.now() - this.#heardAt > silentMs) {
        this.#log.warn('Relay feed silent; reconnecting', { silentMs });
        this.#feed.terminate();
      }
    }, silentMs / 3);
  }

  static async start(
    config: RelayServiceConfig,
    verifyToken: RelayOptions['verifyToken'],
    log: Logger,
  ): Promise<RelayService> {
    const service = new RelayService(config, verifyToken, log);
    await new Promise<void>((resolve, reject) => {
      service.#server.once('error', reject);
      service.#server.listen(config.port, config.host, resolve);
    });
    service.#connect();
    service.#watch();
    return service;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  get connected(): boolean {
    return this.#connected;
  }

  #connect(): void {
    if (this.#stopped) return;
    // A hello is some 25 KB of days and some 600 KB of candles (15 pairs' full books; at most
    // MAX_FEED_CANDLES_BYTES, 1.4 MB, whatever they hold); 4 MiB bounds what a broken feed makes us hold.
    const feed = new WebSocket(this.#config.feedUrl, relayFeedProtocols(this.#config.feedKey), {
      maxPayload: 4 << 20,
    });
    this.#feed = feed;
    this.#heardAt = Date.now();
    feed.on('error', (error) => this.#log.warn('Relay feed error', { error: error.message }));
    feed.on('ping', () => (this.#heardAt = Date.now()));
    feed.on('message', (data) => {
      this.#heardAt = Date.now();
      this.#onFrame(String(data));
    });
    feed.on('close', () => this.#lost(feed));
  }

  #lost(feed: WebSocket): void {
    if (this.#feed !== feed) return;
    this.#feed = undefined;
    this.#connected = false;
    if (this.#stopped) return;
    this.#grace ??= setTimeout(() => {
      this.#log.warn('Relay lost the ingest feed; telling apps');
      this.relay.setOutage(FEED_LOST);
      this.relay.broadcast(FEED_LOST);
      this.#told = true;
    }, this.#config.feedGraceMs ?? 5_000);
    const { initialBackoffMs = 250, maxBackoffMs = 5_000 } = this.#config;
    const delay = Math.min(maxBackoffMs, initialBackoffMs * 2 ** this.#attempt);
    this.#attempt += 1;
    this.#retry = setTimeout(() => this.#connect(), delay);
  }

  #onFrame(data: string): void {
    const parsed = parseRelayFeed(data);
    if (!parsed.ok) {
      this.badFrames += 1;
      this.#log.warn('Relay skipped a feed frame', { reason: parsed.reason });
      return;
    }
    try {
      this.#apply(parsed.message);
    } catch (error) {
      // Whatever a frame holds, the relay serves on: a frame it cannot apply is skipped and counted.
      this.badFrames += 1;
      this.#log.warn('Relay could not apply a feed frame', { error: String(error) });
    }
  }

  #apply(message: RelayFeedMessage): void {
    const relay = this.relay;
    if (message.type === 'hello') {
      // Apps that subscribed before the first hello hold no day; later, a day may have turned or an
      // outage begun or ended while the feed was away, even for less than the grace.
      let changed = !this.#fedOnce;
      this.#fedOnce = true;
      for (const text of message.days) {
        const day = parsePairDay(text.slice(1));
        const pair = day.ok ? symbolToPair(day.symbol) : undefined;
        if (!day.ok || !pair) continue;
        const before = relay.days.get(pair);
        relay.days.set(pair, day.day);
        // The day's start and open, not its minute closes: a missed tick alone is no reason to resync.
        changed ||= before !== undefined && (before.dayStart !== day.day.dayStart || before.open !== day.day.open);
      }
      // Each pair's candles read on its own: one that does not parse is skipped, the rest applied, and the
      // relay is fed all the same.
      const { histories, skipped } = readPairHistories(message.candles ?? []);
      if (skipped.length) this.#log.warn('Relay skipped pairs of the feed’s candles', { skipped });
      // What of the relay's own candles the hello lacks, taken before the merge makes them the same: it
      // goes up to an ingest that takes it, so one that restarted (a redeploy, a crash) fills its gaps.
      const lacking = message.takesCandles ? relay.candles.beyond(histories) : [];
      // The ingest's candles join the relay's own (where both hold a bucket, the relay's open and close
      // with the higher high and the lower low): a new relay gets the history, and one that kept running
      // through an ingest restart keeps what it folded.
      for (const { pair, candles } of histories) relay.candles.merge(pair, candles);
      for (const t of message.ticks) relay.publish({ ...t, symbol: pairToSymbol(t.pair) });
      changed = relay.setOutage(message.outage ?? undefined) || changed;
      clearTimeout(this.#grace);
      this.#grace = undefined;
      this.#connected = true;
      this.#attempt = 0;
      // Told 'Error', or any of the above: every subscribed app gets a fresh answer.
      if (this.#told || changed) {
        this.#told = false;
        relay.resync();
      }
      this.#log.info('Relay connected to the ingest feed');
      if (lacking.length) this.#sendCandles(lacking);
    } else if (message.type === 'ticks') {
      for (const t of message.ticks) relay.publish({ ...t, symbol: pairToSymbol(t.pair) });
    } else if (message.type === 'broadcast') relay.broadcast(message.message);
    else if (message.type === 'outage') relay.setOutage(message.message ?? undefined);
    else relay.resync();
  }

  /**
   * The relay's one message up the feed, once a connection: nothing is sent on a timer, and the ingest
   * sends nothing back for it (it merges them, and only later hellos carry them).
   */
  #sendCandles(candles: PairHistory[]): void {
    const feed = this.#feed;
    if (!feed || this.#candlesSentOn === feed) return;
    this.#candlesSentOn = feed;
    const text = JSON.stringify({ type: 'candles', candles } satisfies RelayCandlesMessage);
    // Never the case while the book holds what its schema bounds; the ingest would close the feed.
    if (text.length > MAX_FEED_CANDLES_BYTES) {
      this.#log.warn('Relay kept its candles: too large to send', { bytes: text.length });
      return;
    }
    feed.send(text, (error) => {
      if (error) this.#log.warn('Relay could not send the ingest its candles', { error: error.message });
    });
    this.#log.info('Relay sent the ingest its candles', { pairs: candles.length, bytes: text.length });
  }

  /** 200 while fed by the ingest, 503 otherwise: for monitoring (an app that comes before the feed is resynced by the first hello). */
  #health(res: ServerResponse): void {
    res.writeHead(this.#connected ? 200 : 503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ feed: this.#connected ? 'connected' : 'connecting', clients: this.relay.clientCount }));
  }

  async close(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    clearTimeout(this.#grace);
    clearInterval(this.#watchdog);
    // No new connections from now: an app reconnecting from this relay's drain is refused outright,
    // so a balancer (Cloud Run's, or the local one) sends it to another relay.
    const stopped = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    // The feed last: ticks keep flowing to the apps still open while the relay drains.
    await this.relay.close();
    this.#feed?.close();
    // A connection that never sent a whole request (a port scan, a half-open upgrade) would hold
    // server.close() open for good: past the drain, nothing left is anyone's app.
    this.#server.closeAllConnections();
    await stopped;
  }
}
