/**
 * The ingest service: one upstream connection; ticks go to the relay at once and into the
 * aggregator, whose closed windows are published as interval messages (for the evaluator) and
 * written as the latest price per pair (for the scheduled evaluator), once per window.
 */
import { CURRENCY_PAIRS, type CurrencyPair, type IntervalMessage, type PriceDocument } from '@price-alerts/domain';
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aggregator } from './aggregator.ts';
import type { Logger } from './log.ts';
import { Relay, type RelayOptions, type VerifiedToken } from './relay.ts';
import { STALE_MS, stalePairs } from './staleness.ts';
import { UpstreamClient } from './upstream.ts';
import { UpstreamNotices } from './upstreamNotices.ts';

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
}

export interface IngestSinks {
  publishIntervals(messages: IntervalMessage[]): Promise<void>;
  saveLatest(prices: PriceDocument[]): Promise<void>;
  verifyToken(token: string): Promise<VerifiedToken>;
}

export class IngestService {
  readonly upstream: UpstreamClient;
  readonly relay: Relay;
  readonly aggregator: Aggregator;
  readonly notices: UpstreamNotices;
  readonly #server: Server;
  readonly #config: IngestConfig;
  readonly #sinks: IngestSinks;
  readonly #log: Logger;
  #windowTimer: NodeJS.Timeout | undefined;
  /** Latest prices waiting to be written, newest per pair, and whether a write is in flight. */
  readonly #latest = new Map<string, PriceDocument>();
  #saving = false;
  /** Each pair's newest tick time, and when the service started (the age of a pair never seen). */
  readonly #lastTickAt = new Map<CurrencyPair, number>();
  readonly #startedAt: number;
  readonly #now: () => number;
  /** Intervals published, and the messages that carried them (one per window). */
  published = 0;
  messages = 0;
  publishFailures = 0;

  private constructor(config: IngestConfig, sinks: IngestSinks, log: Logger) {
    this.#config = config;
    this.#sinks = sinks;
    this.#log = log;
    this.#now = config.now ?? Date.now;
    this.#startedAt = this.#now();
    this.aggregator = new Aggregator(config.windowMs, config.source);
    this.relay = new Relay({
      verifyToken: sinks.verifyToken,
      heartbeatMs: config.relayHeartbeatMs,
      log,
      ...config.relay,
    });
    this.upstream = new UpstreamClient({ ...config, url: config.upstreamUrl, pairs: CURRENCY_PAIRS, log });
    this.notices = new UpstreamNotices({ relay: this.relay, graceMs: config.upstreamGraceMs ?? 5_000, log });
    this.upstream.onTick = (tick) => {
      this.relay.publish(tick);
      this.aggregator.add(tick);
      this.#lastTickAt.set(tick.pair, Math.max(tick.timestamp, this.#lastTickAt.get(tick.pair) ?? 0));
    };
    this.upstream.onStatus = (status) => {
      log.info('Upstream status', { status });
      this.notices.status(status);
    };
    this.upstream.onError = (code, error) => this.notices.error(code, error);
    this.#server = createServer((req, res) => {
      if (req.url === '/health') return this.#health(res);
      res.writeHead(404).end();
    });
    this.relay.attach(this.#server);
  }

  static async start(config: IngestConfig, sinks: IngestSinks, log: Logger): Promise<IngestService> {
    const service = new IngestService(config, sinks, log);
    await new Promise<void>((resolve) => service.#server.listen(config.port, config.host, resolve));
    service.upstream.start();
    service.#scheduleWindow();
    return service;
  }

  /** 200 while subscribed upstream, 503 otherwise; a stale pair is reported but does not fail it. */
  #health(res: ServerResponse): void {
    const healthy = this.upstream.status === 'subscribed';
    const { downSince, outageAnnounced } = this.notices.state;
    res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        upstream: this.upstream.status,
        lastMessageAt: this.upstream.lastMessageAt,
        reconnects: this.upstream.reconnects,
        clients: this.relay.clientCount,
        published: this.published,
        messages: this.messages,
        closedSlowClients: this.relay.closedForBackpressure,
        publishFailures: this.publishFailures,
        upstreamDownSince: downSince,
        outageAnnounced,
        stale: stalePairs(this.#lastTickAt, this.#now(), this.#startedAt, this.#config.staleMs ?? STALE_MS),
      }),
    );
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /**
   * The only publisher: at each window's end, one message with every pair's closed window (also for
   * pairs that stopped ticking mid-window).
   */
  #scheduleWindow(): void {
    const { windowMs } = this.#config;
    const wait = windowMs - (Date.now() % windowMs) + 5;
    this.#windowTimer = setTimeout(() => {
      const closed = this.aggregator.flush(Date.now());
      if (closed.length) void this.#emit(closed);
      this.#scheduleWindow();
    }, wait);
  }

  async #emit(closed: IntervalMessage[]): Promise<void> {
    for (const m of closed) {
      const seen = this.#latest.get(m.pair);
      if (!seen || seen.timestamp < m.lastAt)
        this.#latest.set(m.pair, { pair: m.pair, ask: m.ask.last, bid: m.bid.last, timestamp: m.lastAt });
    }
    if (!this.#saving) void this.#saveLatest();
    try {
      await this.#sinks.publishIntervals(closed);
      this.published += closed.length;
      this.messages += 1;
    } catch (error) {
      this.publishFailures += closed.length;
      this.#log.error('Publishing intervals failed', { error: String(error), count: closed.length });
    }
  }

  /**
   * One write of the latest prices at a time, always the newest: two writes in flight could land
   * out of order (a new client's first commit is slow) and leave an older price stored.
   */
  async #saveLatest(): Promise<void> {
    this.#saving = true;
    while (this.#latest.size) {
      const prices = [...this.#latest.values()];
      this.#latest.clear();
      try {
        await this.#sinks.saveLatest(prices);
      } catch (error) {
        this.#log.error('Saving latest prices failed', { error: String(error) });
      }
    }
    this.#saving = false;
  }

  async close(): Promise<void> {
    clearTimeout(this.#windowTimer);
    this.upstream.stop();
    await this.relay.close();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
