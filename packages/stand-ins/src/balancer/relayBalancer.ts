/**
 * The local stand-in for Cloud Run's load balancer in front of the price relays: one address for the
 * app, each WebSocket upgrade handed whole to the next relay in turn. A relay that refuses the
 * connection (dead, restarting) is skipped for the next, so an app reconnecting after a relay died
 * lands on one that lives. It reads nothing of what passes: bytes are piped both ways.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RelayBalancer {
  port: number;
  close(): Promise<void>;
}

/** The request line and headers again, as the relay must see them. */
function requestHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function open(port: number, host: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** A connection that has not sent its whole upgrade request by then is dropped, as Cloud Run's front end does. */
export const HANDSHAKE_TIMEOUT_MS = 5_000;

export async function startRelayBalancer(options: {
  port: number;
  host: string;
  relays: number[];
  relayHost?: string;
  handshakeMs?: number;
}): Promise<RelayBalancer> {
  const relayHost = options.relayHost ?? '127.0.0.1';
  const handshakeMs = options.handshakeMs ?? HANDSHAKE_TIMEOUT_MS;
  let next = 0;
  const live = new Set<Duplex>();
  // Each connection has this long to send its whole request; a trickle of header bytes, or none,
  // would otherwise hold a socket open for a minute (Node's own header timeout).
  const handshakes = new Map<Socket, NodeJS.Timeout>();
  const handshaken = (socket: Duplex) => {
    clearTimeout(handshakes.get(socket as Socket));
    handshakes.delete(socket as Socket);
  };
  const server: Server = createServer((req, res) => {
    handshaken(req.socket);
    // One answer a connection, then it is closed: a second request on it would have no handshake timer.
    res.on('finish', () => req.socket.destroy());
    res
      .writeHead(200, { 'content-type': 'application/json', connection: 'close' })
      .end(JSON.stringify({ relays: options.relays }));
  });
  server.on('connection', (socket: Socket) => {
    handshakes.set(
      socket,
      setTimeout(() => socket.destroy(), handshakeMs),
    );
    socket.once('close', () => handshaken(socket));
  });
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    handshaken(client);
    client.on('error', () => client.destroy());
    live.add(client);
    client.on('close', () => live.delete(client));
    void (async () => {
      for (let tried = 0; tried < options.relays.length; tried++) {
        const port = options.relays[next % options.relays.length] as number;
        next += 1;
        const relay = await open(port, relayHost).catch(() => undefined);
        if (!relay) continue;
        if (client.destroyed) return void relay.destroy();
        relay.on('error', () => client.destroy());
        relay.on('close', () => client.destroy());
        client.on('close', () => relay.destroy());
        relay.write(requestHead(req));
        if (head.length) relay.write(head);
        relay.pipe(client);
        client.pipe(relay);
        return;
      }
      client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of live) socket.destroy();
        server.close(() => resolve());
        // Connections that never sent a whole request are not in `live`, and would hold close() open.
        server.closeAllConnections();
      }),
  };
}
