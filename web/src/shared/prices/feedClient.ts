/**
 * The app's live-price connection (the spec's live-feed transitions): one socket to the relay, the domain codec for
 * every frame, and the spec's states and texts. The socket factory and target are injected, so the
 * whole state machine runs in tests against a fake socket.
 *
 * Its state is one value, a status and the text every price cell shows, emitted whole on every
 * change: the top pairs, the rows and the create screen's panel all read it, so no screen can stay
 * in 'error' while another shows prices. A tick is proof the feed works, so it
 * ends an error (a provider's type 7/9 on a socket that stays subscribed has no type 0 after it).
 */
import {
  NORMAL_CLOSE_CODE,
  RECONNECT_DELAY_MS,
  RELAY_DISPLACED_REASON,
  RELAY_RECONNECT_REASON,
  type CurrencyPair,
} from '@price-alerts/domain/common';
import {
  encodeCandlesRequest,
  encodeSubscribe,
  parseFeedFrame,
  type CandlesRequest,
  type FeedSession,
} from '@price-alerts/domain/prices';
import { TOAST } from '@price-alerts/domain/copy';
import type { SocketTarget } from '../../lib/priceSocket';
import type { FeedDeps, FeedState, FeedStatus, PriceText, SocketLike } from './feedTypes';

const CONNECTING = 0;
const OPEN = 1;
/**
 * A relay closes a socket the planned way after 40 to 50 minutes, or at once when it shuts down (a
 * redeploy or a scale-in), so a socket just opened on a relay that is going may be closed within
 * seconds, and the next one too. Such quick planned closes are followed quietly, after a short pause,
 * QUICK_PLANNED_LIMIT times in a row; past that the relays are misbehaving, and the app says
 * 'Offline' and retries with backoff rather than loop.
 */
const PLANNED_CLOSE_MIN_MS = 30_000;
const QUICK_PLANNED_LIMIT = 2;
const QUICK_PLANNED_DELAY_MS = 500;

export class FeedClient {
  #socket: SocketLike | undefined;
  #session: FeedSession | null = null;
  /** What is subscribed: the base pairs and every followed set. */
  #pairs: CurrencyPair[] = [];
  #base: CurrencyPair[] = [];
  readonly #followed = new Set<CurrencyPair[]>();
  /** The charts on screen: each one's history is asked for on every subscription (a reconnect, a resync). */
  readonly #charts = new Set<CandlesRequest>();
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = true;
  #state: FeedState = { status: 'disconnected', text: '-' };
  /**
   * The provider error last toasted. While the upstream is down the relay answers every subscription
   * with it, and every screen that follows a pair re-subscribes: the same outage is told once, not
   * after each toast's expiry, until a tick shows the feed recovered (or the feed is closed).
   */
  #toldError: string | undefined;
  /** Reconnecting after a relay's planned close: the screen keeps its prices until the new subscription. */
  #quiet = false;
  /** When the current socket opened: planned closes soon after, again and again, are no plan. */
  #openedAt = 0;
  /** Planned closes in a row that came within PLANNED_CLOSE_MIN_MS of their socket's opening. */
  #quickPlanned = 0;
  /** Another page of the account took this one's place at the relay: it comes back when looked at. */
  #displaced = false;

  constructor(private readonly deps: FeedDeps) {}

  get pairs(): readonly CurrencyPair[] {
    return this.#pairs;
  }

  /** Opens the socket, unless one is already open or connecting (then only the pairs change). */
  async connect(pairs: readonly CurrencyPair[] = this.#base): Promise<void> {
    this.#stopped = false;
    this.#displaced = false;
    this.setPairs(pairs);
    const state = this.#socket?.readyState;
    if (state === OPEN || state === CONNECTING) return;
    clearTimeout(this.#timer);
    if (!this.#online()) {
      this.#quiet = false;
      this.#set('disconnected', 'Offline');
      return;
    }
    if (!this.#quiet) this.#set('connecting', 'Loading...');
    let target: SocketTarget | null;
    try {
      target = await this.deps.target();
    } catch {
      this.#quiet = false;
      // Closed meanwhile (a sign-out: no user left to ask a token for): nothing failed that was wanted.
      if (!this.#stopped) this.#fail(TOAST.websocketConnection);
      return;
    }
    if (this.#stopped || this.#socket) return;
    // Signed out before the screens closed the feed: nothing failed, and there is nothing to show.
    if (!target) {
      this.#quiet = false;
      this.#set('disconnected', '-');
      return;
    }
    const socket = this.deps.open(target);
    this.#socket = socket;
    socket.onopen = () => {
      this.#openedAt = Date.now();
      this.#attempt = 0;
      if (!this.#quiet) this.#set('connected', 'Loading...');
      socket.send(encodeSubscribe(this.#pairs));
    };
    socket.onmessage = (event) => this.#onFrame(String(event.data));
    socket.onerror = () => {
      this.#quiet = false;
      this.#fail(TOAST.websocketConnection);
    };
    socket.onclose = (event) => this.#onClose(socket, event.code, event.reason);
  }

  /** The pairs the app always follows (the top pairs); an open socket re-subscribes at once. */
  setPairs(pairs: readonly CurrencyPair[]): void {
    this.#base = [...pairs];
    this.#resubscribe();
  }

  /**
   * Follows more pairs while a screen needs them (the create panel's pair, the picker's list, the
   * alerts' rows); the returned function lets go. Screens come and go in any order, so the
   * subscription is always the union of what is followed, never the last screen's wish.
   */
  follow(pairs: readonly CurrencyPair[]): () => void {
    const entry = [...pairs];
    this.#followed.add(entry);
    this.#resubscribe();
    return () => {
      this.#followed.delete(entry);
      this.#resubscribe();
    };
  }

  /**
   * A chart's history, asked for now when the relay has answered a subscription and again after each
   * later one (a reconnect lands on a relay that may hold more), until the returned function lets go.
   * The answer arrives as a `candles` event; the chart folds the live ticks into it meanwhile.
   */
  watchCandles(request: CandlesRequest): () => void {
    const entry = { ...request };
    this.#charts.add(entry);
    if (this.#session && this.#socket?.readyState === OPEN) this.#socket.send(encodeCandlesRequest(entry));
    return () => void this.#charts.delete(entry);
  }

  #resubscribe(): void {
    const next = [...new Set([...this.#base, ...[...this.#followed].flat()])];
    const changed = next.join() !== this.#pairs.join();
    this.#pairs = next;
    if (changed && this.#socket?.readyState === OPEN) this.#socket.send(encodeSubscribe(this.#pairs));
  }

  /** A deliberate close: prices show '-'. */
  close(): void {
    this.#shutDown('-');
  }

  /** The device lost its network: show Offline now and wait for `connect` when it is back. */
  offline(): void {
    this.#shutDown('Offline');
  }

  #shutDown(text: PriceText): void {
    this.#stopped = true;
    this.#quiet = false;
    this.#toldError = undefined;
    // No socket, no session: a chart asking meanwhile waits for the next socket's answer.
    this.#session = null;
    clearTimeout(this.#timer);
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket) {
      // A socket closed before it opened fails with an error event: that one is ours, not the feed's.
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close(NORMAL_CLOSE_CODE);
    }
    this.#set('disconnected', text);
  }

  /** Connects again if another page of the account had taken this one's socket: the page is looked at again. */
  resumeIfDisplaced(): void {
    if (this.#displaced && !this.#stopped) void this.connect();
  }

  /** Closes the socket and opens a new one after 100 ms. */
  reconnect(): void {
    this.close();
    this.#stopped = false;
    this.#timer = setTimeout(() => void this.connect(), RECONNECT_DELAY_MS);
  }

  #online(): boolean {
    return this.deps.isOnline?.() ?? true;
  }

  #set(status: FeedStatus, text: PriceText | null): void {
    if (status === this.#state.status && text === this.#state.text) return;
    this.#state = { status, text };
    this.deps.events.state(this.#state);
  }

  /** A failed connection; without a network that is no news: the close that follows says Offline. */
  #fail(message: string): void {
    if (message === TOAST.websocketConnection && !this.#online()) {
      if (!this.#socket) this.#set('disconnected', 'Offline');
      return;
    }
    this.#set('error', 'Error');
    this.deps.events.toast(message);
  }

  #onFrame(frame: string): void {
    for (const message of parseFeedFrame(frame, this.#session)) {
      if (message.type === 'subscribed') {
        this.#session = message.session;
        this.#quiet = false;
        // Every answer: a new socket's, a resync after an outage (whose gap the candles now show), and a relay's
        // first after its feed came (it answered with nothing before). A small message per chart on screen.
        for (const chart of this.#charts) this.#socket?.send(encodeCandlesRequest(chart));
        // After an error, prices wait for their tick ('Loading...'); otherwise nothing on screen changes.
        this.#set('subscribed', this.#state.text === 'Error' ? 'Loading...' : this.#state.text);
      } else if (message.type === 'tick' && message.tick.pair) {
        const { ask, bid, timestamp } = message.tick;
        this.#set('subscribed', null);
        this.#toldError = undefined;
        this.deps.events.tick(message.tick.pair, { ask, bid, timestamp });
      } else if (message.type === 'day' && message.pair) {
        this.deps.events.day(message.pair, message.day);
      } else if (message.type === 'candles' && message.pair) {
        this.deps.events.candles(message.pair, message.candles);
      } else if (message.type === 'error') {
        const told = this.#toldError === message.error;
        this.#toldError = message.error;
        if (told) this.#set('error', 'Error');
        else this.#fail(TOAST.websocketError(message.error));
      } else if (message.type === 'invalid') {
        console.warn('Skipped a malformed price frame:', message.reason);
      }
    }
  }

  #onClose(socket: SocketLike, code: number, reason: string): void {
    if (this.#socket !== socket) return;
    this.#socket = undefined;
    this.#session = null;
    if (this.#stopped) return;
    const quick = Date.now() - this.#openedAt < PLANNED_CLOSE_MIN_MS;
    if (!quick) this.#quickPlanned = 0;
    const planned = reason === RELAY_RECONNECT_REASON && (!quick || this.#quickPlanned < QUICK_PLANNED_LIMIT);
    if (code === NORMAL_CLOSE_CODE && planned && this.#online()) {
      // A relay's planned close: back to whichever relay answers, with nothing shown.
      this.#quiet = true;
      if (!quick) void this.connect();
      else {
        this.#quickPlanned += 1;
        this.#timer = setTimeout(() => void this.connect(), QUICK_PLANNED_DELAY_MS);
      }
      return;
    }
    this.#quiet = false;
    if (code === NORMAL_CLOSE_CODE && reason !== RELAY_RECONNECT_REASON) {
      // Connecting again at once would close the other page's socket in turn, for ever.
      this.#displaced = reason === RELAY_DISPLACED_REASON;
      this.#set('disconnected', '-');
      return;
    }
    this.#set('disconnected', 'Offline');
    // Without a network, retrying only fails: 'online' brings the caller back to connect.
    if (!this.#online()) return;
    // 4001: the ID token expired or was refused; the next attempt fetches a fresh one.
    const delay = this.deps.retryDelay?.(this.#attempt) ?? Math.min(30_000, 1_000 * 2 ** this.#attempt);
    this.#attempt += 1;
    this.#timer = setTimeout(() => void this.connect(), delay);
  }
}
