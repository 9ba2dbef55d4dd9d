// This module parses at load, and the bundler may place it in a chunk that runs before the entry's
// own first import: it makes zod jitless itself rather than rely on main.tsx having done so.
import './zodJitless';
import { z } from 'zod';

const nonEmpty = z.string().trim().min(1, 'is required');

const configSchema = z
  .object({
    VITE_USE_EMULATORS: z.enum(['true', 'false']).default('false'),
    VITE_EMULATOR_HOST: z.string().default('127.0.0.1'),
    VITE_FIREBASE_API_KEY: nonEmpty,
    VITE_FIREBASE_AUTH_DOMAIN: nonEmpty,
    VITE_FIREBASE_PROJECT_ID: nonEmpty,
    VITE_FIREBASE_APP_ID: nonEmpty,
    VITE_FIREBASE_MESSAGING_SENDER_ID: nonEmpty,
    VITE_WEBSITE_URL: z.url(),
    // Web-push public key (Firebase console > Cloud Messaging). The emulators use the local channel instead.
    VITE_FIREBASE_VAPID_KEY: z.string().trim().optional(),
    // The ingest service's relay; the app never talks to the rate provider itself.
    VITE_PRICE_FEED_URL: z.url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// URL' }),
  })
  .refine((env) => env.VITE_USE_EMULATORS === 'true' || !!env.VITE_FIREBASE_VAPID_KEY, {
    path: ['VITE_FIREBASE_VAPID_KEY'],
    message: 'is required outside the emulators',
  });

export type AppConfig = ReturnType<typeof parseConfig>;

/** Fails at start-up, naming every missing or malformed variable, instead of deep inside the SDK. */
export function parseConfig(env: Record<string, unknown>) {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(
      `The web app's configuration is incomplete: ${problems.join('; ')}. See web/.env.production.example.`,
    );
  }
  const env_ = result.data;
  return {
    useEmulators: env_.VITE_USE_EMULATORS === 'true',
    emulatorHost: env_.VITE_EMULATOR_HOST,
    firebase: {
      apiKey: env_.VITE_FIREBASE_API_KEY,
      authDomain: env_.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env_.VITE_FIREBASE_PROJECT_ID,
      appId: env_.VITE_FIREBASE_APP_ID,
      messagingSenderId: env_.VITE_FIREBASE_MESSAGING_SENDER_ID,
    },
    websiteUrl: env_.VITE_WEBSITE_URL,
    vapidKey: env_.VITE_FIREBASE_VAPID_KEY ?? '',
    priceFeedUrl: env_.VITE_PRICE_FEED_URL,
  };
}

export const config = parseConfig(import.meta.env);
