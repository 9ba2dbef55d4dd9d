import { onCall, onRequest } from 'firebase-functions/v2/https';
import { telegramApi } from '../chat/telegramApi';
import { handleManageTelegram } from '../chat/telegramLink';
import { handleTelegramUpdate, replyLimit } from '../chat/telegramUpdates';
import { telegramWebhookHandler } from '../chat/telegramWebhook';
import { db } from '../lib/firebase';
import {
  ACTION_SIGNING_KEY,
  TELEGRAM_API_BASE,
  TELEGRAM_BOT_TOKEN,
  TELEGRAM_BOT_USERNAME,
  TELEGRAM_WEBHOOK_SECRET,
} from '../lib/params';

/**
 * 'Connect Telegram' and 'Disconnect' (docs/chat-channels.md): a link code for the signed-in caller, or
 * the link removed. It needs no secret: the bot's webhook does the linking.
 */
export const manageTelegram = onCall({ maxInstances: 10 }, (request) =>
  handleManageTelegram({ db, botUsername: TELEGRAM_BOT_USERNAME.value() }, request),
);

/** Per instance, as long as it lives. */
const replies = replyLimit();

/** The bot's webhook, which setWebhook names (npm run telegram:webhook; locally, npm start). */
export const telegramWebhook = onRequest(
  { secrets: [TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET, ACTION_SIGNING_KEY], maxInstances: 10 },
  telegramWebhookHandler(() => {
    const deps = {
      db,
      api: telegramApi(TELEGRAM_BOT_TOKEN.value(), TELEGRAM_API_BASE.value()),
      signingKey: ACTION_SIGNING_KEY.value(),
      replies,
    };
    return { secret: TELEGRAM_WEBHOOK_SECRET.value(), handle: (update) => handleTelegramUpdate(deps, update) };
  }),
);
