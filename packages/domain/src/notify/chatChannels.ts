/**
 * Telegram and Discord as a user's channels: what is stored (the profile's part the owner reads, the
 * server's own documents no client may touch), and what the two callables take and answer
 * (docs/chat-channels.md). The messages themselves are telegram.ts's and discord.ts's.
 */
import { z } from '../common/zod.ts';

const safeInt = z.number().check(z.refine(Number.isSafeInteger, 'an integer'));
const ms = z.number().check(z.refine(Number.isFinite, 'a time in ms'));
const reason = z.string().check(z.minLength(1), z.maxLength(200));

/** Chat titles and names are the user's own words: kept short on the screen. */
export const CHAT_NAME_MAX = 128;

/**
 * users/{uid}.telegram, written by the functions only. Linked: the chat a firing is sent to (its id,
 * for the sender, saving a read per firing) and its name for the screen. Lost: the link ended on
 * Telegram's side (/stop in the chat, the bot blocked, the chat gone), said on the screen until the
 * user connects again or dismisses it. Disconnecting from the app removes the field.
 */
export const telegramProfileSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('linked'),
    chatId: safeInt,
    chatName: z.string().check(z.maxLength(CHAT_NAME_MAX)),
    linkedAt: ms,
  }),
  z.object({ state: z.literal('lost'), reason, at: ms }),
]);
export type TelegramProfile = z.infer<typeof telegramProfileSchema>;

/**
 * users/{uid}.discord, written by the functions only. Linked: the webhook's id for the screen (the URL
 * holds the webhook's token, a credential: it stays in discordWebhooks/{uid}). Lost: Discord said the
 * webhook no longer exists, so it was removed.
 */
export const discordProfileSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('linked'), webhookId: z.string().check(z.regex(/^\d{17,20}$/)), since: ms }),
  z.object({ state: z.literal('lost'), reason, at: ms }),
]);
export type DiscordProfile = z.infer<typeof discordProfileSchema>;

/**
 * telegramCodes/{sha256 of the code}: the code's owner and when it ends (ms; `expireAt`, the same time as a
 * Timestamp, is for the TTL policy only). Used once.
 */
export const telegramCodeSchema = z.object({ userId: z.string().check(z.minLength(1)), expiresAt: ms });

/** telegramChats/{chatId}: whose the chat is, for /stop and a button's tap. One user per chat. */
export const telegramChatSchema = z.object({ userId: z.string().check(z.minLength(1)), linkedAt: ms });

/** Buttons one Telegram message carries: Telegram allows 64 bytes of data, so the tokens wait here. */
export const TELEGRAM_BUTTONS_MAX = 3;

/**
 * telegramButtons/{key}: one firing's message, named from its delivery (so a retry writes the same
 * document): the chat and user it was sent to, each button's signed action token and label (button n's
 * data is `act:<key>_<n>`), the text, and when the tokens end (ms; `expireAt`, the same
 * time as a Timestamp, is for the TTL policy only).
 */
export const telegramButtonsSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  chatId: safeInt,
  deliveryId: z.string().check(z.minLength(1)),
  tokens: z.array(z.string().check(z.maxLength(1024))).check(z.maxLength(TELEGRAM_BUTTONS_MAX)),
  labels: z.array(z.string().check(z.maxLength(40))).check(z.maxLength(TELEGRAM_BUTTONS_MAX)),
  /** The message's text as sent (HTML mode): a tap's edit says what was done under it. */
  text: z.string().check(z.maxLength(4_096)),
  expiresAt: ms,
});
export type TelegramButtons = z.infer<typeof telegramButtonsSchema>;

/** discordWebhooks/{uid}: the webhook's URL in its canonical form (discordWebhookUrl). */
export const discordWebhookSchema = z.object({ url: z.string().check(z.maxLength(300)), since: ms });

/** What `manageTelegram` takes: a new link code, or to unlink the chat. */
export const telegramRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('link') }),
  z.strictObject({ op: z.literal('disconnect') }),
]);
export type TelegramRequest = z.infer<typeof telegramRequestSchema>;
export type TelegramResponse = { op: 'link'; url: string; expiresAt: number } | { op: 'disconnect' };

/** What `manageDiscord` takes: a webhook URL to save, a test to send, or removal. */
export const discordRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('save'), url: z.string().check(z.maxLength(2_000)) }),
  z.strictObject({ op: z.literal('test') }),
  z.strictObject({ op: z.literal('remove') }),
]);
export type DiscordRequest = z.infer<typeof discordRequestSchema>;
export type DiscordResponse =
  | { op: 'save'; webhookId: string }
  | { op: 'test'; sent: true }
  | { op: 'test'; sent: false; error: string }
  | { op: 'remove' };

// What the screen and the history say of a link that ended on the provider's side.
export const TELEGRAM_STOPPED = 'Disconnected with /stop in Telegram';
export const TELEGRAM_BLOCKED = 'The bot was blocked in Telegram, so Telegram was disconnected';
export const TELEGRAM_CHAT_GONE = 'The Telegram chat is gone, so Telegram was disconnected';
export const TELEGRAM_RELINKED = 'This Telegram chat was connected to another account';
export const DISCORD_GONE = 'Discord says the webhook was deleted, so Discord was removed';
export const MSG_TELEGRAM_NOT_LINKED = 'Telegram is not connected';
export const MSG_DISCORD_NOT_LINKED = 'No Discord webhook is set up';
export const MSG_DISCORD_URL =
  'Paste the webhook URL from Discord: Server Settings › Integrations › Webhooks › Copy Webhook URL (https://discord.com/api/webhooks/…)';
export const MSG_DISCORD_TEST_SPACING = 'Wait a few seconds before sending another test.';
