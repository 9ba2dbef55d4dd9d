// Entry point of the ingest service (Cloud Run in production, `npm start` locally).
import { RELAY_FEED_KEY_PATTERN } from '@price-alerts/domain/prices';
import { z } from 'zod';
import { gcpSinks } from './ingest/gcpSinks.ts';
import { IngestService } from './ingest/ingest.ts';
import { authEmulatorOnlyForDemo } from './shared/emulatorGuard.ts';
import { consoleLogger } from './shared/log.ts';
import { closeOnSignals } from './shared/shutdown.ts';

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
    RELAY_FEED_KEY: z.optional(
      z
        .string()
        .regex(RELAY_FEED_KEY_PATTERN, 'must be 16 to 256 letters, digits or ._~- (the key the price relays offer)'),
    ),
    // 'off' where the price relays serve the apps (scripts/deploy/deploy-prices.sh, npm start).
    INGEST_APP_SOCKETS: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
    PORT: z.coerce.number().int().default(8091),
    HOST: z.string().default('0.0.0.0'),
    WINDOW_MS: z.coerce.number().int().positive().default(1000),
    SILENT_MS: z.coerce.number().int().positive().default(15_000),
    UPSTREAM_GRACE_MS: z.coerce.number().int().positive().default(5_000),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  })
  .superRefine(authEmulatorOnlyForDemo)
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
    ...(config.RELAY_FEED_KEY ? { feedKey: config.RELAY_FEED_KEY } : {}),
    appSockets: config.INGEST_APP_SOCKETS === 'on',
  },
  sinks,
  consoleLogger,
);
consoleLogger.info('Ingest service listening', {
  port: service.port,
  apps: config.INGEST_APP_SOCKETS === 'on' ? '/prices' : 'off (the price relays serve them)',
  feed: service.feed ? '/feed' : 'off (no RELAY_FEED_KEY)',
  health: '/health',
});
closeOnSignals(() => service.close().then(() => sinks.close()));
