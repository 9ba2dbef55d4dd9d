/**
 * The app's price socket: the provider's protocol, but each socket is authenticated with the user's
 * Firebase ID token (offered as a `bearer.` subprotocol, never in the URL) instead of the provider's
 * key, which never leaves the server. One shared session start lets each tick be encoded once and
 * sent to every subscriber. Nothing a client sends may take this process down: every socket has its
 * error handler before anything is awaited, and payload size, queued bytes, message rate and each
 * account's requests for candles are bounded.
 */
import {
  RELAY_DISPLACED_REASON,
  RELAY_RECONNECT_REASON,
  pairToSymbol,
  type CurrencyPair,
} from '@price-alerts/domain/common';
import { HEARTBEAT, RELAY_PROTOCOL, encodeError, encodeSubscribed, encodeTick } from '@price-alerts/domain/prices';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { PairDays } from '../shared/pairDays.ts';
import { CandleBook } from '../shared/pairCandles.ts';
import { AccountSockets, conflatedFrame, newClient, relaySession, resubscribe, type Client } from './relayClient.ts';
import { CANDLES_REQUEST_ERROR, CandleAnswers, readChartRequest } from './candleRequests.ts';
import { RateLimit } from '../shared/rateLimit.ts';
import { admitUpgrade, drainSockets, sweepTokens, verifySocket } from './relayLifecycle.ts';
import { CLOSE, RELAY_DEFAULTS, type RelayOptions } from './relayOptions.ts';
import type { PricedTick } from '../shared/pricedTick.ts';

export { CLOSE, type RelayOptions, type VerifiedToken } from './relayOptions.ts';

export class Relay {
  readonly #options: Required<RelayOptions>;
  readonly #wss: WebSocketServer;
  readonly #clients = new Set<Client>();
  readonly #accounts: AccountSockets;
  /** Each account's requests for candles, shared by its sockets (RelayOptions.candleRequestBurst). */
  readonly #candleAnswers: CandleAnswers;
  readonly #latest = new Map<CurrencyPair, PricedTick>();
  readonly days = new PairDays();
  readonly candles = new CandleBook();
  readonly #startTime = Date.now();
  readonly #tickSession = relaySession(this.#startTime, []);
  readonly #timers: NodeJS.Timeout[];
  readonly #pending = new Map<CurrencyPair, string>();
  /** The error frame every new subscription ends with while the upstream is down (upstreamNotices.ts). */
  #outage: string | undefined;
  #resyncDue = false;
  #closing = false;
  skippedForBackpressure = 0;
  closedForBackpressure = 0;

  constructor(options: RelayOptions) {
    this.#options = { ...RELAY_DEFAULTS, ...options };
    this.#accounts = new AccountSockets(this.#options.maxSocketsPerUser);
    const { candleRequestBurst, candleRequestsPerSecond, log } = this.#options;
    this.#candleAnswers = new CandleAnswers(candleRequestBurst, candleRequestsPerSecond, log);
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: this.#options.maxPayload,
      // Answer with our protocol only: echoing the bearer entry would send the token back.
      handleProtocols: (protocols) => (protocols.has(RELAY_PROTOCOL) ? RELAY_PROTOCOL : false),
    });
    this.#timers = [
      setInterval(() => this.#sendPending(), this.#options.flushMs),
      setInterval(() => this.broadcast(HEARTBEAT), this.#options.heartbeatMs),
      setInterval(
        () =>
          sweepTokens(this.#clients, this.#options.verifyToken, this.#options.log, (client) => {
            if (this.#clients.has(client)) this.#refuse(client, 'Token revoked');
          }),
        this.#options.recheckMs,
      ),
    ];
  }

  /** Requests for candles dropped over their account's budget (candleRequests.ts). */
  get droppedCandleRequests(): number {
    return this.#candleAnswers.dropped;
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  /** Takes over WebSocket upgrades on the relay path of an HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A reset during the handshake must not become an unhandled 'error' event.
      socket.on('error', () => socket.destroy());
      this.handleUpgrade(req, socket, head);
    });
  }

  /** One upgrade: on the relay path, an app client; on any other, the socket is closed (relayLifecycle.ts). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const token = admitUpgrade(req, socket, this.#options.path, this.#closing);
    if (token !== undefined) this.#wss.handleUpgrade(req, socket, head, (ws) => void this.#accept(ws, token));
  }

  async #accept(socket: WebSocket, token: string): Promise<void> {
    // Before anything is awaited: a malformed frame makes ws emit 'error', and with no listener
    // that event would end the process.
    socket.on('error', (error) => this.#options.log.warn('Relay client error', { error: error.message }));
    const admitted = await verifySocket(socket, token, this.#options);
    if (!admitted) return;
    const { verified, early } = admitted;
    // It closed (or was closed for flooding) while its token was checked: nothing to keep.
    if (socket.readyState !== WebSocket.OPEN) return;
    // The relay began closing meanwhile: this one goes the planned way too, or close() would wait for it.
    if (this.#closing) return void socket.close(CLOSE.normal, RELAY_RECONNECT_REASON);
    const client = newClient(socket, verified, token, this.#options.dayResendMs);
    this.#clients.add(client);
    this.#admit(client);
    socket.on('close', () => this.#drop(client));
    const lifetime = this.#options.socketLifetimeMs;
    if (lifetime > 0)
      client.timers.push(setTimeout(() => this.#rotate(client), lifetime * (0.8 + 0.2 * Math.random())));
    // When the ID token expires the client must come back with a fresh one. (A delay past 2^31 ms
    // would fire at once; Firebase's tokens last an hour, a fake's may not.)
    const untilExpiry = Math.min(2 ** 31 - 1, Math.max(0, verified.exp * 1000 - Date.now()));
    client.timers.push(setTimeout(() => this.#refuse(client, 'Token expired'), untilExpiry));
    const limit = new RateLimit(this.#options.messageBurst, this.#options.messagesPerSecond);
    let cut = false;
    socket.on('message', (data) => {
      // Past the limit the socket is closing, but its messages keep coming until it answers the close (up
      // to ws's 30 s): they are ignored, and the close is said and logged once.
      if (cut) return;
      if (!limit.take()) {
        cut = true;
        this.#options.log.warn('Relay closed a client sending too many messages', { uid: client.uid });
        this.#send(client, encodeError('7', 'Too many messages'));
        socket.close(CLOSE.policy, 'Too many messages');
        return;
      }
      this.#onMessage(client, String(data));
    });
    for (const message of early) if (limit.take()) this.#onMessage(client, message);
  }

  /** A planned close: the app reconnects at once, to any relay, and shows nothing of it. */
  #rotate(client: Client): void {
    client.socket.close(CLOSE.normal, RELAY_RECONNECT_REASON);
  }

  /** Counts the account's sockets; past the limit its oldest is closed, normally, saying why. */
  #admit(client: Client): void {
    const oldest = this.#accounts.admit(client);
    if (!oldest) return;
    this.#options.log.info('Relay closed the oldest socket of an account over its limit', { uid: client.uid });
    this.#drop(oldest);
    oldest.socket.close(CLOSE.normal, RELAY_DISPLACED_REASON);
  }

  #drop(client: Client): void {
    for (const timer of client.timers) clearTimeout(timer);
    client.days.stop();
    this.#clients.delete(client);
    this.#accounts.remove(client);
  }

  #refuse(client: Client, reason: string): void {
    this.#send(client, encodeError('9', reason));
    client.socket.close(CLOSE.unauthorized, reason);
  }

  /** Sends unless the client has stopped reading; such a client is closed, not buffered for. */
  #send(client: Client, data: string): void {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > this.#options.maxQueuedBytes) {
      this.#closeSlow(client, 'queued bytes over the limit');
      return;
    }
    socket.send(data);
  }

  #closeSlow(client: Client, why: string): void {
    this.closedForBackpressure += 1;
    this.#options.log.warn('Relay closed a client that does not read', { uid: client.uid, why });
    // terminate, not close: a closing handshake would queue behind what it never read.
    client.socket.terminate();
    this.#drop(client);
  }

  /** A chart's request for candles is answered at once from the book; any other message is a subscription. */
  #onMessage(client: Client, raw: string): void {
    const request = readChartRequest(raw);
    if (request === undefined) this.#onSubscribe(client, raw);
    else if (request === 'invalid') this.#send(client, encodeError('7', CANDLES_REQUEST_ERROR));
    else {
      const answer = this.#candleAnswers.answer(client, this.candles, request);
      if (answer !== undefined) this.#send(client, answer);
    }
  }

  #onSubscribe(client: Client, raw: string): void {
    const result = resubscribe(client, raw, (pair) => (this.#pending.has(pair) ? undefined : this.days.revision(pair)));
    if ('error' in result) this.#send(client, encodeError('7', result.error));
    else this.#answer(client, result.known);
  }

  /**
   * Type 0, then for each followed pair its day (type 3, when the client lacks it: socketDays.ts) and
   * its latest tick, stamped with its own time. While the upstream is down the outage error comes last:
   * type 0 and a tick would otherwise make the app show a frozen price as live.
   */
  #answer(client: Client, known: ReadonlySet<CurrencyPair> = new Set()): void {
    client.subscribed = true;
    this.#send(client, encodeSubscribed(relaySession(this.#startTime, [...client.pairs])));
    const now = Date.now();
    for (const pair of client.pairs) {
      if (!known.has(pair)) this.#sendDay(client, pair, now);
      const latest = this.#latest.get(pair);
      if (latest) this.#send(client, this.#encode(latest));
    }
    if (this.#outage) this.#send(client, this.#outage);
    client.days.schedule(now, (due) => {
      for (const pair of due) if (client.pairs.has(pair)) this.#sendDay(client, pair, Date.now());
    });
  }

  #sendDay(client: Client, pair: CurrencyPair, now: number): void {
    const day = this.days.message(pair);
    if (day && client.days.take(pair, this.days.revision(pair), now)) this.#send(client, day);
  }

  /** Sends a protocol message (an upstream error or the outage notice) to every signed-in client. */
  broadcast(message: string): void {
    for (const client of this.#clients) this.#send(client, message);
  }

  /** While set, every subscription is answered with this error last; undefined once the upstream is back. Returns whether it changed. */
  setOutage(message: string | undefined): boolean {
    const changed = message !== this.#outage;
    this.#outage = message;
    return changed;
  }

  /**
   * The upstream is back after clients were told otherwise: at the next flush every subscribed
   * client gets what a fresh subscription gets (type 0, then each pair's day and latest tick), which
   * takes the app out of 'Error', and days the outage left stale are replaced. Waiting for the
   * flush lets the upstream's first ticks be the latest.
   */
  resync(): void {
    this.#resyncDue = true;
  }

  #encode(tick: PricedTick): string {
    return encodeTick(this.#tickSession, pairToSymbol(tick.pair), tick.ask, tick.bid, tick.timestamp);
  }

  /** Queues a tick for the next flush; a newer tick of the same pair replaces it. */
  publish(tick: PricedTick): void {
    this.#latest.set(tick.pair, tick);
    this.days.add(tick);
    this.candles.add(tick);
    this.#pending.set(tick.pair, this.#encode(tick));
  }

  #sendPending(): void {
    if (this.#resyncDue) {
      this.#resyncDue = false;
      this.#pending.clear();
      for (const client of this.#clients) if (client.subscribed) this.#answer(client);
      return;
    }
    if (this.#pending.size === 0) return;
    const frames = new Map<string, string>();
    const now = Date.now();
    for (const client of this.#clients) {
      const frame = conflatedFrame(client, this.#pending, frames);
      if (!frame) continue;
      if (client.socket.bufferedAmount > this.#options.maxBufferedBytes) {
        this.skippedForBackpressure += 1;
        client.stalledSince ||= now;
        if (now - client.stalledSince > this.#options.stallMs) this.#closeSlow(client, 'stalled');
        continue;
      }
      client.stalledSince = 0;
      this.#send(client, frame);
    }
    this.#pending.clear();
  }

  /**
   * Closes every app socket the planned way, spread over `drainMs`, then stops. New sockets are
   * refused from the start.
   */
  async close(): Promise<void> {
    this.#closing = true;
    // Flushes and heartbeats go on through the drain: the apps still open keep live prices.
    await drainSockets([...this.#clients], this.#options.drainMs, (client) => this.#rotate(client), this.#wss);
    for (const timer of this.#timers) clearInterval(timer);
  }
}
