/**
 * The app's settings from its VITE_* environment, without zod: the build has already checked that
 * environment (configSchema.ts, run from vite.config.ts), so the browser only reads it.
 */
export type ConfigEnv = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function appConfig(env: ConfigEnv) {
  return {
    useEmulators: text(env.VITE_USE_EMULATORS) === 'true',
    emulatorHost: text(env.VITE_EMULATOR_HOST) || '127.0.0.1',
    firebase: {
      apiKey: text(env.VITE_FIREBASE_API_KEY),
      authDomain: text(env.VITE_FIREBASE_AUTH_DOMAIN),
      projectId: text(env.VITE_FIREBASE_PROJECT_ID),
      appId: text(env.VITE_FIREBASE_APP_ID),
      messagingSenderId: text(env.VITE_FIREBASE_MESSAGING_SENDER_ID),
    },
    websiteUrl: text(env.VITE_WEBSITE_URL),
    vapidKey: text(env.VITE_FIREBASE_VAPID_KEY),
    priceFeedUrl: text(env.VITE_PRICE_FEED_URL),
    /** The local webhook sink's origin, the one http:// webhook the emulators take; never outside them. */
    webhookSink: text(env.VITE_USE_EMULATORS) === 'true' ? URL.parse(text(env.VITE_WEBHOOK_SINK))?.origin : undefined,
    /** The local Telegram stand-in's origin, where a t.me link opens on the emulators; never outside them. */
    telegramStandIn:
      text(env.VITE_USE_EMULATORS) === 'true' ? URL.parse(text(env.VITE_TELEGRAM_STAND_IN))?.origin : undefined,
  };
}

export type AppConfig = ReturnType<typeof appConfig>;
