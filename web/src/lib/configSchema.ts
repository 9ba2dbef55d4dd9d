/**
 * The check of the web app's VITE_* environment. It runs where the app is built or served
 * (vite.config.ts), never in the browser: the app reads the checked values with appConfig.ts and
 * ships no zod for it.
 */
import { z } from 'zod';
import { appConfig, type AppConfig, type ConfigEnv } from './appConfig.ts';

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
    // The emulators' local webhook sink (functions/.env.local's WEBHOOK_LOCAL_SINK): an http origin.
    VITE_WEBHOOK_SINK: z
      .url({ protocol: /^http$/, error: 'must be an http:// origin' })
      .refine((value) => URL.parse(value)?.origin === value.replace(/\/$/, ''), 'must be an origin, with no path')
      .optional(),
    // The emulators' Telegram stand-in: 'Connect Telegram' opens its page with the code, not t.me.
    VITE_TELEGRAM_STAND_IN: z
      .url({ protocol: /^http$/, error: 'must be an http:// origin' })
      .refine((value) => URL.parse(value)?.origin === value.replace(/\/$/, ''), 'must be an origin, with no path')
      .optional(),
  })
  .refine((env) => env.VITE_USE_EMULATORS === 'true' || !!env.VITE_FIREBASE_VAPID_KEY, {
    path: ['VITE_FIREBASE_VAPID_KEY'],
    message: 'is required outside the emulators',
  });

/** Fails the build, naming every missing or malformed variable, instead of deep inside the SDK. */
export function parseConfig(env: ConfigEnv): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(
      `The web app's configuration is incomplete: ${problems.join('; ')}. See web/.env.production.example.`,
    );
  }
  return appConfig(result.data);
}
