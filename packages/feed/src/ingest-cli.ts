// Entry point of the ingest service (Cloud Run in production, `npm start` locally).
import { z } from 'zod';
import { gcpSinks } from './gcpSinks.ts';
import { IngestService } from './ingest.ts';
import { consoleLogger } from './log.ts';

const env = z
  .object({
    FEED_UPSTREAM_URL: z.url({ error: 'must be the rate provider WebSocket URL' }),
    FEED_API_KEY: z
      .string({ error: 'is required (the rate provider key)' })
      .min(1, 'is required (the rate provider key)'),
    GOOGLE_CLOUD_PROJECT: z.string({ error: 'is required' }).min(1, 'is required'),
    INTERVALS_SIGNING_KEY: z
      .string({ error: 'is required (the secret shared with the functions that signs interval messages)' })
      .min(16, 'must be at least 16 characters (the secret shared with the functions)'),
    PORT: z.coerce.number().int().default(8091),
    HOST: z.string().default('0.0.0.0'),
    WINDOW_MS: z.coerce.number().int().positive().default(1000),
    SILENT_MS: z.coerce.number().int().positive().default(15_000),
    UPSTREAM_GRACE_MS: z.coerce.number().int().positive().default(5_000),
  })
  .safeParse({ ...process.env, GOOGLE_CLOUD_PROJECT: process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT });

if (!env.success) {
  console.error(`Ingest configuration: ${env.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  process.exit(1);
}
const config = env.data;
const upstream = new URL(config.FEED_UPSTREAM_URL);
upstream.searchParams.set('api_key', config.FEED_API_KEY);

const sinks = await gcpSinks({
  projectId: config.GOOGLE_CLOUD_PROJECT,
  signingKey: config.INTERVALS_SIGNING_KEY,
  log: consoleLogger,
}).catch((error: unknown) => {
  consoleLogger.error('Could not set up Pub/Sub and Firestore; check credentials or the emulator hosts', {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
});
const service = await IngestService.start(
  {
    upstreamUrl: upstream.toString(),
    port: config.PORT,
    host: config.HOST,
    windowMs: config.WINDOW_MS,
    silentMs: config.SILENT_MS,
    upstreamGraceMs: config.UPSTREAM_GRACE_MS,
    initialBackoffMs: 250,
    maxBackoffMs: 30_000,
    relayHeartbeatMs: 10_000,
    source: `ingest-${process.pid}`,
  },
  sinks,
  consoleLogger,
);
consoleLogger.info('Ingest service listening', { port: service.port, relay: '/prices', health: '/health' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(
    signal,
    () =>
      void service
        .close()
        .then(() => sinks.close())
        .then(() => process.exit(0)),
  );
}
