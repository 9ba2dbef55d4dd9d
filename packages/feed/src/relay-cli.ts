// Entry point of a price relay (Cloud Run in production, two of them under `npm start`).
import { RELAY_FEED_KEY_PATTERN } from '@price-alerts/domain/prices';
import { z } from 'zod';
import { firebaseTokenVerifier } from './relay/appTokens.ts';
import { authEmulatorOnlyForDemo } from './shared/emulatorGuard.ts';
import { consoleLogger } from './shared/log.ts';
import { closeOnSignals } from './shared/shutdown.ts';
import { RelayService } from './relay/relayService.ts';

const env = z
  .object({
    RELAY_FEED_URL: z
      .url({ error: "must be the ingest service's feed, e.g. wss://ingest.example/feed" })
      // The key goes in the handshake: in clear text only over loopback.
      .refine(
        (url) => url.startsWith('wss://') || /^ws:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url),
        'must be wss:// (the feed key travels in it); ws:// only to 127.0.0.1',
      ),
    RELAY_FEED_KEY: z
      .string({ error: 'is required (the key the ingest service expects from relays)' })
      .regex(RELAY_FEED_KEY_PATTERN, 'must be 16 to 256 letters, digits or ._~-'),
    GOOGLE_CLOUD_PROJECT: z.string({ error: 'is required (the project users sign in to)' }).min(1, 'is required'),
    // Below Cloud Run's request timeout (60 min at most), which would cut sockets abnormally.
    RELAY_SOCKET_LIFETIME_MS: z.coerce
      .number()
      .int()
      .refine((ms) => ms === 0 || ms >= 60_000, 'must be 0 (never) or at least 60000: apps reconnect each time')
      .default(50 * 60_000),
    // Within the 10 s Cloud Run gives an instance between SIGTERM and its end.
    RELAY_DRAIN_MS: z.coerce.number().int().nonnegative().default(8_000),
    PORT: z.coerce.number().int().default(8080),
    HOST: z.string().default('0.0.0.0'),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  })
  .superRefine(authEmulatorOnlyForDemo)
  .safeParse({ ...process.env, GOOGLE_CLOUD_PROJECT: process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT });

if (!env.success) {
  console.error(`Relay configuration: ${env.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  process.exit(1);
}
const config = env.data;
const tokens = firebaseTokenVerifier(config.GOOGLE_CLOUD_PROJECT);
const service = await RelayService.start(
  {
    feedUrl: config.RELAY_FEED_URL,
    feedKey: config.RELAY_FEED_KEY,
    port: config.PORT,
    host: config.HOST,
    heartbeatMs: 10_000,
    relay: { socketLifetimeMs: config.RELAY_SOCKET_LIFETIME_MS, drainMs: config.RELAY_DRAIN_MS },
  },
  (token, freshSince) => tokens.verifyToken(token, freshSince),
  consoleLogger,
);
consoleLogger.info('Relay listening', { port: service.port, prices: '/prices', health: '/health' });
closeOnSignals(() => service.close().then(() => tokens.close()));
