/** Telegram and Discord for a sender: the providers' clients, the stored links, one pacer per instance. */
import { DISCORD_RATES, Pacer, TELEGRAM_RATES } from '@price-alerts/domain/notify';
import type { Firestore } from 'firebase-admin/firestore';
import { postDiscord } from '../chat/discordApi';
import { telegramApi } from '../chat/telegramApi';
import { discordWebhookOf, removeDiscordWebhook } from '../repositories/discordWebhooks';
import { buttonData, saveTelegramButtons, telegramButtonsKey } from '../repositories/telegramButtons';
import { unlinkTelegramChat } from '../repositories/telegramLinks';
import type { ChatDeps, ChatLinks } from './chatChannel';

export function chatLinks(db: Firestore): ChatLinks {
  return {
    unlinkTelegram: (userId, chatId, reason) => unlinkTelegramChat(db, userId, chatId, reason),
    discordUrl: (userId) => discordWebhookOf(db, userId),
    removeDiscord: async (userId, reason, url) => {
      await removeDiscordWebhook(db, userId, reason, url);
    },
    saveButtons: (key, buttons) => saveTelegramButtons(db, key, buttons),
    buttonsKey: telegramButtonsKey,
    buttonData,
  };
}

/** `telegramBase`: the Bot API's origin (empty: Telegram's own); `fetchImpl`: a test's, else the platform's. */
export function chatDeps(
  db: Firestore,
  {
    telegramToken,
    telegramBase = '',
    fetchImpl = fetch,
  }: { telegramToken?: string; telegramBase?: string; fetchImpl?: typeof fetch },
): ChatDeps {
  return {
    ...(telegramToken ? { telegram: telegramApi(telegramToken, telegramBase, fetchImpl) } : {}),
    discord: (url, message) => postDiscord(url, message, fetchImpl),
    links: chatLinks(db),
    pacing: { telegram: new Pacer(TELEGRAM_RATES.overall), discord: new Pacer(DISCORD_RATES.overall) },
  };
}
