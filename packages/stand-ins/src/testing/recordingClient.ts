// A feed client for tests: records every parsed message and the close code.
import { parseFeedFrame, type FeedParseResult, type FeedSession } from '@price-alerts/domain/prices';
import { WebSocket } from 'ws';

export interface RecordingClient {
  socket: WebSocket;
  messages: FeedParseResult[];
  closed: Promise<number>;
  /** The close's reason, once closed. */
  closeReason: string;
  /** Resolves with the first recorded message of the type that matches, waiting for it if need be. */
  next<T extends FeedParseResult['type']>(
    type: T,
    match?: (m: Extract<FeedParseResult, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<FeedParseResult, { type: T }>>;
}

export async function recordingClient(
  url: string,
  subscribe?: string,
  headers?: Record<string, string>,
  protocols: string[] = [],
): Promise<RecordingClient> {
  const socket = new WebSocket(url, protocols, headers ? { headers } : undefined);
  const messages: FeedParseResult[] = [];
  const waiters = new Set<() => void>();
  let session: FeedSession | null = null;
  socket.on('message', (data) => {
    for (const result of parseFeedFrame(data.toString(), session)) {
      if (result.type === 'subscribed') session = result.session;
      messages.push(result);
    }
    for (const wake of waiters) wake();
  });
  let closeReason = '';
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code, reason) => {
      closeReason = reason.toString();
      resolve(code);
    }),
  );
  socket.on('error', () => {});
  await new Promise<void>((resolve) => {
    socket.once('open', () => resolve());
    socket.once('close', () => resolve());
  });
  if (subscribe && socket.readyState === WebSocket.OPEN) socket.send(subscribe);

  function next<T extends FeedParseResult['type']>(
    type: T,
    match: (m: Extract<FeedParseResult, { type: T }>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<Extract<FeedParseResult, { type: T }>> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const check = () => {
        for (; seen < messages.length; seen++) {
          const m = messages[seen] as FeedParseResult;
          if (m.type === type && match(m as Extract<FeedParseResult, { type: T }>)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m as Extract<FeedParseResult, { type: T }>);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No ${type} message within ${timeoutMs} ms; got ${messages.map((m) => m.type).join(', ')}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }
  return {
    socket,
    messages,
    closed,
    next,
    get closeReason() {
      return closeReason;
    },
  };
}
