// An ingest service on a loopback port for tests over real sockets: Pub/Sub and Firestore are
// stand-ins (no emulators), tokens are checked as in testRelay.ts ('good-<uid>' passes).
import { IngestService, type IngestConfig, type IngestSinks } from '../ingest/ingest.ts';
import { recordingLogger } from '../shared/log.ts';
import { verifyToken } from './testRelay.ts';

export const standInSinks: IngestSinks = {
  publishIntervals: async () => {},
  saveLatest: async () => {},
  verifyToken,
};

/** Quick retries and a short-lived window; `config` overrides any of it. */
export function startTestIngest(
  upstreamUrl: string,
  config: Partial<IngestConfig> = {},
  log = recordingLogger(),
): Promise<IngestService> {
  return IngestService.start(
    {
      upstreamUrl,
      port: 0,
      host: '127.0.0.1',
      windowMs: 1_000,
      silentMs: 5_000,
      initialBackoffMs: 20,
      maxBackoffMs: 100,
      relayHeartbeatMs: 60_000,
      source: 'test-ingest',
      ...config,
    },
    standInSinks,
    log,
  );
}

/**
 * A service whose upstream is nowhere (no tick but the test's), with these sinks over the stand-ins: for
 * what a start reads from the store and a stop writes to it.
 */
export async function startOfflineIngest(sinks: Partial<IngestSinks>, source: string) {
  const log = recordingLogger();
  const service = await IngestService.start(
    {
      upstreamUrl: 'ws://127.0.0.1:9/none',
      port: 0,
      host: '127.0.0.1',
      windowMs: 1_000,
      silentMs: 60_000,
      initialBackoffMs: 60_000,
      maxBackoffMs: 60_000,
      relayHeartbeatMs: 60_000,
      source,
    },
    { ...standInSinks, ...sinks },
    log,
  );
  return { service, log };
}
