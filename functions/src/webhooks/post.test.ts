// The lookup before a webhook is saved or sent, with a resolver standing in for DNS: it answers the
// checked addresses, refuses a private one, and gives up on a name server that does not answer in time.
// A send to a name with several addresses, on real loopback sockets (127.0.0.2 is loopback too on Linux).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ForbiddenAddress, type Resolve } from './addresses';
import { WebhookTimeout, checkedInTime, postWebhook, targetAddresses } from './post';

const answering =
  (address: string, family = 4): Resolve =>
  async () => [{ address, family }];
const silent: Resolve = () => new Promise(() => undefined);

describe('looking up a webhook host within the time allowed', () => {
  it('answers the checked public address', async () => {
    await expect(checkedInTime('hooks.example.com', 1_000, answering('93.184.216.34'))).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('refuses a name that resolves to a private address', async () => {
    await expect(checkedInTime('hooks.example.com', 1_000, answering('10.0.0.7'))).rejects.toThrow(
      new ForbiddenAddress('10.0.0.7', 'private'),
    );
  });

  it('gives up with WebhookTimeout when the name server does not answer in time', async () => {
    const lookup = checkedInTime('slow.example.com', 50, silent);
    await expect(lookup).rejects.toBeInstanceOf(WebhookTimeout);
    await expect(lookup).rejects.toThrow('no answer within 0.05 s');
  });
});

// The emulators' configuration (functions/.env.local): the production check, with the sink's origin alone let through.
describe('where a webhook may go with the local sink configured', () => {
  const SINK = 'http://127.0.0.1:8096';
  it.each([
    ['the sink itself', 'http://127.0.0.1:8096/hooks', SINK, [{ address: '127.0.0.1', family: 4 }]],
    ['another local port', 'http://127.0.0.1:8097/hooks', SINK, 'http:// is not https://'],
    ['the sink’s port over https', 'https://127.0.0.1:8096/hooks', SINK, '127.0.0.1 is a loopback address'],
    ['a LAN address', 'https://10.0.0.7/hook', SINK, '10.0.0.7 is a private address'],
    ['the metadata server', 'https://169.254.169.254/', SINK, '169.254.169.254 is a link-local address'],
    ['an unspecified address', 'https://0.0.0.0/hook', SINK, '0.0.0.0 is an unspecified address'],
    ['the sink in production', 'http://127.0.0.1:8096/hooks', undefined, 'http:// is not https://'],
  ])('%s', async (_name, url, sink, expected) => {
    const target = targetAddresses(new URL(url), sink, 1_000, () =>
      Promise.reject(new Error('no lookup of a literal')),
    );
    if (typeof expected === 'string') await expect(target).rejects.toThrow(expected);
    else await expect(target).resolves.toEqual(expected);
  });
});

describe('a send to a name with several addresses', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  });
  /** A receiver on `host`, answering as `answer` does; its port, or the one asked for. */
  async function receiver(host: string, answer: Parameters<typeof createServer>[1], port = 0): Promise<number> {
    const server = createServer(answer);
    servers.push(server);
    await new Promise<void>((done) => server.listen(port, host, done));
    return (server.address() as AddressInfo).port;
  }
  const send = (port: number, ...addresses: string[]) =>
    postWebhook(
      `http://hooks.example.test:${port}/in`,
      '{}',
      {},
      {
        localSink: `http://hooks.example.test:${port}`,
        preview: true,
        timeoutMs: 2_000,
        resolve: async () => addresses.map((address) => ({ address, family: 4 })),
      },
    );

  it('tries the next address while connections are refused', async () => {
    const port = await receiver('127.0.0.1', (_req, res) => res.end('ok'));
    // Nothing listens on 127.0.0.2 or 127.0.0.3 at that port: refused, so nothing reached a receiver.
    await expect(send(port, '127.0.0.2', '127.0.0.3', '127.0.0.1')).resolves.toEqual({ status: 200, text: 'ok' });
  });

  it('takes an answer from the first address as the answer, a 503 included', async () => {
    const port = await receiver('127.0.0.1', (_req, res) => res.end('second'));
    await receiver('127.0.0.2', (_req, res) => res.writeHead(503).end('first'), port);
    await expect(send(port, '127.0.0.2', '127.0.0.1')).resolves.toEqual({ status: 503, text: 'first' });
  });

  it('does not try another address once a connection opened, as the receiver may have the request', async () => {
    let reached = 0;
    const port = await receiver('127.0.0.1', (_req, res) => {
      reached += 1;
      res.end('second');
    });
    await receiver('127.0.0.2', (req) => req.socket.destroy(), port);
    await expect(send(port, '127.0.0.2', '127.0.0.1')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(reached).toBe(0);
  });

  it('reads nothing of the answer for a delivery, so a receiver slow with its body holds nothing up', async () => {
    const port = await receiver('127.0.0.1', (_req, res) => {
      res.writeHead(200);
      res.write('first words');
      // …and the rest never comes.
    });
    const answer = await postWebhook(
      `http://hooks.example.test:${port}/in`,
      '{}',
      {},
      {
        localSink: `http://hooks.example.test:${port}`,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      },
    );
    expect(answer).toEqual({ status: 200, text: '' });
  });

  it('throws the first refusal when every address refuses', async () => {
    const port = await receiver('127.0.0.1', (_req, res) => res.end());
    await new Promise((done) => servers.pop()?.close(done));
    await expect(send(port, '127.0.0.2', '127.0.0.1')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
      address: '127.0.0.2',
    });
  });
});
