/**
 * The one connection to the rate provider. It subscribes to every pair on open, parses frames with
 * the domain codec (a bad frame is logged and skipped), reconnects with exponential backoff and
 * jitter after any close, and treats a feed that says nothing for `silentMs` as dead.
 */
import { type CurrencyPair } from '@price-alerts/domain/common';
import { encodeSubscribe, parseFeedFrame, type FeedSession } from '@price-alerts/domain/prices';
import { WebSocket } from 'ws';
import type { Logger } from '../shared/log.ts';
import type { PricedTick } from '../shared/pricedTick.ts';

export type UpstreamStatus = 'connecting' | 'subscribed' | 'disconnected' | 'stopped';

export interface UpstreamOptions {
  url: string;
  pairs: readonly CurrencyPair[];
  silentMs: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
  log: Logger;
  random?: () => number;
}

export type { PricedTick };

export class UpstreamClient {
  readonly #options: UpstreamOptions;
  #socket: WebSocket | undefined;
  #session: FeedSession | null = null;
  #attempt = 0;
  #retry: NodeJS.Timeout | undefined;
  #watchdog: NodeJS.Timeout | undefined;
  #status: UpstreamStatus = 'disconnected';
  lastMessageAt = 0;
  reconnects = 0;
  onTick: (tick: PricedTick) => void = () => {};
  onStatus: (status: UpstreamStatus) => void = () => {};
  /** A type 7 or 9 frame from the provider, so the relay can pass it on to the app. */
  onError: (code: '7' | '9', error: string) => void = () => {};

  constructor(options: UpstreamOptions) {
    this.#options = options;
  }

  get status(): UpstreamStatus {
    return this.#status;
  }

  start(): void {
    if (this.#status === 'stopped' || this.#socket) return;
    this.#connect();
  }

  stop(): void {
    this.#setStatus('stopped');
    clearTimeout(this.#retry);
    clearTimeout(this.#watchdog);
    this.#socket?.close(1000);
    this.#socket = undefined;
  }

  /** The delay before reconnect attempt n: exponential, capped, with half of it random. */
  backoff(attempt: number): number {
    const { initialBackoffMs, maxBackoffMs, random = Math.random } = this.#options;
    const ceiling = Math.min(maxBackoffMs, initialBackoffMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  }

  #setStatus(status: UpstreamStatus): void {
    if (this.#status === status || (this.#status === 'stopped' && status !== 'stopped')) return;
    this.#status = status;
    this.onStatus(status);
  }

  #connect(): void {
    this.#setStatus('connecting');
    this.#session = null;
    const socket = new WebSocket(this.#options.url);
    this.#socket = socket;
    this.#touch();
    socket.on('open', () => socket.send(encodeSubscribe(this.#options.pairs)));
    socket.on('message', (data) => this.#onFrame(data.toString()));
    socket.on('error', (error) => this.#options.log.warn('Upstream socket error', { error: error.message }));
    socket.on('close', (code, reason) => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      clearTimeout(this.#watchdog);
      if (this.#status === 'stopped') return;
      this.#setStatus('disconnected');
      const delay = this.backoff(this.#attempt++);
      this.#options.log.warn('Upstream closed; reconnecting', { code, reason: reason.toString(), delayMs: delay });
      this.#retry = setTimeout(() => {
        this.reconnects += 1;
        this.#connect();
      }, delay);
    });
  }

  #touch(): void {
    this.lastMessageAt = Date.now();
    clearTimeout(this.#watchdog);
    this.#watchdog = setTimeout(() => {
      this.#options.log.warn('Upstream silent; reconnecting', { silentMs: this.#options.silentMs });
      this.#socket?.terminate();
    }, this.#options.silentMs);
  }

  #onFrame(frame: string): void {
    this.#touch();
    for (const message of parseFeedFrame(frame, this.#session)) {
      switch (message.type) {
        case 'subscribed':
          this.#session = message.session;
          this.#attempt = 0;
          this.#setStatus('subscribed');
          break;
        case 'tick':
          if (message.tick.pair) this.onTick(message.tick as PricedTick);
          else this.#options.log.warn('Tick for an unknown symbol skipped', { symbol: message.tick.symbol });
          break;
        case 'error':
          this.#options.log.error('Upstream error message', { code: message.code, error: message.error });
          this.onError(message.code, message.error);
          break;
        case 'invalid':
          this.#options.log.warn('Malformed upstream frame skipped', { reason: message.reason, raw: message.raw });
          break;
        case 'heartbeat':
          break;
        case 'day':
        case 'candles':
          // The relay's own messages: a provider has no business sending them.
          break;
      }
    }
  }
}
