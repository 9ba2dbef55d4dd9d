/**
 * The ingest service: one upstream connection; ticks go to the relay at once and into the
 * aggregator. Of its closed windows, those that can fire or re-arm an alert are published as
 * signed interval messages (gate.ts), and a window is cut at the tick that reaches an armed
 * alert's trigger rather than at its end; each pair's latest price is written every `latestEveryMs`
 * when it moved, for the scheduled evaluator, and the level summary when the levels changed and
 * once a minute.
 */
import { CURRENCY_PAIRS, type CurrencyPair } from '@price-alerts/domain/common';
import { type IntervalMessage } from '@price-alerts/domain/prices';
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aggregator } from './aggregator.ts';
import { seedFromStore } from './pairMoves.ts';
import { FeedHub, noticeTargets } from './feedHub.ts';
import { Gate, chunks } from './gate.ts';
import type { IngestConfig, IngestSinks } from './ingestConfig.ts';
import { LatestPrices } from './latestPrices.ts';
import { loadHistory, saveHistory } from './priceHistory.ts';
import type { Logger } from '../shared/log.ts';
import { Relay } from '../relay/relay.ts';
import { STALE_MS, stalePairs } from './staleness.ts';
import { UpstreamClient } from '../upstream/upstream.ts';
import { UpstreamNotices } from '../upstream/upstreamNotices.ts';

/** A ready level index's summary is written at least this often (levelSummary.ts: SUMMARY_MAX_AGE_MS). */
const SUMMARY_HEARTBEAT_MS = 60_000;

export type { AlertWatcher, IngestConfig, IngestSinks } from './ingestConfig.ts';

export class IngestService {
  readonly upstream: UpstreamClient;
  readonly relay: Relay;
  readonly aggregator: Aggregator;
  readonly notices: UpstreamNotices;
  readonly feed: FeedHub | undefined;
  readonly #server: Server;
  readonly #config: IngestConfig;
  readonly #sinks: IngestSinks;
  readonly #log: Logger;
  #windowTimer: NodeJS.Timeout | undefined;
  #summaryTimer: NodeJS.Timeout | undefined;
  #stopWatching: (() => void) | undefined;
  readonly gate = new Gate();
  readonly #latest: LatestPrices;
  /** Per pair, the grid window last cut early: at most one early cut a pair a window. */
  readonly #cutIn = new Map<CurrencyPair, number>();
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
    this.aggregator = new Aggregator(config.windowMs, config.source, this.#now);
    this.#latest = new LatestPrices(config.latestEveryMs ?? 20_000, (prices) => sinks.saveLatest(prices), log);
    this.relay = new Relay({
      verifyToken: sinks.verifyToken,
      heartbeatMs: config.relayHeartbeatMs,
      log,
      ...config.relay,
    });
    this.upstream = new UpstreamClient({ ...config, url: config.upstreamUrl, pairs: CURRENCY_PAIRS, log });
    const { days, candles } = this.relay;
    this.feed = config.feedKey ? new FeedHub({ key: config.feedKey, log, days, candles }) : undefined;
    const targets = this.feed ? noticeTargets(this.relay, this.feed) : this.relay;
    this.notices = new UpstreamNotices({ relay: targets, graceMs: config.upstreamGraceMs ?? 5_000, log });
    this.upstream.onTick = (tick) => {
      this.relay.publish(tick);
      this.feed?.publish(tick);
      this.aggregator.add(tick);
      this.#cutEarly(tick.pair, tick.timestamp);
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
    this.#server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
      // A reset during the handshake must not become an unhandled 'error' event.
      socket.on('error', () => socket.destroy());
      if (this.feed && FeedHub.handles(req)) this.feed.handleUpgrade(req, socket, head);
      else if (config.appSockets ?? true) this.relay.handleUpgrade(req, socket, head);
      else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    });
  }

  static async start(config: IngestConfig, sinks: IngestSinks, log: Logger): Promise<IngestService> {
    const service = new IngestService(config, sinks, log);
    // Each pair's moves start from where its stored latest price stood (pairMoves.ts).
    await seedFromStore(
      sinks.loadLatest,
      (price, moves) => service.aggregator.seedMoves(price.pair, moves, price),
      log,
    );
    // Before the first relay's hello: it carries the history on.
    await loadHistory(sinks.loadHistory, service.relay.candles, log);
    await new Promise<void>((resolve) => service.#server.listen(config.port, config.host, resolve));
    service.#watchAlerts();
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
        relays: this.feed?.relayCount ?? 0,
        published: this.published,
        messages: this.messages,
        closedSlowClients: this.relay.closedForBackpressure,
        publishFailures: this.publishFailures,
        futureTicks: this.aggregator.futureTicks,
        gate: { ready: this.gate.ready, alerts: this.gate.alerts, ...this.gate.counts },
        upstreamDownSince: downSince,
        outageAnnounced,
        stale: stalePairs(this.#lastTickAt, this.#now(), this.#startedAt, this.#config.staleMs ?? STALE_MS),
      }),
    );
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** Feeds the gate from the alert listener; a snapshot's late alerts have their windows published again. */
  #watchAlerts(): void {
    const { watchAlerts, saveLevels } = this.#sinks;
    if (!watchAlerts) return;
    this.#stopWatching = watchAlerts({
      reset: () => this.gate.reset(),
      changes: (changes, snapshot) => {
        const again = this.gate.apply(changes, snapshot);
        if (again.length) void this.#publish(again);
      },
    });
    if (!saveLevels) return;
    const every = this.#config.summaryEveryMs ?? 5_000;
    // The levels as last written, and when: a change that moves no bound (most firings) writes
    // nothing, but a ready index writes at least once a minute, so a summary older than that tells
    // the scheduled check the index is not being kept (levelSummary.ts, SUMMARY_MAX_AGE_MS).
    let written = '';
    let writtenAt = -Infinity;
    const save = async () => {
      const now = this.#now();
      const due = this.gate.dirty || now - writtenAt >= SUMMARY_HEARTBEAT_MS;
      const summary = due ? this.gate.summary(now) : undefined;
      const levels = summary && JSON.stringify({ ...summary, asOf: 0 });
      if (summary && (levels !== written || now - writtenAt >= SUMMARY_HEARTBEAT_MS)) {
        try {
          await saveLevels(summary);
          [written, writtenAt] = [levels ?? '', now];
        } catch (error) {
          this.gate.markDirty();
          this.#log.error('Saving the level summary failed', { error: String(error) });
        }
      }
      this.#summaryTimer = setTimeout(() => void save(), every);
    };
    this.#summaryTimer = setTimeout(() => void save(), every);
  }

  /**
   * At each window's end, the closed windows (also of pairs that stopped ticking mid-window) that
   * the gate lets through, in one message; the only other messages are the gate's catch-ups.
   */
  #scheduleWindow(): void {
    const { windowMs } = this.#config;
    const wait = windowMs - (Date.now() % windowMs) + 5;
    this.#windowTimer = setTimeout(() => {
      const closed = this.aggregator.flush(Date.now());
      if (closed.length) this.#emit(closed);
      this.#scheduleWindow();
    }, wait);
  }

  /**
   * A window that already reaches an armed alert's trigger is closed and published at the tick
   * that reached it, not at the window's end: up to a window sooner. Once a window, so the ticks
   * that follow, while the listener has not yet told the index the alert fired, cost nothing more.
   */
  #cutEarly(pair: CurrencyPair, at: number): void {
    if (!this.gate.ready || this.#cutIn.get(pair) === this.aggregator.windowStart(at)) return;
    const open = this.aggregator.peek(pair);
    const grid = open && this.aggregator.windowStart(open.start);
    if (!open || this.#cutIn.get(pair) === grid || !this.gate.reaches(open)) return;
    this.#cutIn.set(pair, grid as number);
    this.#emit(this.aggregator.cut(pair));
  }

  #emit(closed: IntervalMessage[]): void {
    this.#latest.windows(closed);
    const selected = this.gate.select(closed);
    if (selected.length) void this.#publish(selected);
  }

  async #publish(messages: IntervalMessage[]): Promise<void> {
    if (messages.length > 500) {
      await Promise.all(chunks(messages).map((batch) => this.#publish(batch)));
      return;
    }
    try {
      await this.#sinks.publishIntervals(messages);
      this.published += messages.length;
      this.messages += 1;
    } catch (error) {
      this.publishFailures += messages.length;
      this.gate.unpublished(messages);
      this.#log.error('Publishing intervals failed', { error: String(error), count: messages.length });
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.#windowTimer);
    clearTimeout(this.#summaryTimer);
    this.#latest.stop();
    this.#stopWatching?.();
    this.upstream.stop();
    // No tick comes after the upstream's stop: the history written is all of it.
    const saved = saveHistory(this.#sinks.saveHistory, this.relay.candles, this.#log);
    await Promise.all([saved, this.relay.close(), this.feed?.close()]);
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
