// The entry points fail fast, naming what is missing or wrong, before they open anything.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// Each case starts tsx and an entry point: seconds each while the whole unit suite shares two cores.
vi.setConfig({ testTimeout: 30_000 });
const TSX = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx');
const run = (entry: string, env: Record<string, string>) => {
  const result = spawnSync(TSX, [join(import.meta.dirname, entry)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, said: result.stderr };
};
const RELAY = {
  RELAY_FEED_URL: 'wss://ingest.example/feed',
  RELAY_FEED_KEY: 'relay-feed-key-0123456789',
  GOOGLE_CLOUD_PROJECT: 'demo-x',
};

describe('relay-cli', () => {
  it.each([
    ['no feed key', { ...RELAY, RELAY_FEED_KEY: '' }, 'RELAY_FEED_KEY'],
    [
      'a feed in clear text to another host',
      { ...RELAY, RELAY_FEED_URL: 'ws://ingest.example/feed' },
      'must be wss://',
    ],
    ['a socket lifetime under a minute', { ...RELAY, RELAY_SOCKET_LIFETIME_MS: '5000' }, 'RELAY_SOCKET_LIFETIME_MS'],
    [
      "the Auth emulator's unsigned tokens for a project that is not a demo",
      { ...RELAY, GOOGLE_CLOUD_PROJECT: 'price-alerts-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      'FIREBASE_AUTH_EMULATOR_HOST is set, but price-alerts-prod is not a demo- project',
    ],
  ])('refuses %s', (_label, env, named) => {
    const { status, said } = run('relay-cli.ts', env);
    expect(status).toBe(1);
    expect(said).toContain('Relay configuration');
    expect(said).toContain(named);
  });
});

describe('ingest-cli', () => {
  it('refuses app sockets that are neither on nor off', () => {
    const { status, said } = run('ingest-cli.ts', {
      FEED_UPSTREAM_URL: 'wss://rates.example/ws',
      FEED_API_KEY: 'k',
      GOOGLE_CLOUD_PROJECT: 'demo-x',
      INTERVALS_SIGNING_KEY: 'signing-key-0123456789',
      INGEST_APP_SOCKETS: 'maybe',
    });
    expect(status).toBe(1);
    expect(said).toContain("INGEST_APP_SOCKETS must be 'on' or 'off'");
  });
});
