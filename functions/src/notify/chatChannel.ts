/**
 * One try of a notice on Telegram or Discord, paced by their published limits (chatPacing.ts), with what
 * the provider's answer makes of the channel: sent; waiting for a 429's retry_after; tried again later
 * (network, 5xx); or final, and a chat that blocked the bot or a webhook Discord deleted is unlinked, so
 * the Notifications screen and the history say why.
 */
import {
  DISCORD_GONE,
  DISCORD_RATES,
  MAX_DELIVERY_ATTEMPTS,
  MSG_DISCORD_NOT_LINKED,
  MSG_TELEGRAM_NOT_LINKED,
  TELEGRAM_BLOCKED,
  TELEGRAM_CHAT_GONE,
  telegramChatRate,
  type DiscordEmbed,
  type Pacer,
  type TelegramButtons,
} from '@price-alerts/domain/notify';
import { webhookGone, type DiscordAnswer, type DiscordMessage } from '../chat/discordApi';
import type { InlineButton, TelegramAnswer, TelegramApi } from '../chat/telegramApi';
import * as logs from '../logs';
import { ProviderError, type NoticeSettings } from './providers';
import { GAVE_UP, failure, sent, skipped, type ChannelAttempt } from './attempts';

/**
 * What a send may wait for its slot in this instance: well within the minute's lease a send holds, so a run
 * tells about 500 Telegram chats itself (30 a second); a later slot is left for the sweeper's next look.
 */
export const MAX_PACE_WAIT_MS = 15_000;

/** Where the user's links are kept (repositories/telegramLinks.ts, discordWebhooks.ts, telegramButtons.ts). */
export interface ChatLinks {
  unlinkTelegram(userId: string, chatId: number, reason: string): Promise<void>;
  discordUrl(userId: string): Promise<string | undefined>;
  /** Only while it is still `url`: a webhook saved meanwhile stays. */
  removeDiscord(userId: string, reason: string, url: string): Promise<void>;
  /** Stores a message's buttons under `key` before it is sent (a tap carries the message's own id). */
  saveButtons(key: string, buttons: TelegramButtons): Promise<void>;
  /** A message's key from its notice's id (the delivery's), and button n's callback data. */
  buttonsKey(noticeId: string): string;
  buttonData(key: string, n: number): string;
}

export interface ChatDeps {
  telegram?: TelegramApi | undefined;
  discord?: ((url: string, message: DiscordMessage) => Promise<DiscordAnswer>) | undefined;
  links: ChatLinks;
  pacing: { telegram: Pacer; discord: Pacer };
  /** Waits for a paced slot; a test may pass one that does not sleep. */
  wait?: (ms: number) => Promise<void>;
}

/** What a Telegram notice says, and the buttons it carries with their tokens until they expire. */
export interface TelegramNotice {
  text: string;
  actions: readonly { label: string; token: string }[];
  /** When the action tokens end (ms): the buttons' document goes with them. */
  expiresAt: number;
}

/** Who a notice goes to: the user, the notice's own id (a delivery's or a digest's), their settings. */
export interface ChatRecipient {
  userId: string;
  noticeId: string;
  settings: NoticeSettings;
}

export const TELEGRAM_UNAVAILABLE = 'Telegram is not available on this server';
export const DISCORD_UNAVAILABLE = 'Discord is not available on this server';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for the slot, or says to try at its time when it is further off than a send may wait. */
async function paced(deps: ChatDeps, pacer: Pacer, key: string, rate: Parameters<Pacer['reserve']>[1], now: number) {
  const slot = pacer.reserve(key, rate, now, MAX_PACE_WAIT_MS);
  if (!slot.taken) return Math.ceil(slot.at);
  if (slot.at > now) await (deps.wait ?? sleep)(slot.at - now);
  return undefined;
}

/** A 429: wait as the provider asked, counted as a try so a provider that always refuses is given up. */
function tooMany(channel: 'telegram' | 'discord', attempts: number, retryAfterS: number, now: number): ChannelAttempt {
  const lastError = `429: retry after ${retryAfterS} s`;
  if (attempts >= MAX_DELIVERY_ATTEMPTS) return failure(channel, attempts, new ProviderError(lastError, true));
  return { state: { state: 'pending', attempts, lastError, notBefore: now + Math.ceil(retryAfterS * 1000) } };
}

export async function attemptTelegram(
  deps: ChatDeps,
  to: ChatRecipient,
  notice: TelegramNotice,
  attempts: number,
  now: number,
): Promise<ChannelAttempt> {
  const chat = to.settings.telegram;
  // Nothing was tried, so the attempt is not counted.
  if (!deps.telegram) return skipped(attempts - 1, TELEGRAM_UNAVAILABLE);
  if (!chat) return skipped(attempts - 1, MSG_TELEGRAM_NOT_LINKED);
  const later = await paced(deps, deps.pacing.telegram, String(chat.chatId), telegramChatRate(chat.chatId), now);
  if (later !== undefined) return { state: { state: 'pending', attempts: attempts - 1, notBefore: later } };
  const key = notice.actions.length ? deps.links.buttonsKey(to.noticeId) : undefined;
  let buttons: InlineButton[] | undefined;
  if (key) {
    await deps.links.saveButtons(key, {
      userId: to.userId,
      chatId: chat.chatId,
      deliveryId: to.noticeId,
      tokens: notice.actions.map((a) => a.token),
      labels: notice.actions.map((a) => a.label),
      text: notice.text,
      expiresAt: notice.expiresAt,
    });
    buttons = notice.actions.map((a, n) => ({ text: a.label, callback_data: deps.links.buttonData(key, n) }));
  }
  let answer: TelegramAnswer<{ message_id: number }>;
  try {
    answer = await deps.telegram.sendMessage(chat.chatId, notice.text, buttons);
  } catch (error) {
    return failure('telegram', attempts, error);
  }
  if (answer.ok) return sent(attempts);
  const lastError = `${answer.status}: ${answer.description}`;
  if (answer.status === 429) return tooMany('telegram', attempts, answer.retryAfter ?? 1, now);
  const gone =
    answer.status === 403
      ? TELEGRAM_BLOCKED
      : answer.status === 400 && /chat not found|upgraded to a supergroup/i.test(answer.description)
        ? TELEGRAM_CHAT_GONE
        : undefined;
  if (gone) {
    await deps.links.unlinkTelegram(to.userId, chat.chatId, gone);
    logs.chatChannelLost('telegram', to.userId, lastError);
    return { state: { state: 'failed', attempts, lastError }, reason: gone };
  }
  if (answer.status >= 400 && answer.status < 500)
    return { state: { state: 'failed', attempts, lastError }, reason: GAVE_UP.telegram.refused };
  return failure('telegram', attempts, new ProviderError(lastError, true));
}

export async function attemptDiscord(
  deps: ChatDeps,
  to: ChatRecipient,
  embed: DiscordEmbed,
  attempts: number,
  now: number,
): Promise<ChannelAttempt> {
  const hook = to.settings.discord;
  if (!deps.discord) return skipped(attempts - 1, DISCORD_UNAVAILABLE);
  const url = hook ? await deps.links.discordUrl(to.userId) : undefined;
  if (!hook || !url) return skipped(attempts - 1, MSG_DISCORD_NOT_LINKED);
  const later = await paced(deps, deps.pacing.discord, hook.webhookId, DISCORD_RATES.webhook, now);
  if (later !== undefined) return { state: { state: 'pending', attempts: attempts - 1, notBefore: later } };
  let answer: DiscordAnswer;
  try {
    answer = await deps.discord(url, { embeds: [embed], allowed_mentions: { parse: [] } });
  } catch (error) {
    return failure('discord', attempts, error);
  }
  if (answer.ok) return sent(attempts);
  const lastError = `${answer.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message}`;
  if (answer.status === 429) return tooMany('discord', attempts, answer.retryAfter ?? 1, now);
  if (webhookGone(answer)) {
    await deps.links.removeDiscord(to.userId, DISCORD_GONE, url);
    logs.chatChannelLost('discord', to.userId, lastError);
    return { state: { state: 'failed', attempts, lastError }, reason: DISCORD_GONE };
  }
  if (answer.status >= 400 && answer.status < 500)
    return { state: { state: 'failed', attempts, lastError }, reason: GAVE_UP.discord.refused };
  return failure('discord', attempts, new ProviderError(lastError, true));
}
