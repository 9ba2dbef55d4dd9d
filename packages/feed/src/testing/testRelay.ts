// A relay on a loopback port for tests, with a stand-in token check ('good-<uid>' passes).
import type { CurrencyPair } from '@price-alerts/domain/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { recordingLogger } from '../shared/log.ts';
import { Relay, type RelayOptions, type VerifiedToken } from '../relay/relay.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** 'good-<uid>' passes, 'slow-<uid>' passes after 200 ms, 'slowbad' fails after 200 ms, the rest fail at once. */
export async function verifyToken(token: string): Promise<VerifiedToken> {
  if (token.startsWith('good-')) return { uid: token.slice(5), exp: inAnHour() };
  if (token.startsWith('slow-')) {
    await sleep(200);
    return { uid: token.slice(5), exp: inAnHour() };
  }
  if (token === 'slowbad') await sleep(200);
  throw new Error('Invalid token');
}

export interface TestRelay {
  relay: Relay;
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function startTestRelay(options: Partial<RelayOptions> = {}): Promise<TestRelay> {
  const server: Server = createServer();
  const relay = new Relay({ verifyToken, heartbeatMs: 60_000, log: recordingLogger(), flushMs: 10, ...options });
  relay.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    relay,
    port,
    url: `ws://127.0.0.1:${port}/prices`,
    async stop() {
      await relay.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const tick = (pair: CurrencyPair, ask: number, timestamp = Date.now()) => ({
  pair,
  ask,
  bid: ask - 0.0001,
  timestamp,
  symbol: '',
});
