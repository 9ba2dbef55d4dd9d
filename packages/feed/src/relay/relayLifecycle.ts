/**
 * The parts of a relay socket's life around its serving (relay.ts): the token check it opens with, the
 * sweep that checks every open socket's token again, and the drain that closes them all when the relay
 * stops.
 */
import { encodeError, tokenFromProtocols } from '@price-alerts/domain/prices';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, type WebSocketServer } from 'ws';
import type { Logger } from '../shared/log.ts';
import type { Client } from './relayClient.ts';
import { CLOSE, TokenCheckUnavailable, type RelayOptions, type VerifiedToken } from './relayOptions.ts';

/**
 * A new socket's token, checked. The client subscribes as soon as the socket opens, which is before its
 * token is verified: what it sends meanwhile (a few messages; past `messageBurst` it is closed) is held
 * and handed back rather than lost. A refused token is answered with type 9 and close 4001.
 */
export async function verifySocket(
  socket: WebSocket,
  token: string,
  options: Pick<Required<RelayOptions>, 'verifyToken' | 'log' | 'messageBurst'>,
): Promise<{ verified: VerifiedToken; early: string[] } | undefined> {
  const early: string[] = [];
  const hold = (data: unknown) => {
    if (early.length >= options.messageBurst) socket.close(CLOSE.policy, 'Too many messages');
    else early.push(String(data));
  };
  socket.on('message', hold);
  try {
    return { verified: await options.verifyToken(token), early };
  } catch (error) {
    options.log.warn('Relay refused a client', { error: error instanceof Error ? error.message : String(error) });
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(encodeError('9', 'Invalid or expired token'));
      socket.close(CLOSE.unauthorized, 'Unauthorized');
    }
    return undefined;
  } finally {
    socket.off('message', hold);
  }
}

/**
 * Every open socket's token again, each user's account state asked for once (appTokens.ts), and
 * `revoked` for those whose token no longer holds. Auth not answering is no verdict: kept.
 */
export function sweepTokens(
  clients: Iterable<Client>,
  verifyToken: RelayOptions['verifyToken'],
  log: Logger,
  revoked: (client: Client) => void,
): void {
  const since = Date.now();
  for (const client of clients) {
    verifyToken(client.token, since).catch((error: unknown) => {
      if (error instanceof TokenCheckUnavailable) {
        log.warn('Relay could not recheck a token; keeps the socket until the next sweep', {
          uid: client.uid,
          error: error.message,
        });
        return;
      }
      log.warn('Relay cut off a client whose token no longer holds', {
        uid: client.uid,
        error: error instanceof Error ? error.message : String(error),
      });
      revoked(client);
    });
  }
}

/**
 * Closes every socket with `close`, each at its own moment within `drainMs` (ticks keep flowing to
 * those still open meanwhile), then stops the server.
 */
export async function drainSockets(
  clients: readonly Client[],
  drainMs: number,
  close: (client: Client) => void,
  wss: WebSocketServer,
): Promise<void> {
  await Promise.all(
    clients.map(async (client) => {
      for (const timer of client.timers) clearTimeout(timer);
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * drainMs));
      close(client);
    }),
  );
  // A phone gone silent never answers the closing handshake, and ws would wait 30 s for it: past
  // the 10 s Cloud Run gives. A second after the drain, what is still open is cut.
  const cut = setTimeout(() => wss.clients.forEach((socket) => socket.terminate()), 1_000);
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  clearTimeout(cut);
}

/**
 * Whether an upgrade is an app's on the relay's path: its token (possibly empty, refused later) when it is;
 * undefined when the socket was answered here, with a 503 while the relay closes, or closed off its path.
 */
export function admitUpgrade(req: IncomingMessage, socket: Duplex, path: string, closing: boolean): string | undefined {
  if (closing) {
    socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
    return undefined;
  }
  // Not `new URL(req.url)`: a request target such as `//` or `http://[` makes it throw, and a
  // throw here would end the process. The path is what precedes the query.
  if ((req.url ?? '/').split('?')[0] !== path) {
    socket.destroy();
    return undefined;
  }
  return tokenFromProtocols(req.headers['sec-websocket-protocol']);
}
