/**
 * The local and test upstream: a WebSocket server that speaks the rate provider's protocol
 * exactly (API key in the query string, type 0 after the subscribe message, type 1 ticks, type 2
 * heartbeats, type 7/9 errors), with prices from the seeded PriceEngine. Tests and demos steer it
 * through `control` (or the HTTP control routes in controlRoutes.ts).
 *
 * With `marketHours` on, FX and metals stop ticking while their market is closed (marketHours.ts in
 * the domain) and open with a gap; crypto always ticks. Off by default: the browser tests expect every
 * pair to tick whatever day they run (the app says 'Market closed' on its own clock either way; see
 * priceStatus.ts in the domain).
 */
import { pairToSymbol, type CurrencyPair } from '@price-alerts/domain/common';
import {
  HEARTBEAT,
  encodeError,
  encodeSubscribed,
  encodeTick,
  parseSubscribe,
  type FeedSession,
} from '@price-alerts/domain/prices';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { handleControl } from './controlRoutes.ts';
import { MarketClock, type ClockSetting, type ClockState } from './marketClock.ts';
import { PriceEngine, type Quote } from './priceEngine.ts';

export interface SimulatorOptions {
  apiKey: string;
  port?: number;
  host?: string;
  seed?: number;
  /** How often every subscribed pair ticks. */
  tickIntervalMs?: number;
  heartbeatMs?: number;
  /** The wall clock that stamps ticks; tests inject a controlled one. */
  now?: () => number;
  /** Stop FX and metals outside market hours (off: every pair always ticks). */
  marketHours?: boolean;
  /** The largest move at a market's open, in percent (the gap is between half of it and all of it). */
  openGapPercent?: number;
}

export interface SilenceState {
  /** The whole feed is silent. */
  silent: boolean;
  /** Pairs that do not tick while the feed does. */
  stalled: CurrencyPair[];
}

interface Client {
  socket: WebSocket;
  session: FeedSession | null;
  names: Map<CurrencyPair, string>;
}

export class Simulator {
  readonly engine: PriceEngine;
  readonly clock: MarketClock;
  readonly #server: Server;
  readonly #wss: WebSocketServer;
  readonly #clients = new Set<Client>();
  readonly #options: Required<SimulatorOptions>;
  #timers: NodeJS.Timeout[] = [];
  #silent = false;
  /** Pairs that stop ticking while the rest of the feed carries on (a provider's missing pair). */
  readonly #stalled = new Set<CurrencyPair>();

  private constructor(options: Required<SimulatorOptions>) {
    this.#options = options;
    this.engine = new PriceEngine(options.seed);
    this.clock = new MarketClock(options.now, options.marketHours);
    this.#server = createServer((req, res) => handleControl(this, req, res));
    this.#wss = new WebSocketServer({ server: this.#server });
    this.#wss.on('connection', (socket, req) => this.#accept(socket, req.url ?? '/'));
  }

  static async start(options: SimulatorOptions): Promise<Simulator> {
    const sim = new Simulator({
      port: 0,
      host: '127.0.0.1',
      seed: 1,
      tickIntervalMs: 250,
      heartbeatMs: 5_000,
      now: Date.now,
      marketHours: false,
      openGapPercent: 0.3,
      // An option given as undefined takes its default rather than erasing it.
      ...(Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as SimulatorOptions),
    });
    await new Promise<void>((resolve) => sim.#server.listen(sim.#options.port, sim.#options.host, resolve));
    sim.#timers = [
      setInterval(() => sim.tick(), sim.#options.tickIntervalMs),
      setInterval(() => sim.#broadcast(() => HEARTBEAT), sim.#options.heartbeatMs),
    ];
    return sim;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** The upstream URL a client connects to, with the given (default: the right) key. */
  url(apiKey = this.#options.apiKey): string {
    return `ws://${this.#options.host}:${this.port}/?api_key=${encodeURIComponent(apiKey)}`;
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  #accept(socket: WebSocket, path: string): void {
    const key = new URL(path, 'http://simulator').searchParams.get('api_key');
    if (key !== this.#options.apiKey) {
      socket.send(encodeError('9', 'Invalid API key'));
      socket.close(4001, 'Invalid API key');
      return;
    }
    const client: Client = { socket, session: null, names: new Map() };
    this.#clients.add(client);
    socket.on('close', () => this.#clients.delete(client));
    socket.on('error', () => this.#clients.delete(client));
    socket.on('message', (data) => this.#onSubscribe(client, data.toString()));
  }

  #onSubscribe(client: Client, raw: string): void {
    const parsed = parseSubscribe(raw);
    if (!parsed.ok) {
      client.socket.send(encodeError('7', `Invalid subscription: ${parsed.reason}`));
      return;
    }
    // Short names in ticks, spelled out by the mapping, as the real service does.
    client.names = new Map(parsed.pairs.map((pair, i) => [pair, String(i)]));
    client.session = {
      mapping: Object.fromEntries(parsed.pairs.map((pair, i) => [String(i), pairToSymbol(pair)])),
      order: ['name', 'ask', 'bid', 'time'],
      startTime: this.clock.wallNow(),
      timeMult: 1000,
      sessionUid: `sim-${Math.random().toString(36).slice(2, 10)}`,
    };
    client.socket.send(encodeSubscribed(client.session));
    // A closed market's last price comes with its own time, as a real provider's snapshot does, so it
    // is never taken for a price from now.
    for (const pair of parsed.pairs) {
      const at = this.clock.isOpen(pair) ? this.clock.wallNow() : this.clock.lastPriceStamp(pair);
      this.#send(client, pair, this.engine.quote(pair), at);
    }
  }

  #send(client: Client, pair: CurrencyPair, quote: Quote, at = this.clock.wallNow()): void {
    const name = client.names.get(pair);
    if (!client.session || name === undefined || client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(encodeTick(client.session, name, quote.ask, quote.bid, at));
  }

  #broadcast(message: (client: Client) => string | undefined): void {
    if (this.#silent) return;
    for (const client of this.#clients) {
      const text = message(client);
      if (text !== undefined && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    }
  }

  subscribedPairs(): Set<CurrencyPair> {
    const pairs = new Set<CurrencyPair>();
    for (const client of this.#clients) for (const pair of client.names.keys()) pairs.add(pair);
    return pairs;
  }

  /** Every subscribed pair whose market is open moves one step; a market just opened gaps first. */
  tick(): void {
    if (this.#silent) return;
    const status = this.clock.advance();
    for (const [pair, state] of status) {
      if (state === 'reopened' && this.#options.openGapPercent > 0) this.engine.gap(pair, this.#options.openGapPercent);
    }
    for (const pair of this.subscribedPairs()) {
      if (status.get(pair) !== 'closed' && !this.#stalled.has(pair)) this.publish(pair, this.engine.step(pair));
    }
  }

  /** Moves the market clock or turns market hours on or off (POST /control/clock). */
  setClock(setting: ClockSetting): ClockState {
    return this.clock.set(setting);
  }

  /** Sends a quote for the pair to every client subscribed to it, now. */
  publish(pair: CurrencyPair, quote: Quote): void {
    for (const client of this.#clients) this.#send(client, pair, quote);
  }

  forceAsk(pair: CurrencyPair, ask: number): Quote {
    const quote = this.engine.forceAsk(pair, ask);
    this.publish(pair, quote);
    return quote;
  }

  jump(pair: CurrencyPair, percent: number): Quote {
    const quote = this.engine.jump(pair, percent);
    this.publish(pair, quote);
    return quote;
  }

  sendError(code: '7' | '9', error: string): void {
    this.#broadcast(() => encodeError(code, error));
  }

  /** Sends raw text to every client: for malformed-frame tests. */
  sendRaw(text: string): void {
    this.#broadcast(() => text);
  }

  /** Kills every connection without a close frame: clients see an abnormal close (1006). */
  dropAll(): void {
    for (const client of this.#clients) client.socket.terminate();
  }

  /**
   * Without pairs: stops or resumes ticks and heartbeats while keeping sockets open (a silent feed);
   * resuming also ends every stall. With pairs: only those stop or resume ticking, and the feed stays
   * healthy around them, which is how a test makes one pair's price stale without an outage.
   */
  setSilent(silent: boolean, pairs?: readonly CurrencyPair[]): SilenceState {
    if (pairs) for (const pair of pairs) this.#stalled[silent ? 'add' : 'delete'](pair);
    else {
      this.#silent = silent;
      if (!silent) this.#stalled.clear();
    }
    return { silent: this.#silent, stalled: [...this.#stalled] };
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    for (const client of this.#clients) client.socket.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
