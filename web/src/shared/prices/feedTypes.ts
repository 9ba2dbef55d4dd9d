/** What the live-price connection (feedClient.ts) shows, and what it is given to reach the relay. */
import type { CurrencyPair } from '@price-alerts/domain/common';
import type { CandlesMessage, PairDay } from '@price-alerts/domain/prices';
import type { LivePrice } from '@price-alerts/domain/store';
import type { SocketTarget } from '../../lib/priceSocket';

export type FeedStatus = 'disconnected' | 'connecting' | 'connected' | 'subscribed' | 'error';
export type PriceText = 'Loading...' | 'Error' | 'Offline' | '-';

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

export interface FeedState {
  status: FeedStatus;
  /** When set, every pair shows this text instead of its price. */
  text: PriceText | null;
}

export interface FeedEvents {
  state(state: FeedState): void;
  tick(pair: CurrencyPair, price: LivePrice): void;
  /** A pair's trading day and last hour, sent by the relay as it answers a subscription. */
  day(pair: CurrencyPair, day: PairDay): void;
  /** A chart's candles, the relay's answer to a request (FeedClient.watchCandles). */
  candles(pair: CurrencyPair, message: CandlesMessage): void;
  toast(message: string): void;
}

export interface FeedDeps {
  open(target: SocketTarget): SocketLike;
  /**
   * Where to connect, with the user's token; null when no one is signed in any more. Signing out
   * ends the session before the screens let go of the feed, so a connect under way can find no user.
   */
  target(): Promise<SocketTarget | null>;
  events: FeedEvents;
  /** Auto-reconnect delays after an abnormal close: 1 s doubling to 30 s. */
  retryDelay?: (attempt: number) => number;
  /**
   * Whether the device has a network. Without one the feed says Offline, opens no socket and
   * toasts nothing (the app's offline banner says it); the caller connects again on 'online'.
   */
  isOnline?: () => boolean;
}
