// A webhook receiver on a local socket for the tests: each request is handed over whole (its
// headers and body) with the response to answer it with, as the test decides.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Receiver {
  /** http://127.0.0.1:<port>/hooks */
  url: string;
  close(): Promise<void>;
}

export async function startReceiver(
  answer: (request: { headers: IncomingMessage['headers']; body: string }, res: ServerResponse) => void,
): Promise<Receiver> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => answer({ headers: req.headers, body }, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
