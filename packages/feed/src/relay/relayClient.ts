/**
 * One signed-in socket of the relay (relay.ts) and what the relay remembers of it between messages:
 * whom it belongs to, what it follows, and how far it keeps up.
 */
import type { CurrencyPair } from '@price-alerts/domain/common';
import { parseSubscribe, type FeedSession } from '@price-alerts/domain/prices';
import type { WebSocket } from 'ws';
import type { VerifiedToken } from './relayOptions.ts';
import { SocketDays } from './socketDays.ts';

export interface Client {
  socket: WebSocket;
  uid: string;
  token: string;
  pairs: Set<CurrencyPair>;
  /** The pairs as a sorted key, so clients following the same pairs share one encoded frame. */
  key: string;
  timers: NodeJS.Timeout[];
  /** When this client started skipping ticks for backpressure; 0 while it keeps up. */
  stalledSince: number;
  /** It has been answered with type 0, so a resync (type 0 again) is news it can take. */
  subscribed: boolean;
  /** The days it holds, so a re-subscribe sends only those it lacks. */
  days: SocketDays;
  /** A request of its was dropped over its account's budget for candles: logged once a socket. */
  overCandleBudget: boolean;
}

export function newClient(socket: WebSocket, verified: VerifiedToken, token: string, dayResendMs?: number): Client {
  return {
    socket,
    uid: verified.uid,
    token,
    pairs: new Set(),
    key: '',
    timers: [],
    stalledSince: 0,
    subscribed: false,
    days: new SocketDays(dayResendMs),
    overCandleBudget: false,
  };
}

/** Each account's open sockets, oldest first (a Set keeps insertion order), at most `max` of them. */
export class AccountSockets {
  readonly #byUser = new Map<string, Set<Client>>();

  constructor(readonly max: number) {}

  /** Counts `client` in; past the limit, hands back the account's oldest socket (no longer counted) to close. */
  admit(client: Client): Client | undefined {
    const mine = this.#byUser.get(client.uid) ?? new Set<Client>();
    this.#byUser.set(client.uid, mine.add(client));
    if (mine.size <= this.max) return undefined;
    const [oldest] = mine;
    if (oldest) this.remove(oldest);
    return oldest;
  }

  remove(client: Client): void {
    const mine = this.#byUser.get(client.uid);
    mine?.delete(client);
    if (mine?.size === 0) this.#byUser.delete(client.uid);
  }
}

/**
 * A subscription from the client: it follows its pairs from now on, and what it stops following keeps
 * the day it holds (`revisionOf`: the relay's day now, unless a tick is still on its way to it). Answers the pairs it followed before, once answered
 * (it holds their days, kept current by their ticks), or what was wrong with the message.
 */
export function resubscribe(
  client: Client,
  raw: string,
  revisionOf: (pair: CurrencyPair) => number | undefined,
): { known: ReadonlySet<CurrencyPair> } | { error: string } {
  const parsed = parseSubscribe(raw);
  if (!parsed.ok) return { error: `Invalid subscription: ${parsed.reason}` };
  const known = client.subscribed ? client.pairs : new Set<CurrencyPair>();
  client.pairs = new Set(parsed.pairs);
  client.key = [...client.pairs].sort().join(',');
  client.days.left(
    [...known].filter((pair) => !client.pairs.has(pair)),
    revisionOf,
  );
  return { known };
}

/**
 * The one frame `client` gets at a flush: the pending ticks of the pairs it follows, built once per set
 * of pairs (`built`, by the client's key) and shared by every client following the same set.
 */
export function conflatedFrame(
  client: Client,
  pending: ReadonlyMap<CurrencyPair, string>,
  built: Map<string, string>,
): string {
  let frame = built.get(client.key);
  if (frame === undefined) {
    frame = [...client.pairs]
      .map((pair) => pending.get(pair))
      .filter((t) => t !== undefined)
      .join('\n');
    built.set(client.key, frame);
  }
  return frame;
}

/** The session frame (type 0) the relay answers a subscription with; ticks are stamped from `startTime`. */
export function relaySession(startTime: number, pairs: readonly CurrencyPair[]): FeedSession {
  return {
    mapping: {},
    order: ['name', 'ask', 'bid', 'time'],
    startTime,
    timeMult: 1000,
    sessionUid: `relay-${Math.random().toString(36).slice(2, 10)}-${pairs.length}`,
  };
}
