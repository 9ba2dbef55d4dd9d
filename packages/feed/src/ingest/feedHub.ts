/**
 * The ingest service's side of the relay feed (domain relayFeed.ts): each price relay holds one
 * WebSocket here, authenticated with RELAY_FEED_KEY, and gets a hello (latest ticks, days, the
 * outage state, the charts' candles), then every tick and every upstream notice. A relay sends one
 * message back, once a connection: its candles the hello lacked, merged into the ingest's book. The
 * ingest's load grows with the relays, a handful, never with the phones they serve. A relay that
 * stops reading is cut off, not buffered for: it reconnects and starts from a fresh hello.
 */
import { type CurrencyPair } from '@price-alerts/domain/common';
import {
  FEED_PING_MS,
  MAX_FEED_CANDLES_BYTES,
  RELAY_FEED_KEY_PATTERN,
  RELAY_FEED_PATH,
  RELAY_FEED_PROTOCOL,
  parseRelayCandles,
  readPairHistories,
  tokenFromProtocols,
  type RelayFeedMessage,
} from '@price-alerts/domain/prices';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Logger } from '../shared/log.ts';
import type { PairDays } from '../shared/pairDays.ts';
import type { CandleBook } from '../shared/pairCandles.ts';
import type { PricedTick } from '../shared/pricedTick.ts';
import type { NoticeTarget } from '../upstream/upstreamNotices.ts';

/** A relay this far behind (bytes queued) is cut off: it would only serve old prices. */
const MAX_QUEUED_BYTES = 16 << 20;

export interface FeedHubOptions {
  key: string;
  log: Logger;
  /** The days the ingest folds from every tick, sent to each relay as it connects. */
  days: PairDays;
  /**
   * The candles the ingest folds from every tick and read back at start, sent likewise; each relay's
   * candles the hello lacked are merged into it.
   */
  candles: CandleBook;
  pingMs?: number;
}

/** What one relay's connection has sent: its one candles message, and whether a bad frame was logged. */
interface Heard {
  candles: boolean;
  complained: boolean;
}

const sameKey = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

export class FeedHub implements NoticeTarget {
  readonly #options: FeedHubOptions;
  readonly #wss = new WebSocketServer({
    noServer: true,
    // A relay's candles, bounded by their schema whatever it holds; a larger frame closes its socket (1009).
    maxPayload: MAX_FEED_CANDLES_BYTES,
    handleProtocols: (protocols) => (protocols.has(RELAY_FEED_PROTOCOL) ? RELAY_FEED_PROTOCOL : false),
  });
  readonly #relays = new Set<WebSocket>();
  readonly #ping: NodeJS.Timeout;
  readonly #latest = new Map<CurrencyPair, PricedTick>();
  #outage: string | null = null;
  cutOff = 0;
  /** Relays' candles merged (one message a connection at most), and relays' frames ignored. */
  candlesMerged = 0;
  badFrames = 0;

  constructor(options: FeedHubOptions) {
    // An empty key would let in a relay offering none: refuse to start rather than serve the feed open.
    if (!RELAY_FEED_KEY_PATTERN.test(options.key))
      throw new Error('The relay feed key must be 16 to 256 letters, digits or ._~-');
    this.#options = options;
    this.#ping = setInterval(() => {
      for (const ws of this.#relays) ws.ping();
    }, options.pingMs ?? FEED_PING_MS);
  }

  get relayCount(): number {
    return this.#relays.size;
  }

  /** Whether this upgrade is for the feed; the caller hands every other path to the app relay. */
  static handles(req: IncomingMessage): boolean {
    return (req.url ?? '/').split('?')[0] === RELAY_FEED_PATH;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!sameKey(tokenFromProtocols(req.headers['sec-websocket-protocol']), this.#options.key)) {
      this.#options.log.warn('Relay feed refused a connection without the key');
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws));
  }

  #accept(ws: WebSocket): void {
    ws.on('error', (error) => this.#options.log.warn('Relay feed socket error', { error: error.message }));
    ws.on('close', () => this.#relays.delete(ws));
    const heard: Heard = { candles: false, complained: false };
    ws.on('message', (data, isBinary) => this.#heard(data, isBinary, heard));
    this.#relays.add(ws);
    const days = [...this.#latest.keys()].flatMap((pair) => this.#options.days.message(pair) ?? []);
    const ticks = [...this.#latest.values()].map(wireTick);
    const candles = this.#options.candles.snapshot();
    this.#send(ws, { type: 'hello', ticks, days, outage: this.#outage, candles, takesCandles: true });
    this.#options.log.info('Relay connected to the feed', { relays: this.#relays.size });
  }

  /**
   * A relay's one message: its candles the hello lacked, what it folded while this ingest was away (a
   * redeploy's overlap, a crash), merged into the book (its gaps filled, highs and lows widened) so the
   * hellos of relays that connect later, and the history stored at a graceful stop, hold them. Sent on to
   * no one: the relays connected already keep their own. Anything else, or a second one on the
   * connection, changes nothing, is counted, and is logged once a connection.
   */
  #heard(data: RawData, isBinary: boolean, heard: Heard): void {
    const parsed = isBinary
      ? { ok: false as const, reason: 'binary' }
      : heard.candles
        ? { ok: false as const, reason: 'candles sent twice on one connection' }
        : parseRelayCandles(String(data));
    if (!parsed.ok) {
      this.badFrames += 1;
      if (!heard.complained) this.#options.log.warn('Relay feed ignored a relay’s message', { reason: parsed.reason });
      heard.complained = true;
      return;
    }
    heard.candles = true;
    // Each pair read on its own: one that does not parse is skipped, the rest merged.
    const { histories, skipped } = readPairHistories(parsed.message.candles);
    if (skipped.length) this.#options.log.warn('Relay feed skipped pairs of a relay’s candles', { skipped });
    try {
      for (const { pair, candles } of histories) this.#options.candles.merge(pair, candles);
      this.candlesMerged += 1;
      this.#options.log.info('Merged a relay’s candles', { pairs: histories.length });
    } catch (error) {
      // Whatever a relay sends, the ingest serves on.
      this.badFrames += 1;
      this.#options.log.warn('Relay feed could not merge a relay’s candles', { error: String(error) });
    }
  }

  #send(ws: WebSocket, message: RelayFeedMessage | string): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_QUEUED_BYTES) {
      this.cutOff += 1;
      this.#options.log.warn('Relay feed cut off a relay that does not read', { queued: ws.bufferedAmount });
      ws.terminate();
      this.#relays.delete(ws);
      return;
    }
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Encoded once, whatever the number of relays. */
  #toAll(message: RelayFeedMessage): void {
    const text = JSON.stringify(message);
    for (const ws of this.#relays) this.#send(ws, text);
  }

  publish(tick: PricedTick): void {
    this.#latest.set(tick.pair, tick);
    if (this.#relays.size) this.#toAll({ type: 'ticks', ticks: [wireTick(tick)] });
  }

  broadcast(message: string): void {
    this.#toAll({ type: 'broadcast', message });
  }

  setOutage(message: string | undefined): void {
    this.#outage = message ?? null;
    this.#toAll({ type: 'outage', message: this.#outage });
  }

  resync(): void {
    this.#toAll({ type: 'resync' });
  }

  async close(): Promise<void> {
    clearInterval(this.#ping);
    for (const ws of this.#relays) ws.close(1001, 'Ingest shutting down');
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}

const wireTick = (t: PricedTick) => ({ pair: t.pair, ask: t.ask, bid: t.bid, timestamp: t.timestamp });

/** Upstream notices to the app relay in this process and to the relays on the feed alike. */
export function noticeTargets(...targets: NoticeTarget[]): NoticeTarget {
  return {
    broadcast: (message) => targets.forEach((t) => t.broadcast(message)),
    setOutage: (message) => targets.forEach((t) => t.setOutage(message)),
    resync: () => targets.forEach((t) => t.resync()),
  };
}
