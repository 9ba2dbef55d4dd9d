/**
 * One try of a notice on Telegram or Discord, paced by their published limits (chatPacing.ts), with what
 * the provider's answer makes of the channel: sent; waiting for a 429's retry_after; tried again later
 * (network, 5xx); or final, and a chat that blocked the bot or a webhook Discord deleted is unlinked, so
 * the Notifications screen and the history say why.
 */
import {
  DISCORD_GONE,
  DISCORD_RATES,
  MSG_DISCORD_NOT_LINKED,
  MSG_TELEGRAM_NOT_LINKED,
  TELEGRAM_BLOCKED,
  TELEGRAM_CHAT_GONE,
  TELEGRAM_RATES,
  type DiscordEmbed,
  type Pacer,
  type Rate,
  type TelegramButtons,
} from '@price-alerts/domain/notify';
import { webhookGone, type DiscordAnswer, type DiscordMessage } from '../chat/discordApi';
import type { InlineButton, TelegramAnswer, TelegramApi } from '../chat/telegramApi';
import * as logs from '../logs';
import { ProviderError, type NoticeSettings } from './providers';
import { GAVE_UP, failure, sent, skipped, type ChannelAttempt } from './attempts';

/**
 * What a send may wait for its slot in this instance, well within the minute's lease a send holds; a later
 * slot is left `pending` for the sweeper's next look.
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
  /** Waits until a paced slot's time on the window's clock; a test may move its own clock instead. */
  waitUntil?: (at: number, clock: () => number) => Promise<void>;
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

/**
 * When a send may go: `clock` is read at each step (a send paced behind others starts later than the run
 * did), and no paced slot later than `sendBy` is waited for, so a run's sending ends well within its lease.
 */
export interface SendWindow {
  clock: () => number;
  sendBy: number;
}

/** A single notice's window: the sender's clock, and the longest a send may wait. */
export const sendWindow = (clock: () => number, waitMs = MAX_PACE_WAIT_MS): SendWindow => ({
  clock,
  sendBy: clock() + waitMs,
});

export const TELEGRAM_UNAVAILABLE = 'Telegram is not available on this server';
/** The history's reason when the bot's own token was refused on every try: ours to fix, not the user's. */
export const BOT_REFUSED = 'Telegram did not accept the service’s bot, so nothing was sent';
export const DISCORD_UNAVAILABLE = 'Discord is not available on this server';

const sleepUntil = (at: number, clock: () => number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - clock())));

/**
 * Waits for the send's slot (undefined: send now), or answers when to try again: the slot's time when it
 * is later than the window allows, or now when the window is over (the sweeper's next look then).
 */
async function paced(deps: ChatDeps, pacer: Pacer, key: string, rate: Rate, window: SendWindow) {
  const wait = deps.waitUntil ?? sleepUntil;
  for (;;) {
    const now = window.clock();
    if (now >= window.sendBy) return Math.ceil(now);
    const maxWait = Math.min(MAX_PACE_WAIT_MS, window.sendBy - now);
    const slot = pacer.reserve(key, rate, now, maxWait);
    if (slot.taken) {
      if (slot.at > now) await wait(slot.at, window.clock);
      return undefined;
    }
    if (slot.at - now > maxWait) return Math.ceil(slot.at);
    // The chat's own time comes within the window: the overall slot is asked for then.
    await wait(slot.at, window.clock);
  }
}

/**
 * A 429: this instance holds back from the chat (or the provider, when the limit was global) for as long as
 * asked, and the channel waits too. Not counted as an attempt: the provider asked for a later try.
 */
function tooMany(
  attempts: number,
  retryAfterS: number,
  window: SendWindow,
  block: (until: number) => void,
): ChannelAttempt {
  const notBefore = window.clock() + Math.ceil(Math.max(retryAfterS, 1) * 1000);
  block(notBefore);
  return {
    state: { state: 'pending', attempts: attempts - 1, lastError: `429: retry after ${retryAfterS} s`, notBefore },
  };
}

export async function attemptTelegram(
  deps: ChatDeps,
  to: ChatRecipient,
  notice: TelegramNotice,
  attempts: number,
  window: SendWindow,
): Promise<ChannelAttempt> {
  const chat = to.settings.telegram;
  // Nothing was tried, so the attempt is not counted.
  if (!deps.telegram) return skipped(attempts - 1, TELEGRAM_UNAVAILABLE);
  if (!chat) return skipped(attempts - 1, MSG_TELEGRAM_NOT_LINKED);
  const key = String(chat.chatId);
  const rate = TELEGRAM_RATES.chat;
  const later = await paced(deps, deps.pacing.telegram, key, rate, window);
  if (later !== undefined) return { state: { state: 'pending', attempts: attempts - 1, notBefore: later } };
  const buttonsKey = notice.actions.length ? deps.links.buttonsKey(to.noticeId) : undefined;
  let buttons: InlineButton[] | undefined;
  if (buttonsKey) {
    await deps.links.saveButtons(buttonsKey, {
      userId: to.userId,
      chatId: chat.chatId,
      deliveryId: to.noticeId,
      tokens: notice.actions.map((a) => a.token),
      labels: notice.actions.map((a) => a.label),
      text: notice.text,
      expiresAt: notice.expiresAt,
    });
    buttons = notice.actions.map((a, n) => ({ text: a.label, callback_data: deps.links.buttonData(buttonsKey, n) }));
  }
  let answer: TelegramAnswer<{ message_id: number }>;
  try {
    answer = await deps.telegram.sendMessage(chat.chatId, notice.text, buttons);
  } catch (error) {
    return failure('telegram', attempts, error);
  }
  if (answer.ok) return sent(attempts);
  const lastError = `${answer.status}: ${answer.description}`;
  // Telegram's 429 does not say whether the chat's limit or the bot's was hit: with several instances
  // sending, the bot's is the likelier, so this instance holds back from every chat until then.
  if (answer.status === 429)
    return tooMany(attempts, answer.retryAfter ?? 1, window, (until) => {
      deps.pacing.telegram.block(key, rate, until);
      deps.pacing.telegram.block(undefined, rate, until);
    });
  // The bot's token refused (revoked, or a wrong one deployed): ours to fix, and the message may go once it is.
  if (answer.status === 401 || answer.status === 404) {
    logs.chatProviderRefusedUs('telegram', lastError);
    const tried = failure('telegram', attempts, new ProviderError(lastError, true));
    return tried.state.state === 'failed' ? { ...tried, reason: BOT_REFUSED } : tried;
  }
  const gone =
    answer.status === 403
      ? TELEGRAM_BLOCKED
      : answer.status === 400 && /chat not found/i.test(answer.description)
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
  window: SendWindow,
): Promise<ChannelAttempt> {
  const hook = to.settings.discord;
  if (!deps.discord) return skipped(attempts - 1, DISCORD_UNAVAILABLE);
  const url = hook ? await deps.links.discordUrl(to.userId) : undefined;
  if (!hook || !url) return skipped(attempts - 1, MSG_DISCORD_NOT_LINKED);
  const later = await paced(deps, deps.pacing.discord, hook.webhookId, DISCORD_RATES.webhook, window);
  if (later !== undefined) return { state: { state: 'pending', attempts: attempts - 1, notBefore: later } };
  let answer: DiscordAnswer;
  try {
    answer = await deps.discord(url, { embeds: [embed], allowed_mentions: { parse: [] } });
  } catch (error) {
    return failure('discord', attempts, error);
  }
  if (answer.ok) return sent(attempts);
  const lastError = `${answer.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message}`;
  if (answer.status === 429)
    return tooMany(attempts, answer.retryAfter ?? 1, window, (until) =>
      answer.global
        ? deps.pacing.discord.block(undefined, DISCORD_RATES.overall, until)
        : deps.pacing.discord.block(hook.webhookId, DISCORD_RATES.webhook, until),
    );
  if (webhookGone(answer)) {
    await deps.links.removeDiscord(to.userId, DISCORD_GONE, url);
    logs.chatChannelLost('discord', to.userId, lastError);
    return { state: { state: 'failed', attempts, lastError }, reason: DISCORD_GONE };
  }
  if (answer.status >= 400 && answer.status < 500)
    return { state: { state: 'failed', attempts, lastError }, reason: GAVE_UP.discord.refused };
  return failure('discord', attempts, new ProviderError(lastError, true));
}
