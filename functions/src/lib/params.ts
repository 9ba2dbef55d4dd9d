/**
 * Deploy-time configuration. Missing values stop the deploy (or the emulator) with the parameter's
 * name; functions/.env.local and .secret.local hold the emulators' values (the local mail sink).
 */
import { defineSecret, defineString } from 'firebase-functions/params';
import { loopbackOrigin } from '../webhooks/addresses';

export const SENDGRID_API_KEY = defineSecret('SENDGRID_API_KEY');
/** Shared with the ingest service only: it signs the interval messages, the evaluator checks them. */
export const INTERVALS_SIGNING_KEY = defineSecret('INTERVALS_SIGNING_KEY');
/** The functions' own: signs the action links of pushes and emails (actions/signing.ts), and checks them. */
export const ACTION_SIGNING_KEY = defineSecret('ACTION_SIGNING_KEY');
/** The sender address, verified in SendGrid, e.g. "Price Alerts <alerts@example.com>". */
export const MAIL_FROM = defineString('MAIL_FROM', { description: 'Sender address of alert emails' });
/** Where the app is served; email links open `${APP_URL}/dashboard?alert=…`. */
export const APP_URL = defineString('APP_URL', { description: 'Public URL of the web app' });
/** Only for the emulators' local SendGrid-compatible sink; empty means SendGrid itself. */
export const SENDGRID_BASE_URL = defineString('SENDGRID_BASE_URL', { default: '' });

/** The bot's token from @BotFather: the sender and the bot's webhook call the Bot API with it. */
export const TELEGRAM_BOT_TOKEN = defineSecret('TELEGRAM_BOT_TOKEN');
/**
 * setWebhook's `secret_token` (1 to 256 of A-Za-z0-9_-): Telegram sends it in every update's
 * X-Telegram-Bot-Api-Secret-Token header, and the bot's webhook refuses any request without it.
 */
export const TELEGRAM_WEBHOOK_SECRET = defineSecret('TELEGRAM_WEBHOOK_SECRET');
/** The bot's username, without the @: 'Connect Telegram' opens https://t.me/<it>?start=<code>. */
export const TELEGRAM_BOT_USERNAME = defineString('TELEGRAM_BOT_USERNAME', {
  description: "The Telegram bot's username",
});
/** Only for the emulators' Telegram stand-in; empty means https://api.telegram.org. */
export const TELEGRAM_API_BASE = defineString('TELEGRAM_API_BASE', { default: '' });

/** The Functions emulator sets this; it has no FCM, so push goes through the local channel. */
export const onEmulator = (): boolean => process.env.FUNCTIONS_EMULATOR === 'true';

/**
 * The local stack's webhook sink, on a loopback address over http: WEBHOOK_LOCAL_SINK in
 * functions/.env.local names its origin, the one non-public address a webhook may use, and only on
 * the emulator with a demo project, which no deployed project can be, whatever its environment says.
 * Every other address is judged as in production.
 */
export const localWebhookSink = (): string | undefined => LOCAL_WEBHOOK_SINK;

/** Read as the functions load, so a malformed value stops them there, naming it, not a send later. */
function readLocalWebhookSink(): string | undefined {
  const value = process.env.WEBHOOK_LOCAL_SINK;
  if (!value || !onEmulator() || !demoProject()) return undefined;
  return loopbackOrigin('WEBHOOK_LOCAL_SINK', value);
}

/**
 * The local stack's Discord stand-in, as WEBHOOK_LOCAL_SINK is the webhook sink's: DISCORD_LOCAL_STAND_IN
 * in functions/.env.local names its origin, the one address besides Discord's own hosts a Discord
 * webhook may use, and only on the emulator with a demo project.
 */
export const localDiscord = (): string | undefined => LOCAL_DISCORD;

function readLocalDiscord(): string | undefined {
  const value = process.env.DISCORD_LOCAL_STAND_IN;
  if (!value || !onEmulator() || !demoProject()) return undefined;
  return loopbackOrigin('DISCORD_LOCAL_STAND_IN', value);
}

/** Firebase keeps `demo-` project ids for the emulators: no deployed project has one. */
const demoProject = (): boolean =>
  (process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? '').startsWith('demo-');

const LOCAL_WEBHOOK_SINK = readLocalWebhookSink();
const LOCAL_DISCORD = readLocalDiscord();
