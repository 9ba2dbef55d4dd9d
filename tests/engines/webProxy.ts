// The web app seen through a door the walk can shut: a proxy on a port of its own in front of the
// stack's web server. Shut, it drops every connection, as a phone without signal does, so the service
// worker's offline shell is tried the same way in each engine (WebKitWebDriver has no offline switch).
import { request, createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface WebProxy {
  /** The app's address through the proxy (an origin of its own). */
  readonly url: string;
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

export async function startWebProxy(target: string): Promise<WebProxy> {
  const upstream = new URL(target);
  let offline = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    if (offline) {
      req.socket.destroy();
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connection', (socket) => {
    if (offline) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The web proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    setOffline(next) {
      offline = next;
      if (offline) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
