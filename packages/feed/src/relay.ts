/**
 * The app's price socket: the provider's protocol, but each socket is authenticated with the
 * user's Firebase ID token (?token=...) instead of the provider's key, which never leaves the
 * server. One shared session start lets each tick be encoded once and sent to every subscriber.
 */
import {
  HEARTBEAT,
  encodeError,
  encodeSubscribed,
  encodeTick,
  pairToSymbol,
  parseSubscribe,
  type CurrencyPair,
  type FeedSession,
} from '@price-alerts/domain';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from './log.ts';
import type { PricedTick } from './upstream.ts';

export interface VerifiedToken {
  uid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export interface RelayOptions {
  verifyToken: (token: string) => Promise<VerifiedToken>;
  heartbeatMs: number;
  log: Logger;
  path?: string;
  /** A client this far behind (bytes queued) skips ticks until it catches up: prices, not history. */
  maxBufferedBytes?: number;
  /**
   * Ticks are conflated for this long and sent as one frame per client holding the newest tick of
   * each pair it follows: a screen needs the latest price, and one frame instead of one per tick
   * is what lets a single relay serve thousands of phones.
   */
  flushMs?: number;
}

interface Client {
  socket: WebSocket;
  uid: string;
  pairs: Set<CurrencyPair>;
  /** The pairs as a sorted key, so clients following the same pairs share one encoded frame. */
  key: string;
  expiry: NodeJS.Timeout;
}

export class Relay {
  readonly #options: Required<RelayOptions>;
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #clients = new Set<Client>();
  readonly #latest = new Map<CurrencyPair, PricedTick>();
  readonly #startTime = Date.now();
  readonly #tickSession = this.#session([]);
  readonly #heartbeat: NodeJS.Timeout;
  readonly #flush: NodeJS.Timeout;
  readonly #pending = new Map<CurrencyPair, string>();
  skippedForBackpressure = 0;

  constructor(options: RelayOptions) {
    this.#options = { path: '/prices', maxBufferedBytes: 1 << 20, flushMs: 50, ...options };
    this.#flush = setInterval(() => this.#sendPending(), this.#options.flushMs);
    this.#heartbeat = setInterval(() => {
      for (const client of this.#clients) client.socket.send(HEARTBEAT);
    }, this.#options.heartbeatMs);
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  /** Takes over WebSocket upgrades on the relay path of an HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://relay');
      if (url.pathname !== this.#options.path) {
        socket.destroy();
        return;
      }
      this.#wss.handleUpgrade(req, socket, head, (ws) => void this.#accept(ws, url.searchParams.get('token') ?? ''));
    });
  }

  async #accept(socket: WebSocket, token: string): Promise<void> {
    // The client subscribes as soon as the socket opens, which is before its token is verified:
    // hold those messages rather than lose them.
    const early: string[] = [];
    const hold = (data: unknown) => early.push(String(data));
    socket.on('message', hold);
    let verified: VerifiedToken;
    try {
      verified = await this.#options.verifyToken(token);
    } catch (error) {
      this.#options.log.warn('Relay refused a client', {
        error: error instanceof Error ? error.message : String(error),
      });
      socket.send(encodeError('9', 'Invalid or expired token'));
      socket.close(4001, 'Unauthorized');
      return;
    }
    socket.off('message', hold);
    // When the ID token expires the client must come back with a fresh one.
    const expiry = setTimeout(
      () => {
        socket.send(encodeError('9', 'Token expired'));
        socket.close(4001, 'Token expired');
      },
      Math.max(0, verified.exp * 1000 - Date.now()),
    );
    const client: Client = { socket, uid: verified.uid, pairs: new Set(), key: '', expiry };
    this.#clients.add(client);
    const drop = () => {
      clearTimeout(expiry);
      this.#clients.delete(client);
    };
    socket.on('close', drop);
    socket.on('error', drop);
    socket.on('message', (data) => this.#onSubscribe(client, data.toString()));
    for (const message of early) this.#onSubscribe(client, message);
  }

  #session(pairs: readonly CurrencyPair[]): FeedSession {
    return {
      mapping: {},
      order: ['name', 'ask', 'bid', 'time'],
      startTime: this.#startTime,
      timeMult: 1000,
      sessionUid: `relay-${Math.random().toString(36).slice(2, 10)}-${pairs.length}`,
    };
  }

  #onSubscribe(client: Client, raw: string): void {
    const parsed = parseSubscribe(raw);
    if (!parsed.ok) {
      client.socket.send(encodeError('7', `Invalid subscription: ${parsed.reason}`));
      return;
    }
    client.pairs = new Set(parsed.pairs);
    client.key = [...client.pairs].sort().join(',');
    client.socket.send(encodeSubscribed(this.#session(parsed.pairs)));
    for (const pair of parsed.pairs) {
      const latest = this.#latest.get(pair);
      if (latest) client.socket.send(this.#encode(latest));
    }
  }

  #encode(tick: PricedTick): string {
    return encodeTick(this.#tickSession, pairToSymbol(tick.pair), tick.ask, tick.bid, tick.timestamp);
  }

  /** Queues a tick for the next flush; a newer tick of the same pair replaces it. */
  publish(tick: PricedTick): void {
    this.#latest.set(tick.pair, tick);
    this.#pending.set(tick.pair, this.#encode(tick));
  }

  #sendPending(): void {
    if (this.#pending.size === 0) return;
    const frames = new Map<string, string>();
    for (const client of this.#clients) {
      let frame = frames.get(client.key);
      if (frame === undefined) {
        frame = [...client.pairs]
          .map((pair) => this.#pending.get(pair))
          .filter((t) => t !== undefined)
          .join('\n');
        frames.set(client.key, frame);
      }
      if (!frame) continue;
      if (client.socket.bufferedAmount > this.#options.maxBufferedBytes) {
        this.skippedForBackpressure += 1;
        continue;
      }
      client.socket.send(frame);
    }
    this.#pending.clear();
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    clearInterval(this.#flush);
    for (const client of this.#clients) {
      clearTimeout(client.expiry);
      client.socket.close(1001, 'Relay shutting down');
    }
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}
