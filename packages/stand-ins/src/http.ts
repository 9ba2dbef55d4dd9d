/** What the two sinks share: an answer, a listening server, and the page each lists what it kept on. */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export function send(res: ServerResponse, status: number, body?: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
}

/** Listens on `port` (0: any free one) and answers its URL and how to close it. */
export async function listen(server: Server, port: number, host: string) {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A sink's page: its title with the count, a line on what lands there, and the items (HTML, escaped by the caller). */
export function sinkPage(title: string, intro: string, items: readonly string[], empty: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} (${items.length})</title>
<style>body{font:16px system-ui,sans-serif;margin:1rem auto;max-width:46rem;padding:0 1rem;color:#1b1f24}
article{border:1px solid #d0d7de;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.1rem}
.meta{color:#57606a;font-size:.9rem;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body><h1>${title}</h1>
<p>${intro}</p>
${items.join('\n') || `<p>${empty}</p>`}
</body></html>`;
}
